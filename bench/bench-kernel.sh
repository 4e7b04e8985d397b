#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/bench-kernel.sh: `make bench-kernel`. The small arm64 kernel built as
# several variants, each booted under QEMU to run the kernel's ftrace
# selftests and the workloads of harness/workloads/, measured in instructions
# per operation; the results joined with the decision diff in an HTML report.
#
#   bash bench/bench-kernel.sh [VARIANT...]   default: baseline rfc-params plugin-rfc
#
# Variants (each its own O= tree, harness/small_kernel.sh; all carry
# decision logs, so that `inlinetune` can diff any two):
#   baseline     no flags; built as the tree baseline-log (the plugin loaded with
#                log=obj and no policy: GCC's decisions logged, the code the same)
#   rfc-params   the RFC's five --param flags, exactly; built as rfc-params-log
#   plugin-rfc   the plugin with kernel-configs/policies/rfc.ini and the
#                never-inline list derived from KSRC's selftests
#   replay-rfc   plugin-rfc's decisions replayed at GCC's params (the plugin
#                with replay= plugin-rfc's tree, docs/replay.md; that tree is
#                built first when missing)
#   policy-NAME  one per file of POLICIES: the plugin with that policy and the
#                never-inline list (NAME is the file's name without extension)
# baseline must be among them: every other variant is compared with it.
#
# Steps, each stopping the script with the step's name and its log on failure
# (nothing is written to results.csv until every boot of every variant has
# succeeded; a failed run leaves no results, table or report behind):
#  1. the workloads program (harness/workloads.sh), the servers and their
#     clients (harness/servers.sh: Debian's arm64 packages, fetched once),
#     and the initramfs (harness/initramfs.sh) with all of them;
#  2. per variant, the kernel (built, or found built for its current inputs):
#     build time, vmlinux .text, Image size; its logs are the objects' own;
#  3. per variant, one boot running the ftrace selftests SELFTESTS (no icount);
#  4. per variant, LAYOUTS x RUNS boots with -icount shift=0,sleep=off, each
#     layout one more dummy word on the kernel command line
#     (wl_layout_word), running the workloads (instructions per op) and then
#     each server under its load client (instructions per request);
#  4b. per variant, one profiling boot (layout 1, harness/guest_profile.sh):
#     the same workloads and servers with guestprof, inlinetune's QEMU
#     plugin, loaded: per measured region and kernel function, instructions
#     and the L1I, L1D and L2 misses of PROFILE_MODELS' cache models
#     (docs/guest-profile.md); a separate boot, so that the numbers of
#     step 4 stay those of plain -icount boots;
#  5. results.csv: per workload and variant the median over those boots, the
#     number of boots and the spread (bench/kernel_results.py); after each
#     workload's instructions, the cache model's misses and modelled cycles
#     per op from the profiling boot (one boot: runs 1);
#  6. the table: each variant against baseline, with vmlinux .text growth
#     beside every change and the selftests' pass count; then the cache
#     model's table (a model, not a measurement of a real core);
#  7. `inlinetune report BASE NEW --results results.csv` per variant but
#     baseline, BASE and NEW being the O= trees: report-VARIANT.html; with
#     --guest-profiles of both (the attribution) when the CLI has it.
#
# Output in build/bench/kernel/ (in a root of `make toolchains`, build/SUITE/bench/kernel/;
# removed at the start of each run):
#   results.csv    workload,metric,variant,value,runs,min,max,iterations (the long
#                  layout `inlinetune correlate`/`report --results` read; docs/cli.md)
#   samples.csv    every boot's numbers: variant,layout,run,workload,metric,value,iterations
#   variants.csv   per variant: tree, kcflags, build time, vmlinux .text, Image
#                  bytes, logs, selftest counts
#   selftests.csv  compiler,variant,suite,test,result (as bench/selftests.sh)
#   boots.csv      per boot: variant, kind (selftests, workloads, profile),
#                  layout, run, command-line word, wall seconds to the boot
#                  marker and to the end (profile against workloads: the
#                  profiling's slowdown)
#   profiles/VARIANT.jsonl   the profiling boot's guest profile, each region
#                  named by its workload (docs/guest-profile.md, format 1;
#                  inlinetune correlate/report/db read it)
#   boots/VARIANT/{selftests,layoutL-runR,profile}/   consoles, QEMU commands
#                  (profile/ also the plugin's raw-profile.jsonl)
#   report-VARIANT.html, logs/report-VARIANT.log
#
# Environment: LAYOUTS (default 3), RUNS (boots per layout, default 1: with a
# fixed layout boots are deterministic), POLICIES (policy files, blank-
# separated), WORKLOADS (default all, or names joined by '+', or none),
# SERVERS (default "redis memcached nginx"; none: no servers), SELFTESTS
# (default test.d/kprobe; none: skip), PROFILE_MODELS (guestprof's cache
# presets for the profiling boots, joined by '+', default n1+small; none: no
# profiling boots and no cache figures), PROFILE_WORKLOADS (the workloads
# of the profiling boots: default WORKLOADS, or names joined by '+' among
# them, or none: the servers only), GUESTPROF (the plugin,
# harness/guest_profile.sh; default build/guestprof/guestprof.so, made by
# `make guestprof` when missing), BENCH_BUILD (default 1; 0: use only
# trees built for their current inputs), CC_SMALL (default
# aarch64-linux-gnu-gcc-12), INLINETUNE (default build/tools/inlinetune),
# BENCH_OUT (default build/bench/kernel);
# KSRC, INLINETUNE_CACHE, KT_JOBS (harness/kernel.sh); QM_TIMEOUT,
# QM_BOOT_TIMEOUT (harness/qemu.sh); WL_CC (harness/workloads.sh).
set -eu

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL=bench-kernel
# shellcheck source-path=SCRIPTDIR source=../harness/kernel.sh disable=SC2034
. "$here/../harness/kernel.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/small_kernel.sh
. "$here/../harness/small_kernel.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/initramfs.sh
. "$here/../harness/initramfs.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/qemu.sh
. "$here/../harness/qemu.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/workloads.sh
. "$here/../harness/workloads.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/servers.sh
. "$here/../harness/servers.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/guest_profile.sh
. "$here/../harness/guest_profile.sh"

t_start=$SECONDS
cc=${CC_SMALL:-aarch64-linux-gnu-gcc-12}
layouts=${LAYOUTS:-3}
runs=${RUNS:-1}
policies=${POLICIES:-}
workloads=${WORKLOADS:-all}
servers=${SERVERS-redis memcached nginx}
selftests=${SELFTESTS:-test.d/kprobe}
models=${PROFILE_MODELS:-n1+small}
pworkloads=${PROFILE_WORKLOADS:-$workloads}
build=${BENCH_BUILD:-1}
inlinetune=${INLINETUNE:-$KT_BUILD/tools/inlinetune}
out=${BENCH_OUT:-$KT_BUILD/bench/kernel}
results=$out/results.csv
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(baseline rfc-params plugin-rfc)

# ---- inputs, checked before any work ----------------------------------------
kt_step "check the inputs"
for n in "LAYOUTS=$layouts" "RUNS=$runs"; do
  case ${n#*=} in '' | *[!0-9]* | 0) kt_die "step 'check the inputs': ${n%%=*}=${n#*=}: want a positive number" ;; esac
done
[ "$layouts" -le 20 ] || kt_die "step 'check the inputs': LAYOUTS=$layouts: at most 20"
[[ $workloads =~ ^(all|none|[a-z0-9_]+(\+[a-z0-9_]+)*)$ ]] ||
  kt_die "step 'check the inputs': WORKLOADS=$workloads: want 'all', 'none' or names joined by '+'"
[ "$servers" != none ] || servers=
for sv in $servers; do
  case $sv in redis | memcached | nginx) ;; *) kt_die "step 'check the inputs': SERVERS: unknown server '$sv' (redis, memcached, nginx; none)" ;; esac
done
[ "$workloads" != none ] || [ -n "$servers" ] || kt_die "step 'check the inputs': WORKLOADS=none and no SERVERS: nothing to measure"
# (The CLI is first needed by the reports: `make demo` builds it meanwhile.)
[ -n "${INLINETUNE_PENDING:-}" ] || [ -x "$inlinetune" ] || kt_die "step 'check the inputs': no $inlinetune; run 'make tools'"
[[ $pworkloads =~ ^(all|none|[a-z0-9_]+(\+[a-z0-9_]+)*)$ ]] ||
  kt_die "step 'check the inputs': PROFILE_WORKLOADS=$pworkloads: want 'all', 'none' or names joined by '+'"
if [ "$workloads" != all ] && [ "$pworkloads" != none ]; then
  for w in ${pworkloads//+/ }; do
    [[ "+$workloads+" == *"+$w+"* ]] || kt_die "step 'check the inputs': PROFILE_WORKLOADS: '$w' is not among WORKLOADS=$workloads (the profiles' workloads are measured by the plain boots too)"
  done
fi
[ "$models" = none ] || [ "$pworkloads" != none ] || [ -n "$servers" ] || models=none
gp_models_ok "$models" || kt_die "step 'check the inputs': PROFILE_MODELS=$models: want cache presets joined by '+' (n1+small) or none"
[ "$models" = none ] || gp_plugin
kt_ensure_ksrc

# tree_of VARIANT, flags_of VARIANT: the O= tree's name and its KCFLAGS.
declare -A tree_of policy_of
for v in "${variants[@]}"; do
  case $v in
    baseline | rfc-params) tree_of[$v]=$v-log ;;
    plugin-rfc | replay-rfc) tree_of[$v]=$v ;;
    *) kt_die "step 'check the inputs': unknown variant '$v' (baseline, rfc-params, plugin-rfc, replay-rfc; policies go in POLICIES=FILE...)" ;;
  esac
done
for p in $policies; do
  [ -f "$p" ] || kt_die "step 'check the inputs': POLICIES: no file $p"
  v=policy-$(basename "${p%.*}")
  [[ $v =~ ^[A-Za-z0-9._-]+$ ]] || kt_die "step 'check the inputs': POLICIES: $p: its name makes variant '$v'; use letters, digits, '.', '_', '-'"
  [ -z "${tree_of[$v]:-}" ] || kt_die "step 'check the inputs': POLICIES: two variants named '$v'"
  tree_of[$v]=$v
  policy_of[$v]=$(realpath "$p")
  variants+=("$v")
done
[ -n "${tree_of[baseline]:-}" ] || kt_die "step 'check the inputs': the variants (${variants[*]}) lack baseline, which every other one is compared with"
[ ${#variants[@]} -ge 2 ] || kt_die "step 'check the inputs': only baseline: name another variant to compare it with"

flags_of() {
  local v=$1 list
  if [ -n "${policy_of[$v]:-}" ]; then
    list=$(ks_never_inline_list) || exit 1
    kt_plugin_flags "$cc" "policy=${policy_of[$v]}" "policy=$list" log=obj
  else
    ks_variant_flags "$cc" "${tree_of[$v]}"
  fi
}
for v in "${variants[@]}"; do flags_of "$v" >/dev/null; done # a missing never-inline list fails here

rm -rf "$out"
mkdir -p "$out/logs" "$out/boots"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# ---- 1. the workloads, the servers and the initramfs ----------------------------
wl_build
IR_EXTRA="/bin/workloads=$WL_BIN"
if [ -n "$servers" ]; then
  sv_fetch
  sv_extra >"$work/extra" || exit 1
  IR_EXTRA="$IR_EXTRA $(tr '\n' ' ' <"$work/extra")"
fi
ir_build
initrd=$IR_FILE

# ---- 2. the kernels ----------------------------------------------------------
t0=$SECONDS
declare -A dir_of
: >"$work/variants"
for v in "${variants[@]}"; do
  t=${tree_of[$v]}
  mapfile -t flags < <(flags_of "$v")
  if [ "$build" = 0 ]; then
    d=$(ks_dir "$cc" "$t")
    [ -f "$d/.inlinetune/stamp" ] && [ "$(cat "$d/.inlinetune/stamp")" = "$(ks_key "$cc" "${flags[@]}")" ] ||
      kt_die "step 'small kernel $t': not built for its current inputs and BENCH_BUILD=0 (build it: make small-kernel VARIANTS=$t)"
    cached=1
  else
    # A standard variant through ks_build_variant, which builds the trees its
    # flags read first (replay-rfc: plugin-rfc's).
    if [ -n "${policy_of[$v]:-}" ]; then
      ks_build "$cc" "$t" "${flags[@]}" || exit 1
    else
      ks_build_variant "$cc" "$t" || exit 1
    fi
    d=$KS_DIR
    cached=$KS_CACHED
  fi
  dir_of[$v]=$d
  # The decision logs stay in the tree's objects; vmlinux.o (ld -r of them all)
  # must carry them, or the report would have nothing to read.
  "$KT_READELF" -S "$d/vmlinux.o" 2>/dev/null | grep -q '\.inlinetune\.log' ||
    kt_die "step 'small kernel $t': $d/vmlinux.o has no .inlinetune.log section: built without the plugin's log? (KCFLAGS: $(ks_info "$d" kcflags))"
  # baseline-log and rfc-params-log claim the code of the plain trees: when a
  # plain tree is built for the current inputs, its vmlinux must be
  # byte-identical.
  same=-
  case $t in
    *-log)
      plain=$(ks_dir "$cc" "${t%-log}")
      mapfile -t pflags < <(ks_variant_flags "$cc" "${t%-log}")
      if [ -f "$plain/.inlinetune/stamp" ] && [ -f "$plain/vmlinux" ] &&
        [ "$(cat "$plain/.inlinetune/stamp")" = "$(ks_key "$cc" "${pflags[@]}")" ]; then
        if cmp -s "$plain/vmlinux" "$d/vmlinux"; then
          same=yes
        else
          same=no
          kt_note "warning: $d/vmlinux differs from $plain/vmlinux: the logging plugin changed code; '$v' is measured as built in $t"
        fi
      fi ;;
  esac
  printf '%s\n' "$v,$t,$cached,$(ks_info "$d" build_seconds),$(ks_info "$d" build_cpu_seconds),$(ks_info "$d" resumed),$(kt_text_size "$d/vmlinux"),$(stat -c %s "$d/arch/arm64/boot/Image"),$same,\"$(ks_info "$d" kcflags)\"" >>"$work/variants"
done
t_builds=$((SECONDS - t0))

# ---- 3. the selftests ---------------------------------------------------------
t0=$SECONDS
: >"$work/selftests"
: >"$work/boots"
declare -A pass_of total_of
for v in "${variants[@]}"; do
  pass_of[$v]=-
  total_of[$v]=-
  [ "$selftests" != none ] || continue
  spec=$(qm_selftests_spec "$selftests")
  QM_ICOUNT=0 QM_APPEND='' qm_run "${dir_of[$v]}/arch/arm64/boot/Image" "$initrd" "$spec" "$out/boots/$v/selftests" || exit 1
  while read -r suite test result; do
    printf '%s,%s,%s,%s,%s\n' "$cc" "$v" "$suite" "$test" "$result"
  done <"$QM_RESULTS" >>"$work/selftests"
  pass_of[$v]=$(grep -c ' PASS$' "$QM_RESULTS" || true)
  total_of[$v]=$(wc -l <"$QM_RESULTS")
  printf '%s,selftests,,,,%s,%s,%s\n' "$v" "$QM_BOOT_SECONDS" "$QM_RUN_SECONDS" "$QM_GUEST_BOOT" >>"$work/boots"
done
t_selftests=$((SECONDS - t0))

# ---- 4. the workloads -----------------------------------------------------------
t0=$SECONDS
# One boot runs the workloads, then each server with its client.
wspec=$(qm_measure_spec "$workloads" "$servers")
pspec=$(qm_measure_spec "$pworkloads" "$servers")
samples=()
for v in "${variants[@]}"; do
  for l in $(seq "$layouts"); do
    word=$(wl_layout_word "$l")
    for r in $(seq "$runs"); do
      QM_ICOUNT=1 QM_APPEND=$word qm_run "${dir_of[$v]}/arch/arm64/boot/Image" "$initrd" "$wspec" "$out/boots/$v/layout$l-run$r" || exit 1
      samples+=("$v:$l:$r=$QM_METRICS")
      printf '%s,workloads,%s,%s,%s,%s,%s,%s\n' "$v" "$l" "$r" "$word" "$QM_BOOT_SECONDS" "$QM_RUN_SECONDS" "$QM_GUEST_BOOT" >>"$work/boots"
    done
  done
done
t_workloads=$((SECONDS - t0))

# ---- 4b. the profiling boots ------------------------------------------------------
t0=$SECONDS
profiles=()
if [ "$models" != none ]; then
  mkdir -p "$out/profiles"
  word=$(wl_layout_word 1)
  for v in "${variants[@]}"; do
    QM_APPEND=$word gp_run "${dir_of[$v]}/arch/arm64/boot/Image" "$initrd" "$pspec" "$out/boots/$v/profile" \
      "${dir_of[$v]}/vmlinux" "$models" || exit 1
    cp "$GP_PROFILE" "$work/profile-$v.jsonl"
    profiles+=(--profile "$v=$out/profiles/$v.jsonl")
    printf '%s,profile,1,1,%s,%s,%s,%s\n' "$v" "$word" "$QM_BOOT_SECONDS" "$QM_RUN_SECONDS" "$QM_GUEST_BOOT" >>"$work/boots"
  done
fi
t_profiles=$((SECONDS - t0))

# ---- 5. results: only now, with every boot done ------------------------------------
kt_step "results: medians over $layouts layouts x $runs runs"
python3 "$KT_ROOT/bench/kernel_results.py" samples "${samples[@]}" -o "$work/samples.csv" || exit 1
for v in "${variants[@]}"; do
  [ "$models" = none ] || cp "$work/profile-$v.jsonl" "$out/profiles/$v.jsonl"
done
python3 "$KT_ROOT/bench/kernel_results.py" aggregate "$work/samples.csv" \
  --variants "$(IFS=,; echo "${variants[*]}")" "${profiles[@]}" -o "$work/results.csv" || exit 1
{
  echo "variant,tree,cached,build_seconds,build_cpu_seconds,resumed,vmlinux_text_bytes,image_bytes,same_vmlinux_as_plain,kcflags,selftests_pass,selftests_total"
  while IFS= read -r line; do
    v=${line%%,*}
    echo "$line,${pass_of[$v]},${total_of[$v]}"
  done <"$work/variants"
} >"$work/variants.csv"
{ echo "compiler,variant,suite,test,result"; cat "$work/selftests"; } >"$out/selftests.csv"
{ echo "variant,kind,layout,run,append,boot_seconds,run_seconds,guest_uptime_at_boot"; cat "$work/boots"; } >"$out/boots.csv"
mv "$work/samples.csv" "$out/samples.csv"
mv "$work/variants.csv" "$out/variants.csv"
mv "$work/results.csv" "$results"

# ---- 6. the table ---------------------------------------------------------------------
echo
python3 "$KT_ROOT/bench/kernel_results.py" table "$results" "$out/variants.csv"

# ---- 7. the reports -------------------------------------------------------------------
t0=$SECONDS
kt_wait_cli "$inlinetune"
base_text=$(kt_text_size "${dir_of[baseline]}/vmlinux")
reports=()
# The guest profiles go to the report too once the CLI reads them
# (inlinetune report --guest-profiles BASE NEW: the attribution per workload).
report_profiles=0
if [ "$models" != none ] && "$inlinetune" report --help 2>&1 | grep -q -- '--guest-profiles'; then
  report_profiles=1
fi
for v in "${variants[@]}"; do
  [ "$v" != baseline ] || continue
  gp_args=()
  [ "$report_profiles" = 0 ] || gp_args=(--guest-profiles "$out/profiles/baseline.jsonl" "$out/profiles/$v.jsonl")
  new_text=$(kt_text_size "${dir_of[$v]}/vmlinux")
  model_note=
  [ "$models" = none ] || model_note="; cache misses and modelled cycles: guestprof's cache MODEL ($models), not a measurement of a real core"
  title="$v vs baseline, small arm64 kernel: instructions per operation under QEMU -icount (QEMU counts instructions, not cycles)$model_note; vmlinux .text $base_text -> $new_text bytes ($(awk -v a="$base_text" -v b="$new_text" 'BEGIN { printf "%+.2f", (b - a) * 100 / a }')%)"
  kt_run_step "report $v against baseline" "$out/logs/report-$v.log" \
    "$inlinetune" report "${dir_of[baseline]}" "${dir_of[$v]}" --results "$results" \
    --base-variant baseline --new-variant "$v" "${gp_args[@]}" --title "$title" -o "$out/report-$v.html" ||
    kt_die "step 'report $v' failed; log: $out/logs/report-$v.log (results.csv is complete; the report is not)"
  reports+=("$out/report-$v.html")
done
t_reports=$((SECONDS - t0))

echo
echo "bench-kernel: ${#variants[@]} variants (${variants[*]}) with $cc, $layouts layouts x $runs runs;" \
  "kernels $t_builds s, selftests $t_selftests s, workload boots $t_workloads s,${profiles[*]:+ profiling boots $t_profiles s,} reports $t_reports s, total $((SECONDS - t_start)) s"
if [ "$models" != none ]; then
  # The slowdown: the plugin's boots against the plain -icount boots of layout 1 run 1.
  awk -F, '$2 == "workloads" && $3 == 1 && $4 == 1 { plain[$1] = $7 } $2 == "profile" { prof[$1] = $7 }
    END { for (v in prof) if (plain[v] > 0) { n++; p += plain[v]; q += prof[v] }
          if (n) printf "bench-kernel: profiling boots %.1f s against %.1f s plain (-icount, layout 1): %.1fx slower\n", q / n, p / n, q / p }' "$out/boots.csv"
fi
echo "bench-kernel: $results, $out/variants.csv; ${reports[*]}"
