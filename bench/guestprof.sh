#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/guestprof.sh CC GUESTPROF_BUILD: what guestprof costs (make
# bench-guestprof).  Boots the demo's workloads (all of harness/workloads/,
# one layout: wl_layout_word 1) on the baseline small kernel of cross
# compiler CC, five times, one boot at a time:
#   plain         -icount, no plugin (as the demo measures instructions/op)
#   guestprof-none  -icount, guestprof with cache=none (instructions and
#                 calls only)
#   guestprof-n1  -icount, guestprof with cache=n1
#   guestprof-n1+small  the same with two models
#   contrib       -icount, QEMU's contrib cache plugin with n1's geometry
#                 (64 KiB 4-way L1I and L1D, 1 MiB 8-way L2, 64 B lines)
# and prints the wall seconds of each boot (QEMU started to QEMU gone, the
# profile written) and QEMU's CPU seconds (user + system, by GNU time:
# steadier than wall time on a shared machine), each with its ratio to
# plain; also whether guestprof-n1's whole-run totals equal contrib's.
# Results: build/bench/guestprof.csv.
# The kernel and the initramfs are built when missing (harness/).
set -eu
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL=bench-guestprof
# shellcheck source-path=SCRIPTDIR source=../harness/kernel.sh disable=SC2034
. "$here/../harness/kernel.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/small_kernel.sh
. "$here/../harness/small_kernel.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/guestprof.sh
. "$here/../harness/guestprof.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/initramfs.sh
. "$here/../harness/initramfs.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/workloads.sh
. "$here/../harness/workloads.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/qemu.sh
. "$here/../harness/qemu.sh"

[ $# -eq 2 ] || kt_die "usage: bench/guestprof.sh CC GUESTPROF_BUILD"
cc=$1 gp=$2
so=$gp/guestprof.so contrib=$gp/contrib/libcache.so
for f in "$so" "$contrib"; do [ -f "$f" ] || kt_die "step 'check the inputs': no $f; run 'make guestprof $contrib'"; done
out=$KT_ROOT/build/bench/guestprof
rm -rf "$out"
mkdir -p "$out"

kt_step "kernel and initramfs"
kt_ensure_ksrc
kernel=$(gp_small_kernel "$cc")
wl_build
IR_EXTRA="/bin/workloads=$WL_BIN"
ir_build
image=$kernel/arch/arm64/boot/Image
word=$(wl_layout_word 1)

# QEMU under GNU time (its CPU seconds into $GP_CPU_FILE), with the plugin
# log (contrib's totals) on stderr, which qm_run keeps in qemu.log.
command -v /usr/bin/time >/dev/null || kt_die "step 'check the inputs': no /usr/bin/time (Debian package time; run 'make deps')"
wrapper=$out/qemu-timed.sh
printf '#!/bin/sh\nexec /usr/bin/time -f "%%U %%S" -o "$GP_CPU_FILE" %s -d plugin "$@"\n' "$QEMU_AARCH64" >"$wrapper"
chmod +x "$wrapper"

geometry=icachesize=65536,iassoc=4,iblksize=64,dcachesize=65536,dassoc=4,dblksize=64,l2=on,l2cachesize=1048576,l2assoc=8,l2blksize=64,evict=lru,limit=1
declare -A plugin_of=(
  [plain]=''
  [guestprof-none]="$so,vmlinux=$kernel/vmlinux,out=$out/guestprof-none.jsonl,cache=none"
  [guestprof-n1]="$so,vmlinux=$kernel/vmlinux,out=$out/guestprof-n1.jsonl,cache=n1"
  [guestprof-n1+small]="$so,vmlinux=$kernel/vmlinux,out=$out/guestprof-n1+small.jsonl,cache=n1+small"
  [contrib]="$contrib,$geometry"
)
kinds=(plain guestprof-none guestprof-n1 guestprof-n1+small contrib)
declare -A secs cpu
echo "kind,wall_seconds,wall_ratio,cpu_seconds,cpu_ratio" >"$out.csv.tmp"
for k in "${kinds[@]}"; do
  t0=$(date +%s.%N)
  GP_CPU_FILE=$out/$k.cpu QEMU_AARCH64=$wrapper QM_ICOUNT=1 QM_APPEND=$word QM_PLUGIN=${plugin_of[$k]} \
    qm_run "$image" "$IR_FILE" workloads "$out/$k" || exit 1
  secs[$k]=$(echo "$(date +%s.%N) - $t0" | bc)
  for i in $(seq 50); do [ -s "$out/$k.cpu" ] && break; sleep 0.1; done
  cpu[$k]=$(awk '{print $1 + $2}' "$out/$k.cpu")
done
for k in "${kinds[@]}"; do
  printf '%s,%.2f,%.2f,%.2f,%.2f\n' "$k" "${secs[$k]}" "$(echo "${secs[$k]} / ${secs[plain]}" | bc -l)" \
    "${cpu[$k]}" "$(echo "${cpu[$k]} / ${cpu[plain]}" | bc -l)" >>"$out.csv.tmp"
done
mv "$out.csv.tmp" "$KT_ROOT/build/bench/guestprof.csv"

kt_step "guestprof-n1's whole-run totals against contrib's"
python3 "$KT_ROOT/testsuite/guestprof/Inputs/compare_contrib.py" "$out/guestprof-n1.jsonl" "$out/contrib/qemu.log" n1 || true
echo
echo "Workload boot (all workloads, one layout): seconds and ratios to plain -icount:"
column -t -s, "$KT_ROOT/build/bench/guestprof.csv"
echo "(build/bench/guestprof.csv; boots in $out/)"
