#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/selftests.sh: boots the small arm64 kernel as named variants under
# QEMU and runs the kernel's own ftrace selftests on each (`make selftests`).
#
#   bash bench/selftests.sh [VARIANT...]     default: baseline rfc-params plugin-rfc
#
# Steps, each stopping the script with the step's name and log on failure:
# 1. the initramfs (harness/initramfs.sh: busybox, the selftests of KSRC,
#    harness/initramfs/init), built once and cached on its inputs;
# 2. per variant, the kernel (harness/small_kernel.sh; cached, else built:
#    20 to 25 minutes on the project's loaded 2-core machine);
# 3. per variant, one boot (harness/qemu.sh) running ftracetest on
#    SELFTESTS, with the results read back from the console.
# Results are written only when every variant ran to the end: no partial CSV
# is left behind.
#
# Output: build/bench/selftests.csv (compiler, variant, suite, test, result),
# build/bench/selftests-runs.csv (per variant: initramfs bytes, wall seconds
# to the boot marker and to the end, the guest's uptime at boot, counts per
# result), the consoles in build/bench/selftests/<VARIANT>/; a table of tests
# by variant on stdout, then a summary.
# Environment: SELFTESTS (default test.d/kprobe: what inlinetune.run=ftrace:
# takes, comma-separated), SELFTESTS_BUILD (default 1; 0: only use variants
# already built for their current inputs, fail otherwise), CC_SMALL (default
# aarch64-linux-gnu-gcc-12); INLINETUNE_CACHE, KSRC, KT_JOBS
# (harness/kernel.sh); QM_ICOUNT, QM_BOOT_TIMEOUT, QM_TIMEOUT, QM_APPEND
# (harness/qemu.sh).
set -eu

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL=selftests
# shellcheck source-path=SCRIPTDIR source=../harness/kernel.sh disable=SC2034
. "$here/../harness/kernel.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/small_kernel.sh
. "$here/../harness/small_kernel.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/initramfs.sh
. "$here/../harness/initramfs.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/qemu.sh
. "$here/../harness/qemu.sh"

cc=${CC_SMALL:-aarch64-linux-gnu-gcc-12}
tests=${SELFTESTS:-test.d/kprobe}
build=${SELFTESTS_BUILD:-1}
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(baseline rfc-params plugin-rfc)
out=$KT_ROOT/build/bench
csv=$out/selftests.csv
runs_csv=$out/selftests-runs.csv
spec=$(qm_selftests_spec "$tests")
mkdir -p "$out"
rm -f "$csv" "$runs_csv"

for v in "${variants[@]}"; do ks_variant_flags "$cc" "$v" >/dev/null; done # unknown names fail here, before any work

ir_build
initrd=$IR_FILE

results_tmp=$(mktemp)
runs_tmp=$(mktemp)
trap 'rm -f "$results_tmp" "$runs_tmp"' EXIT
for v in "${variants[@]}"; do
  if [ "$build" = 0 ]; then
    mapfile -t flags < <(ks_variant_flags "$cc" "$v")
    d=$(ks_dir "$cc" "$v")
    [ -f "$d/.inlinetune/stamp" ] && [ "$(cat "$d/.inlinetune/stamp")" = "$(ks_key "$cc" "${flags[@]}")" ] ||
      kt_die "step 'small kernel $v': not built for its current inputs and SELFTESTS_BUILD=0 (build it: make small-kernel VARIANTS=$v)"
  else
    ks_build_variant "$cc" "$v"
    d=$KS_DIR
  fi
  qm_run "$d/arch/arm64/boot/Image" "$initrd" "$spec" "$out/selftests/$v" || exit 1
  while read -r suite test result; do
    printf '%s,%s,%s,%s,%s\n' "$cc" "$v" "$suite" "$test" "$result"
  done <"$QM_RESULTS" >>"$results_tmp"
  printf '%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n' "$cc" "$v" "$IR_BYTES" "$QM_BOOT_SECONDS" "$QM_GUEST_BOOT" "$QM_RUN_SECONDS" \
    "$(grep -c ' PASS$' "$QM_RESULTS" || true)" "$(grep -c ' FAIL$' "$QM_RESULTS" || true)" \
    "$(grep -c ' UNRESOLVED$' "$QM_RESULTS" || true)" "$(grep -c ' UNSUPPORTED$' "$QM_RESULTS" || true)" \
    "$(grep -v -c -E ' (PASS|FAIL|UNRESOLVED|UNSUPPORTED)$' "$QM_RESULTS" || true)" >>"$runs_tmp"
done

{ echo "compiler,variant,suite,test,result"; cat "$results_tmp"; } >"$csv"
{ echo "compiler,variant,initramfs_bytes,boot_seconds,guest_uptime_at_boot,run_seconds,pass,fail,unresolved,unsupported,other"; cat "$runs_tmp"; } >"$runs_csv"

# The table: one row per test, one column per variant; rows where the
# variants disagree are marked.
echo
python3 - "$csv" "${variants[@]}" <<'EOF'
import csv, sys
path, variants = sys.argv[1], sys.argv[2:]
res, tests = {}, []
for row in csv.DictReader(open(path)):
    key = row["test"]
    if key not in tests:
        tests.append(key)
    res[(key, row["variant"])] = row["result"]
w = max(len(t) for t in tests)
cols = [max(len(v), 11) for v in variants]
print(f"{'test':<{w}}  " + "  ".join(f"{v:<{c}}" for v, c in zip(variants, cols)))
for t in tests:
    got = [res.get((t, v), "-") for v in variants]
    mark = "  <- differs" if len(set(got)) > 1 else ""
    print(f"{t:<{w}}  " + "  ".join(f"{g:<{c}}" for g, c in zip(got, cols)) + mark)
EOF
echo
tail -n +2 "$runs_csv" | while IFS=, read -r _ v _ boot _ run pass fail unres unsup other; do
  printf '%-12s %3s pass %3s fail %3s unresolved %3s unsupported %3s other   boot %6s s, run %7s s\n' \
    "$v" "$pass" "$fail" "$unres" "$unsup" "$other" "$boot" "$run"
done
echo "selftests: ${#variants[@]} variants with $cc, inlinetune.run=$spec; $csv, $runs_csv"
