#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# testsuite/guestprof/prepare.sh CC OUT: finds (or builds) what the
# guestprof boot tests read and writes OUT, KEY=VALUE lines for
# testsuite/guestprof/lit.cfg.py: the baseline small kernel of CC
# (harness/guestprof.sh, gp_small_kernel: the baseline-log tree check-kernel
# uses, whose code is baseline's) and an initramfs with the workloads program
# (harness/workloads.sh, harness/initramfs.sh), as bench/bench-kernel.sh
# makes it.  Environment: harness/kernel.sh's (INLINETUNE_CACHE, KSRC).
set -eu
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL=${KT_TOOL:-check-guestprof}
# shellcheck source-path=SCRIPTDIR source=../../harness/kernel.sh disable=SC2034
. "$here/../../harness/kernel.sh"
# shellcheck source-path=SCRIPTDIR source=../../harness/small_kernel.sh
. "$here/../../harness/small_kernel.sh"
# shellcheck source-path=SCRIPTDIR source=../../harness/guestprof.sh
. "$here/../../harness/guestprof.sh"
# shellcheck source-path=SCRIPTDIR source=../../harness/initramfs.sh
. "$here/../../harness/initramfs.sh"
# shellcheck source-path=SCRIPTDIR source=../../harness/workloads.sh
. "$here/../../harness/workloads.sh"

[ $# -eq 2 ] || kt_die "usage: prepare.sh CC OUT"
cc=$1 out=$2
kt_ensure_ksrc
kernel=$(gp_small_kernel "$cc")
wl_build
IR_EXTRA="/bin/workloads=$WL_BIN"
ir_build || kt_die "building the initramfs failed (the message above says where its log is)"
mkdir -p "$(dirname "$out")"
{
  echo "CC=$cc"
  echo "INLINETUNE_CACHE=$KT_CACHE"
  echo "KERNEL=$kernel"
  echo "INITRAMFS=$IR_FILE"
} >"$out.tmp"
mv "$out.tmp" "$out"
kt_step "guestprof test inputs: $out"
