#!/usr/bin/env bash
# Installs the Debian packages inlinetune needs; a no-op when all are present.
# Usage: scripts/install-deps.sh [plugin|check|demo]   (default: check)
set -eu

base=(make g++ g++-11 g++-12 gcc-11 gcc-12 gcc-11-plugin-dev gcc-12-plugin-dev
      libiberty-dev libinih-dev libzstd-dev nlohmann-json3-dev zstd libgtest-dev llvm-14-tools
      python3 python3-jsonschema binutils libcli11-dev libelf-dev libfmt-dev)
cross=(gcc-11-aarch64-linux-gnu gcc-12-aarch64-linux-gnu
       g++-11-aarch64-linux-gnu g++-12-aarch64-linux-gnu
       gcc-11-plugin-dev-aarch64-linux-gnu gcc-12-plugin-dev-aarch64-linux-gnu
       binutils-aarch64-linux-gnu)
kernel=(linux-source-6.1 bc flex bison libssl-dev libelf-dev xz-utils cpio time)

want=("${base[@]}" "${cross[@]}")
case "${1:-check}" in
  plugin) want=("${base[@]}") ;;
  check|demo) want+=("${kernel[@]}") ;;
  *) echo "install-deps.sh: unknown set '$1' (plugin, check, demo)" >&2; exit 2 ;;
esac

missing=()
for p in "${want[@]}"; do
  if [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
