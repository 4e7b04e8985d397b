#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/fullkernel.sh: `make bench-fullkernel`, the plugin at the scale of a
# whole kernel. Debian's linux-source-6.1, arm64 `defconfig` plus
# kernel-configs/defconfig-ftrace.config, `Image modules`, built twice with
# aarch64-linux-gnu-gcc-12 (harness/small_kernel.sh's variants, in trees of
# their own under $INLINETUNE_CACHE/defconfig/):
#   rfc-params   no plugin, the RFC's five --param flags: the reference
#   plugin-rfc   the plugin with the same thresholds as a policy
#                (kernel-configs/policies/rfc.ini), the never-inline list
#                derived from the ftrace selftests, log=obj
# then checks, on the two finished trees:
#   no-crash      neither build log shows a compiler crash, an exception out
#                 of the plugin or a plugin internal error (and both builds
#                 finished: a failed make stops before the checks)
#   warnings      the sets of warning lines of the two logs are equal (the
#                 O= directory written as $O; the order is make -j's)
#   link          vmlinux and Image exist in both; every module of
#                 modules.order has its .ko, the same modules in both; vmlinux
#                 carries no .inlinetune.log
#   extract       `inlinetune extract` of the plugin tree finds exactly one TU
#                 per C object compiled with the plugin, without an error; no C
#                 object compiled by the target compiler lacks the plugin
# and records what it cost: wall and CPU seconds of each build, the overhead
# ratio (plugin-rfc over rfc-params), C objects, TUs, records by type, the log
# sections' bytes in the objects and the extracted JSONL's bytes, vmlinux
# .text, modules, warnings.
#
#   bash bench/fullkernel.sh                       build (or find built), check
#   bash bench/fullkernel.sh check REF_TREE PLUGIN_TREE
#                                                  only the checks, on two
#                                                  finished O= trees, each with
#                                                  its build log in
#                                                  .inlinetune/build.log
#
# The two builds run side by side by default (FK_SIDE_BY_SIDE=1), each with
# half of KT_JOBS (at least 1): on a shared or noisy machine both then see the
# same conditions, which is what the overhead ratio needs. FK_SIDE_BY_SIDE=0
# builds one after the other with KT_JOBS each. On 2 cores a build takes
# hours; a tree is kept in the cache and reused while its inputs stay the same
# (an interrupted build resumes; its times are then not a whole build's, and
# the output says so).
#
# Output (FK_OUT, default build/bench/fullkernel/): checks.csv (check, result,
# detail), figures.csv (one row per build), warnings-*.txt, c-objects.txt,
# extract.objects, extract.records,
# extract.err; a line per check (PASS/FAIL), the figures, then one summary
# line. Exit 1 when a check fails.
# Environment: INLINETUNE_CACHE, KSRC, KT_JOBS (harness/kernel.sh), CC_FULL
# (default aarch64-linux-gnu-gcc-12), INLINETUNE (default
# build/tools/inlinetune), FK_BASE and FK_FRAGMENT (default defconfig and
# kernel-configs/defconfig-ftrace.config; FK_BASE=tinyconfig with
# kernel-configs/qemu-small.config checks the small kernel's trees).
set -eu

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL=bench-fullkernel
# shellcheck source-path=SCRIPTDIR source=../harness/kernel.sh disable=SC2034
. "$here/../harness/kernel.sh"
KS_BASE=${FK_BASE:-defconfig}
KS_FRAGMENT=${FK_FRAGMENT:-$KT_ROOT/kernel-configs/defconfig-ftrace.config}
# shellcheck source-path=SCRIPTDIR source=../harness/small_kernel.sh
. "$here/../harness/small_kernel.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/kbuild_tree.sh
. "$here/../harness/kbuild_tree.sh"

cc=${CC_FULL:-aarch64-linux-gnu-gcc-12}
inlinetune=${INLINETUNE:-$KT_ROOT/build/tools/inlinetune}
out=${FK_OUT:-$KT_ROOT/build/bench/fullkernel}
side_by_side=${FK_SIDE_BY_SIDE:-1}
variants=(rfc-params plugin-rfc)

nfail=0
# What the two builds' times can be compared as (printed with the ratio).
timing="as the trees recorded them: comparable only if built under the same load"
# check NAME pass|fail DETAIL: one line on stdout, one row in checks.csv.
check() {
  printf '%s %-10s %s\n' "$(tr '[:lower:]' '[:upper:]' <<<"$2")" "$1" "$3"
  printf '%s,%s,"%s"\n' "$1" "$2" "${3//\"/\"\"}" >>"$out/checks.csv"
  [ "$2" = pass ] || nfail=$((nfail + 1))
}

# build_both: both variants built (or found built), side by side or in turn.
build_both() {
  local v pid failed=0 jobs=$KT_JOBS
  local -a pids=()
  [[ $side_by_side =~ ^[01]$ ]] || kt_die "FK_SIDE_BY_SIDE=$side_by_side: use 1 (side by side) or 0 (in turn)"
  kt_ensure_ksrc
  for v in "${variants[@]}"; do
    case $v in plugin-rfc) [ -f "$(kt_plugin_path "$cc")" ] || kt_die "no plugin built for $cc at $(kt_plugin_path "$cc"); run 'make all'" ;; esac
  done
  if [ "$side_by_side" = 1 ]; then
    jobs=$((KT_JOBS / 2))
    [ "$jobs" -ge 1 ] || jobs=1
    kt_step "building ${variants[*]} side by side, -j$jobs each ($KS_BASE; on 2 cores this takes hours; progress every ${KT_PROGRESS:-60} s)"
    for v in "${variants[@]}"; do
      KT_JOBS=$jobs KT_PROGRESS=${KT_PROGRESS:-60} ks_build_variant "$cc" "$v" &
      pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  else
    for v in "${variants[@]}"; do
      ks_build_variant "$cc" "$v" || failed=1
    done
  fi
  [ "$failed" = 0 ] || kt_die "a build failed (its message is above); nothing checked"
  # A tree found built was built by an earlier run, under its own load.
  local built_now=0
  for v in "${variants[@]}"; do
    [ "$(cat "$(ks_dir "$cc" "$v")/.inlinetune/cached")" = 1 ] || built_now=$((built_now + 1))
  done
  if [ "$built_now" = 2 ]; then
    timing="both built now, $([ "$side_by_side" = 1 ] && echo "side by side" || echo "in turn")"
  elif [ "$built_now" = 1 ]; then
    timing="one built now, one by an earlier run: comparable only if built under the same load"
  fi
}

# check_trees REF PLUGIN: the checks and the figures (see the top).
check_trees() {
  local ref=$1 sub=$2 t name detail n crash
  for t in "$ref" "$sub"; do
    [ -d "$t" ] || kt_die "no tree $t"
    [ -f "$t/.inlinetune/build.log" ] || kt_die "$t has no build log at $t/.inlinetune/build.log"
  done
  [ -x "$inlinetune" ] || kt_die "no $inlinetune; run 'make tools'"
  mkdir -p "$out"
  echo "check,result,detail" >"$out/checks.csv"

  # no-crash
  crash=''
  for t in "$ref" "$sub"; do
    detail=$(kb_crashes "$t/.inlinetune/build.log" | head -n 3 | tr '\n' ' ')
    [ -z "$detail" ] || crash+="$(basename "$t"): $detail; "
  done
  if [ -n "$crash" ]; then
    check no-crash fail "$crash"
  else
    check no-crash pass "no compiler crash, escaped exception or plugin internal error in either build log"
  fi

  # warnings
  kb_warnings "$ref/.inlinetune/build.log" "$ref" >"$out/warnings-reference.txt"
  kb_warnings "$sub/.inlinetune/build.log" "$sub" >"$out/warnings-plugin.txt"
  detail=$(kb_set_diff "$out/warnings-reference.txt" "$out/warnings-plugin.txt")
  if [ -n "$detail" ]; then
    check warnings fail "against the reference build's warnings, the plugin build's are: $detail; $out/warnings-*.txt"
  else
    check warnings pass "the same $(wc -l <"$out/warnings-plugin.txt") distinct warning lines in both builds"
  fi

  # link
  detail=''
  for t in "$ref" "$sub"; do
    for name in vmlinux arch/arm64/boot/Image; do
      [ -s "$t/$name" ] || detail+="$(basename "$t") has no $name; "
    done
    kb_modules "$t" >"$out/modules-$(basename "$t").txt"
    n=0
    while read -r name; do
      [ -f "$t/$name" ] || { n=$((n + 1)); [ "$n" -gt 3 ] || detail+="$(basename "$t") has no $name; "; }
    done <"$out/modules-$(basename "$t").txt"
    [ "$n" -le 3 ] || detail+="and $((n - 3)) more .ko missing; "
  done
  [ ! -s "$sub/vmlinux" ] || ! kb_has_log "$sub/vmlinux" || detail+="vmlinux carries a .inlinetune.log ($(kb_log_section "$sub/vmlinux")); "
  n=$(kb_set_diff "$out/modules-$(basename "$ref").txt" "$out/modules-$(basename "$sub").txt")
  [ -z "$n" ] || detail+="modules differ: $n; "
  if [ -n "$detail" ]; then
    check link fail "$detail"
  else
    check link pass "vmlinux, Image and $(wc -l <"$out/modules-$(basename "$sub").txt") modules in both builds; vmlinux without a log"
  fi

  # extract: one TU per C object compiled with the plugin.
  kb_c_objects "$sub" >"$out/c-objects.txt"
  awk '$2 == "plugin" { print $1 }' "$out/c-objects.txt" >"$out/plugin-c.txt"
  # A C object compiled without the plugin by the target compiler (not by
  # HOSTCC) is one the plugin missed: KCFLAGS filtered out by a Makefile.
  awk '$2 == "plain" { print $1 }' "$out/c-objects.txt" | while read -r name; do
    grep -qE "^(saved)?cmd_[^ ]* := ([^ ]*/)?$cc " "$sub/$(dirname "$name")/.$(basename "$name").cmd" && echo "$name"
  done >"$out/target-plain-c.txt" || true
  local rc=0
  kb_extract_tus "$inlinetune" "$out/extract" "$sub" || rc=$?
  detail=$(kb_set_diff "$out/plugin-c.txt" "$out/extract.objects")
  if [ "$rc" -ne 0 ]; then
    check extract fail "inlinetune extract exited $rc: $(grep -m 3 'error' "$out/extract.err" | tr '\n' ' '); $out/extract.err"
  elif [ ! -s "$out/plugin-c.txt" ]; then
    check extract fail "no C object of $sub was compiled with the plugin"
  elif [ -n "$detail" ]; then
    check extract fail "TUs found vs the $(wc -l <"$out/plugin-c.txt") C objects compiled with the plugin: $detail; $out/extract.objects"
  elif [ -s "$out/target-plain-c.txt" ]; then
    check extract fail "$(wc -l <"$out/target-plain-c.txt") C objects compiled by $cc without the plugin: $(head -n 5 "$out/target-plain-c.txt" | tr '\n' ' ')"
  else
    check extract pass "$(wc -l <"$out/plugin-c.txt") TUs, one per C object compiled with the plugin ($(grep -c ' plugin-O0$' "$out/c-objects.txt" || true) at -O0 without a log, as documented; $(grep -c ' plain$' "$out/c-objects.txt" || true) host C objects without); $(tail -n 1 "$out/extract.err")"
  fi

  figures "$ref" "$sub"
  rm -f "$out/extract.jsonl" # some 1 GB for defconfig; the figures are taken
}

# figures REF PLUGIN: figures.csv and the table.
figures() {
  local ref=$1 sub=$2 t wall cpu rwall rcpu records lbytes jbytes
  records=$(cat "$out/extract.records")
  echo "tree,variant,build_seconds,build_cpu_seconds,jobs,resumed,load_at_end,vmlinux_text_bytes,modules,warnings,c_objects,tus,records,log_section_bytes,jsonl_bytes" >"$out/figures.csv"
  lbytes=$(kb_log_bytes "$sub" "$out/plugin-c.txt")
  jbytes=$(stat -c %s "$out/extract.jsonl")
  for t in "$ref" "$sub"; do
    local which=reference c='' tus='' rec='' lb='' jb=''
    if [ "$t" = "$sub" ]; then
      which=plugin c=$(wc -l <"$out/plugin-c.txt") tus=$(wc -l <"$out/extract.objects") rec=$records lb=$lbytes jb=$jbytes
    fi
    printf '%s,%s,%s,%s,%s,%s,"%s",%s,%s,%s,%s,%s,"%s",%s,%s\n' "$t" "$(ks_info "$t" variant)" \
      "$(ks_info "$t" build_seconds)" "$(ks_info "$t" build_cpu_seconds)" "$(ks_info "$t" jobs)" "$(ks_info "$t" resumed)" \
      "$(ks_info "$t" load)" "$(kt_text_size "$t/vmlinux" 2>/dev/null || echo 0)" \
      "$(kb_modules "$t" | wc -l)" "$(wc -l <"$out/warnings-$which.txt")" \
      "$c" "$tus" "$rec" "$lb" "$jb" >>"$out/figures.csv"
  done
  rwall=$(ks_info "$ref" build_seconds) rcpu=$(ks_info "$ref" build_cpu_seconds)
  wall=$(ks_info "$sub" build_seconds) cpu=$(ks_info "$sub" build_cpu_seconds)
  echo
  printf '%-11s %10s %10s %5s %14s %8s %9s\n' build wall_s cpu_s jobs vmlinux_text modules warnings
  tail -n +2 "$out/figures.csv" | python3 -c 'import csv, sys
for r in csv.reader(sys.stdin):
    print("%-11s %10s %10s %5s %14s %8s %9s%s" % (r[1] or r[0].rsplit("/", 1)[-1], r[2], r[3], r[4], r[7], r[8], r[9],
          "  (resumed: not a whole build)" if r[5] == "1" else ""))'
  if [ -n "$rwall" ] && [ -n "$wall" ]; then
    printf 'overhead (plugin-rfc / rfc-params): wall %s, CPU %s (%s)\n' \
      "$(echo "scale=3; $wall / $rwall" | bc)" "$(echo "scale=3; $cpu / $rcpu" | bc)" "$timing"
  fi
  printf 'plugin-rfc logs: %s C objects, %s TUs; records: %s\n' \
    "$(wc -l <"$out/plugin-c.txt")" "$(wc -l <"$out/extract.objects")" "$records"
  printf 'log bytes: %s in the objects'"'"' .inlinetune.log sections (zstd), %s extracted as JSONL\n' "$lbytes" "$jbytes"
}

case ${1:-} in
  check)
    [ $# -eq 3 ] || kt_die "usage: bash bench/fullkernel.sh check REF_TREE PLUGIN_TREE"
    check_trees "$2" "$3"
    ;;
  '')
    build_both
    check_trees "$(ks_dir "$cc" rfc-params)" "$(ks_dir "$cc" plugin-rfc)"
    ;;
  *) kt_die "unknown argument '$1' (none builds and checks; 'check REF_TREE PLUGIN_TREE' only checks)" ;;
esac
echo "bench-fullkernel: $(($(wc -l <"$out/checks.csv") - 1 - nfail)) checks passed, $nfail failed; $out"
[ "$nfail" -eq 0 ]
