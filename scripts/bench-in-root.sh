#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# scripts/bench-in-root.sh [--print] demo|bench-kernel [VARIANT...]: runs
# `make demo` or `make bench-kernel` inside a root of `make toolchains`
# (docs/kernel.md, "The demo and bench-kernel in a root"), with that root's
# aarch64 cross compiler and a kernel line, as the Makefile does for
#   make demo SUITE=trixie KLINE=6.12 CC_SMALL=aarch64-linux-gnu-gcc-14
#   make bench-kernel SUITE=forky KLINE=7.2 CC_SMALL=aarch64-linux-gnu-gcc-16
#
# Environment:
#   SUITE      the root: trixie or forky (scripts/toolchains.sh's suites)
#   KLINE      the kernel line (harness/kernel.sh's KT_LINES); default the
#              suite's own line (trixie 6.12, forky 7.2)
#   CC_SMALL   the compiler the kernels are built with: an aarch64 cross GCC
#              of that root; default its newest (trixie's aarch64-linux-gnu-
#              gcc-14, forky's -16)
#   KSRC       another kernel tree, mounted into the root at its own path
#   INLINETUNE the CLI the bench runs in the root: the host's relocatable
#              one (the Makefile's RELOCATABLE_CLI, built by make first)
#   every other variable of bench/demo.sh and bench/bench-kernel.sh
#   (WORKLOADS, LAYOUTS, SERVERS, ...) passes through to the root.
#
# Steps, each said as it starts:
#   1. on the host: the root is there and up to date (toolchains.sh
#      --status); else an error naming `make toolchains`;
#   2. on the host: the kernel line's source unpacked into the cache (a
#      root's line is downloaded in its own root; no root enters another),
#      and, for bench-kernel's servers, their arm64 packages fetched;
#   3. in the root: the plugin for CC_SMALL and guestprof built into
#      build/SUITE/ by the root's g++, guestprof against the root's own
#      QEMU's qemu-plugin.h (scripts/qemu-plugin-src.sh, from the suite's
#      qemu source package), not the host's: a TCG plugin must be built for
#      the QEMU that loads it (not with PROFILE_MODELS=none: no profiling
#      boots);
#   4. in the root: bench/demo.sh or bench/bench-kernel.sh; output in
#      build/SUITE/demo/ or build/SUITE/bench/kernel/.
# --print: checks the arguments and prints the commands of steps 3 and 4,
# one a line, as run in the root; enters nothing, builds nothing.
set -eu

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
# suite_gccs (the suites' one definition) and cache.
# shellcheck source-path=SCRIPTDIR source=toolchains.sh
. "$here/toolchains.sh"
die() { echo "bench-in-root: error: $*" >&2; exit 1; }
usage() { echo "usage: bench-in-root.sh [--print] demo|bench-kernel [VARIANT...]   (SUITE=trixie|forky KLINE=LINE CC_SMALL=CC)" >&2; exit 2; }
step() { echo "==> bench-in-root: $*" >&2; }

print=
[ "${1:-}" != --print ] || { print=1; shift; }
[ $# -ge 1 ] || usage
target=$1
shift
case $target in
  demo) [ $# -eq 0 ] || usage ;;
  bench-kernel) ;;
  *) usage ;;
esac

suite=${SUITE:-}
[ -n "$suite" ] || { echo "bench-in-root: SUITE is not set (trixie, forky)" >&2; exit 2; }
suite_gccs "$suite" >/dev/null 2>&1 || { echo "bench-in-root: unknown SUITE '$suite' (trixie, forky)" >&2; exit 2; }

# The kernel lines and their suites: harness/kernel.sh's one definition.
lines=$(KLINE='' KSRC='' bash -c '. "$1/harness/kernel.sh" && for l in "${KT_LINES[@]}"; do echo "$l ${KT_LINE_SUITE[$l]}"; done' _ "$repo")
if [ -z "${KLINE:-}" ]; then
  KLINE=$(awk -v s="$suite" '$2 == s { print $1 }' <<<"$lines")
fi
awk -v l="$KLINE" '$1 == l { f = 1 } END { exit !f }' <<<"$lines" ||
  { echo "bench-in-root: KLINE=$KLINE: not a kernel line ($(awk '{ print $1 }' <<<"$lines" | paste -sd' '))" >&2; exit 2; }

# The root's aarch64 cross compilers (a major marked '?' only where the suite has it).
ccs=$(for m in $(suite_gccs "$suite"); do echo "aarch64-linux-gnu-gcc-${m%\?}"; done)
CC_SMALL=${CC_SMALL:-$(tail -n 1 <<<"$ccs")}
grep -qx -- "$CC_SMALL" <<<"$ccs" ||
  { echo "bench-in-root: CC_SMALL=$CC_SMALL: not an aarch64 cross compiler of the $suite root ($(paste -sd' ' <<<"$ccs"))" >&2; exit 2; }

# The plugin and guestprof, built in the root by its own g++ (into
# build/SUITE/); INLINETUNE_COMMIT from the host's git, which the root lacks.
# guestprof only for profiling boots: PROFILE_MODELS=none has none (and a
# root whose mirror lacks its qemu source package cannot build it).
commit=${INLINETUNE_COMMIT:-unknown}
targets=(plugin)
[ "${PROFILE_MODELS:-n1+small}" = none ] || targets+=(guestprof)
build_cmd=(make -j"${KT_JOBS:-$(nproc)}" "${targets[@]}" TARGET_CC="$CC_SMALL" INLINETUNE_COMMIT="$commit")
case $target in
  demo) bench_cmd=(bash bench/demo.sh) ;;
  bench-kernel) bench_cmd=(bash bench/bench-kernel.sh "$@") ;;
esac
# What the bench scripts read, set for the root (the rest of the
# environment passes through in-root.sh as it is).
envs=(KLINE="$KLINE" CC_SMALL="$CC_SMALL")
[ -z "${INLINETUNE:-}" ] || envs+=(INLINETUNE="$INLINETUNE")
[ -z "${KSRC:-}" ] || envs+=(KSRC="$(readlink -f "$KSRC")")

if [ -n "$print" ]; then
  printf '%q ' "${build_cmd[@]}"
  echo
  printf '%q ' env "${envs[@]}" "${bench_cmd[@]}"
  echo
  exit 0
fi

[ -n "${INLINETUNE:-}" ] || die "INLINETUNE is not set: the host's relocatable CLI (make build/tools/relocatable/inlinetune; the Makefile sets it)"
[ -x "$INLINETUNE" ] || die "INLINETUNE=$INLINETUNE: no such program (make build/tools/relocatable/inlinetune)"

step "1. the $suite root"
bash "$here/toolchains.sh" --status "$suite" >&2 ||
  die "the $suite root is not up to date: run 'make toolchains' (ROOTS=$suite)"

step "2. the kernel source of Linux $KLINE (on the host)"
binds=()
if [ -n "${KSRC:-}" ]; then
  KSRC=$(readlink -f "$KSRC")
  KLINE=$KLINE KSRC=$KSRC KT_TOOL=bench-in-root bash "$repo/harness/run.sh" - kt_ensure_ksrc
  case $KSRC/ in
    "$repo"/* | "$(readlink -f "$cache")"/*) ;;
    *) binds=(--bind "$KSRC") ;;
  esac
else
  KLINE=$KLINE KSRC='' KT_TOOL=bench-in-root bash "$repo/harness/run.sh" - kt_ensure_ksrc
fi
if [ "$target" = bench-kernel ] && [ "${SERVERS-redis memcached nginx}" != none ] && [ -n "${SERVERS-x}" ]; then
  # Debian's arm64 server packages, fetched where dpkg has arm64 (the host;
  # the roots have only amd64) into the cache, which the root then finds.
  step "2b. the servers' arm64 packages (on the host)"
  KT_TOOL=bench-in-root bash "$repo/harness/run.sh" servers sv_fetch
fi

step "3. in the $suite root: ${build_cmd[*]}"
bash "$here/in-root.sh" "${binds[@]}" "$suite" -- "${build_cmd[@]}"

step "4. in the $suite root: ${envs[*]} ${bench_cmd[*]}"
bash "$here/in-root.sh" "${binds[@]}" "$suite" -- env "${envs[@]}" "${bench_cmd[@]}"
