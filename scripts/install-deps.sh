#!/usr/bin/env bash
# Installs the Debian packages inlinetune needs; a no-op when all are present.
# Usage: scripts/install-deps.sh [plugin|fuzz|check|demo|boot|packaging|toolchains]   (default: check)
#        scripts/install-deps.sh --list kernel-tools|boot-tools   prints that list, installs nothing
set -eu

base=(make g++ g++-11 g++-12 gcc-11 gcc-12 gcc-11-plugin-dev gcc-12-plugin-dev
      libiberty-dev libinih-dev libzstd-dev nlohmann-json3-dev zstd libgtest-dev llvm-14-tools
      python3 python3-jsonschema binutils libcli11-dev libelf-dev libfmt-dev)
# inlinetune db writes SQLite; its lit tests read the database back with sqlite3.
base+=(libsqlite3-dev sqlite3)
# inlinetune reads records with simdjson: a kernel build has millions (bench/tools.sh).
base+=(libsimdjson-dev)
# Its tables and TU digests hash with xxHash's XXH3 (tools/support/hash.h, header-only).
base+=(libxxhash-dev)
# inlinetune report inlines Debian's Chart.js into its page (/usr/share/javascript/chart.js).
base+=(libjs-chart.js)
# The report's browser test (testsuite/tools/report-browser.test) loads the page in
# headless Chromium.
browser=(chromium)
cross=(gcc-11-aarch64-linux-gnu gcc-12-aarch64-linux-gnu
       g++-11-aarch64-linux-gnu g++-12-aarch64-linux-gnu
       gcc-11-plugin-dev-aarch64-linux-gnu gcc-12-plugin-dev-aarch64-linux-gnu
       binutils-aarch64-linux-gnu)
# aarch64-linux-gnu-gcc, the unversioned name (GCC 12 on Debian 12) that kbuild
# runs for CROSS_COMPILE=aarch64-linux-gnu- when no CC= is given (README.md,
# "Using it with kbuild").
cross+=(gcc-aarch64-linux-gnu)
# What kbuild needs to build an arm64 kernel here, and in the roots of
# scripts/toolchains.sh (their kernel lines, docs/kernel.md); linux-source-6.1
# is the host's line.
kernel_tools=(bc flex bison libssl-dev libelf-dev xz-utils cpio time)
kernel=(linux-source-6.1 "${kernel_tools[@]}")
# make bench-overhead INSTRUCTIONS=1 counts a compile's instructions with
# valgrind's cachegrind (testsuite/bench/overhead.test).
kernel+=(valgrind)
# The libFuzzer targets (fuzz/): clang's -fsanitize=fuzzer runtime comes with
# libclang-rt-14-dev; libfuzzer-14-dev adds libFuzzer as a plain library.
fuzz=(clang-14 libclang-rt-14-dev libfuzzer-14-dev)
# Booting the small arm64 kernel (harness/qemu.sh, harness/initramfs.sh):
# qemu-system-arm holds qemu-system-aarch64; cpio and gzip pack the initramfs.
# Its arm64 busybox is not installed but unpacked into the cache (see below).
# libc6-dev-arm64-cross: the static libc the workloads (harness/workloads/) link.
boot_tools=(qemu-system-arm cpio gzip)
boot=("${boot_tools[@]}" libc6-dev-arm64-cross)
# guestprof (make guestprof): libelf-dev (base) reads vmlinux; QEMU's contrib
# cache plugin, built for guestprof's comparison test, needs glib.  The
# plugin header comes from Debian's qemu source package (below).
boot+=(libglib2.0-dev)
# The cached and distributed build tests (testsuite/compile/ccache.test,
# distcc.test): a second build served by ccache, and compiles sent to a distccd
# the test starts on 127.0.0.1, must give the objects and logs of a local build.
builds=(ccache distcc)
# The policy search (search/): its jobs run through GNU parallel, here or
# over ssh, or as a Slurm job array (testsuite/bench/run-jobs.test starts an
# sshd, and munged, slurmctld and slurmd, of its own); its builds through
# ccache (in builds above).
search=(parallel openssh-client openssh-server slurmctld slurmd slurm-client munge)

# make man, make deb and check-install (testsuite/install): help2man makes the
# man pages from the CLI's --help, groff and man-db render and check them,
# bash-completion runs the completion's test, debhelper and dpkg-dev build the
# packages, lintian checks them.
packaging=(help2man groff-base man-db bash-completion debhelper dpkg-dev lintian)

# make toolchains (scripts/toolchains.sh): the Debian roots of the newer
# compilers are made by debootstrap; everything else is installed inside them.
toolchains=(debootstrap)

if [ "${1:-}" = --list ]; then
  case "${2:-}" in
    kernel-tools) printf '%s\n' "${kernel_tools[@]}"; exit 0 ;;
    boot-tools) printf '%s\n' "${boot_tools[@]}"; exit 0 ;;
    *) echo "install-deps.sh: --list: unknown list '${2:-}' (kernel-tools, boot-tools)" >&2; exit 2 ;;
  esac
fi

want=("${base[@]}" "${cross[@]}")
case "${1:-check}" in
  plugin) want=("${base[@]}") ;;
  fuzz) want=("${base[@]}" "${fuzz[@]}") ;;
  check) want+=("${kernel[@]}" "${fuzz[@]}" "${browser[@]}" "${boot[@]}" "${builds[@]}" "${search[@]}" "${packaging[@]}") ;;
  packaging) want+=("${packaging[@]}") ;;
  demo) want+=("${kernel[@]}" "${boot[@]}") ;;
  boot) want+=("${kernel[@]}" "${boot[@]}") ;;
  toolchains) want=("${toolchains[@]}") ;;
  *) echo "install-deps.sh: unknown set '$1' (plugin, fuzz, check, demo, boot, packaging, toolchains)" >&2; exit 2 ;;
esac

missing=()
for p in "${want[@]}"; do
  if [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]; then
    missing+=("$p")
  fi
done
if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi
# One apt-get of ours at a time (make check's lanes): apt takes its locks
# without waiting.
apt_lock="flock ${TMPDIR:-/tmp}/inlinetune-apt.lock"
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  $sudo $apt_lock apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo $apt_lock apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# boot: the initramfs's busybox is an arm64 binary, Debian's busybox-static:arm64.
# Installing it would put an arm64 /bin/busybox on this (x86-64) machine, so
# the package is only downloaded and unpacked into the cache that
# harness/kernel.sh uses: $INLINETUNE_CACHE/busybox-arm64/ holds the .deb
# (its sha256 keys the initramfs cache) and its files, bin/busybox among them.
# Downloading needs arm64 in dpkg's architectures (an apt source entry with no
# Arch: restriction then serves arm64 indexes too); that is added once.
if [[ " boot check demo " == *" ${1:-check} "* ]]; then
  cache=${INLINETUNE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/inlinetune}/busybox-arm64
  if [ ! -x "$cache/root/bin/busybox" ] || ! ls "$cache"/busybox-static_*_arm64.deb >/dev/null 2>&1; then
    if ! dpkg --print-foreign-architectures | grep -qx arm64; then
      echo "install-deps: adding arm64 to dpkg's architectures (for busybox-static:arm64)"
      $sudo dpkg --add-architecture arm64
      $sudo $apt_lock apt-get update -qq
    fi
    echo "install-deps: fetching busybox-static:arm64 into $cache"
    tmp=$(mktemp -d)
    # apt-get download writes into the current directory.
    if ! (cd "$tmp" && apt-get download -qq busybox-static:arm64) 2>"$tmp/apt.err"; then
      # An index fetched before arm64 was added has no arm64 entries: update once.
      $sudo $apt_lock apt-get update -qq
      (cd "$tmp" && apt-get download -qq busybox-static:arm64) || {
        echo "install-deps: error: 'apt-get download busybox-static:arm64' failed" >&2
        cat "$tmp/apt.err" >&2
        rm -rf "$tmp"
        exit 1
      }
    fi
    deb=$(ls "$tmp"/busybox-static_*_arm64.deb)
    rm -rf "$cache"
    mkdir -p "$cache"
    dpkg -x "$deb" "$cache/root"
    mv "$deb" "$cache/"
    rm -rf "$tmp"
    [ -x "$cache/root/bin/busybox" ] || { echo "install-deps: error: $deb holds no bin/busybox" >&2; exit 1; }
    echo "install-deps: $(basename "$deb") unpacked in $cache/root"
  fi
fi

# boot: guestprof's plugin header (and QEMU's contrib cache plugin) from
# Debian's qemu source package of the installed QEMU's version, into the
# cache (scripts/qemu-plugin-src.sh; it adds deb-src to the apt sources when
# they have none).
if [[ " boot check demo " == *" ${1:-check} "* ]]; then
  bash "$(dirname "$0")/qemu-plugin-src.sh" >/dev/null
fi
