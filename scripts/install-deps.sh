#!/usr/bin/env bash
# Installs the Debian packages inlinetune needs; a no-op when all are present.
# Usage: scripts/install-deps.sh [plugin|fuzz|check|demo]   (default: check)
set -eu

base=(make g++ g++-11 g++-12 gcc-11 gcc-12 gcc-11-plugin-dev gcc-12-plugin-dev
      libiberty-dev libinih-dev libzstd-dev nlohmann-json3-dev zstd libgtest-dev llvm-14-tools
      python3 python3-jsonschema binutils libcli11-dev libelf-dev libfmt-dev)
# inlinetune db writes SQLite; its lit tests read the database back with sqlite3.
base+=(libsqlite3-dev sqlite3)
# inlinetune reads records with simdjson: a kernel build has millions (bench/tools.sh).
base+=(libsimdjson-dev)
# inlinetune report inlines Debian's Chart.js into its page (/usr/share/javascript/chart.js).
base+=(libjs-chart.js)
# The report's browser test (testsuite/tools/report-browser.test) loads the page in
# headless Chromium.
browser=(chromium)
cross=(gcc-11-aarch64-linux-gnu gcc-12-aarch64-linux-gnu
       g++-11-aarch64-linux-gnu g++-12-aarch64-linux-gnu
       gcc-11-plugin-dev-aarch64-linux-gnu gcc-12-plugin-dev-aarch64-linux-gnu
       binutils-aarch64-linux-gnu)
kernel=(linux-source-6.1 bc flex bison libssl-dev libelf-dev xz-utils cpio time)
# The libFuzzer targets (fuzz/): clang's -fsanitize=fuzzer runtime comes with
# libclang-rt-14-dev; libfuzzer-14-dev adds libFuzzer as a plain library.
fuzz=(clang-14 libclang-rt-14-dev libfuzzer-14-dev)

want=("${base[@]}" "${cross[@]}")
case "${1:-check}" in
  plugin) want=("${base[@]}") ;;
  fuzz) want=("${base[@]}" "${fuzz[@]}") ;;
  check) want+=("${kernel[@]}" "${fuzz[@]}" "${browser[@]}") ;;
  demo) want+=("${kernel[@]}") ;;
  *) echo "install-deps.sh: unknown set '$1' (plugin, fuzz, check, demo)" >&2; exit 2 ;;
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
