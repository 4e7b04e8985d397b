#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# testsuite/kernel/run.sh: inlinetune's kernel test (`make check-kernel`).
#
# For each installed aarch64 cross compiler with a plugin build, on
# linux-source-6.1 arm64 defconfig (see bench/lib/kernel.sh for the cache):
#   self-checks   the comparison can fail (baseline vs RFC params of fs/open.o
#                 differ in .text); kbuild's command replays byte for byte; the
#                 source mirror used below changes nothing by itself
#   semantic 1    every TU of tus.txt: plugin profile=rfc == RFC_FLAGS in code
#                 and data (objcopy --strip-debug, then cmp); and the RFC params
#                 change most TUs at all (else the equality proves nothing)
#   semantic 5    profile=rfc alone inlines do_sys_openat2 and vfs_symlink into
#                 their callers; adding noinline=vfs_symlink,do_sys_openat2 keeps
#                 both out of line and called; and those objects equal RFC_FLAGS
#                 builds of fs/open.c and fs/namei.c patched with `noinline`,
#                 i.e. everything else keeps the RFC's inlining.
#   decision log  for fs/namei.o, fs/open.o, kernel/sched/core.o, net/ipv4/tcp.o:
#                 every inlining GCC reports (-fopt-info-inline-optimized) is a
#                 logged inlined site and every logged one is in GCC's report
#                 (testsuite/scripts/opt_info_agreement.py); two compiles log the
#                 same bytes; every record fits docs/log-schema.json
#                 (testsuite/scripts/validate_log.py); the header says a never-inline name was "applied"
#                 exactly in the TU that defines it.
# Prints one line per check (PASS/FAIL/SKIP), then "kernel: N passed, M failed, K skipped";
# exits 1 on any failure. Results: build/check-kernel/results.csv.
#
# Environment: INLINETUNE_CACHE, KSRC (see bench/lib/kernel.sh), TUS_FILE (default
# tus.txt here), KT_JOBS (parallel compiles, default nproc), COMPILERS (default
# "aarch64-linux-gnu-gcc-12 aarch64-linux-gnu-gcc-11"), PLUGIN_EXTRA_ARGS (more
# plugin KEY=VAL words for every plugin compile; e.g. "noinline=do_sys_open" must
# make the checks fail, which shows that they can).
# To debug one failure, rerun the "reproduce:" command it prints.
set -eu

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL='check-kernel'
# shellcheck source-path=SCRIPTDIR source=../../bench/lib/kernel.sh disable=SC2034
. "$here/../../bench/lib/kernel.sh"

TUS_FILE=${TUS_FILE:-$here/tus.txt}
read -r -a compilers <<<"${COMPILERS:-${KT_COMPILERS[*]}}"
OUT=$KT_ROOT/build/check-kernel
RESULTS=$OUT/results.csv
NOINLINE=vfs_symlink,do_sys_openat2
# TUs whose replay is compared with kbuild's own object, byte for byte.
REPLAY_TUS=(fs/open.o fs/namei.o)
# TUs whose decision log is checked against GCC's own report.
LOG_TUS=(fs/namei.o fs/open.o kernel/sched/core.o net/ipv4/tcp.o)
start=$SECONDS

mapfile -t tus < <(kt_read_tus "$TUS_FILE")
for must in fs/open.o fs/namei.o; do
  printf '%s\n' "${tus[@]}" | grep -qx "$must" || kt_die "$TUS_FILE must list $must (the noinline checks use it)"
done

mkdir -p "$OUT"
echo "compiler,check,tu,result,detail" >"$RESULTS"
npass=0 nfail=0 nskip=0

# result CC CHECK TU pass|fail|skip DETAIL
result() {
  local cc=$1 check=$2 tu=$3 res=$4 detail=${5:-}
  printf '%s,%s,%s,%s,"%s"\n' "$cc" "$check" "$tu" "$res" "${detail//\"/\"\"}" >>"$RESULTS"
  case $res in
    pass) npass=$((npass + 1)); echo "PASS: $cc :: $check${tu:+ :: $tu}${detail:+ ($detail)}" ;;
    fail) nfail=$((nfail + 1)); echo "FAIL: $cc :: $check${tu:+ :: $tu}: $detail" ;;
    skip) nskip=$((nskip + 1)); echo "SKIP: $cc :: $check${tu:+ :: $tu}: $detail" ;;
  esac
}

# ---- compiles, run as background jobs ---------------------------------------
# job KIND OUT ARGS...: KIND is kt_compile or kt_compile_ref, ARGS its arguments
# with OUT in place. A failed or aborted job leaves no OUT, so `built` tells.
job() {
  local kind=$1 out=$2
  shift 2
  rm -f "$out" "$out.failed"
  "$kind" "$@" || { rm -f "$out"; echo "$?" >"$out.failed"; }
}
built() { [ -f "$1" ] && [ ! -f "$1.failed" ]; }

# compile_failed CC CHECK TU OUT KT_COMPILE-ARGS...: reports a missing object.
compile_failed() {
  local cc=$1 check=$2 tu=$3 out=$4
  shift 4
  result "$cc" "$check" "$tu" fail "compile failed, log: $out.log; reproduce: $(kt_repro "$@")"
}

# ---- the patched-source mirror ---------------------------------------------
# make_mirror DIR patched|plain: DIR/fs holds a symlink to every entry of KSRC/fs;
# with `patched`, fs/open.c and fs/namei.c are copies with `noinline` added to the
# definitions of do_sys_openat2 and vfs_symlink. (The RFC's own namei.c hunk,
# `noinline vfs_symlink(`, drops the return type and fails -Werror=implicit-int.)
# Includes of "internal.h" etc. resolve next to the file, through the symlinks.
make_mirror() {
  local dir=$1 kind=$2 f
  rm -rf "$dir"
  mkdir -p "$dir/fs"
  for f in "$KSRC"/fs/* "$KSRC"/fs/.[!.]*; do
    [ -e "$f" ] && ln -s "$f" "$dir/fs/"
  done
  [ "$kind" = patched ] || return 0
  patch_def "$dir/fs/open.c" 's/^static long do_sys_openat2(/static noinline long do_sys_openat2(/'
  patch_def "$dir/fs/namei.c" 's/^int vfs_symlink(/noinline int vfs_symlink(/'
}

# patch_def FILE SED: replaces the symlink FILE by a copy edited by SED, which
# must change exactly one line.
patch_def() {
  local file=$1 expr=$2 orig
  orig=$(readlink "$file")
  rm "$file"
  sed "$expr" "$orig" >"$file"
  [ "$(diff "$orig" "$file" | grep -c '^>')" = 1 ] ||
    kt_die "step 'patch sources': '$expr' did not change exactly one line of $orig"
}

# ---- one compiler -----------------------------------------------------------
run_compiler() {
  local cc=$1 dir kobj tu out detail
  dir=$OUT/$cc
  kobj=$(kt_kobj_dir "$cc")
  local mplain=$OUT/mirror-plain mpatched=$OUT/mirror-patched
  local -a pf pf_noinline
  local -a extra
  read -r -a extra <<<"${PLUGIN_EXTRA_ARGS:-}"
  mapfile -t pf < <(kt_plugin_flags "$cc" profile=rfc "${extra[@]}")
  mapfile -t pf_noinline < <(kt_plugin_flags "$cc" profile=rfc "noinline=$NOINLINE" "${extra[@]}")

  kt_ensure_kobj "$cc"
  kt_build_tus "$cc" "${tus[@]}"
  rm -rf "$dir"
  mkdir -p "$dir"

  # Biggest objects first, so that the parallel jobs end together.
  local -a order
  mapfile -t order < <(for tu in "${tus[@]}"; do echo "$(stat -c %s "$kobj/$tu") $tu"; done |
    sort -rn | awk '{ print $2 }')

  kt_step "compile ${#tus[@]} TUs with RFC_FLAGS (cached) and with the plugin, $cc, $KT_JOBS jobs"
  for tu in open namei; do
    kt_bg job kt_compile "$dir/plugin-noinline/fs/$tu.o" \
      "$cc" "fs/$tu.o" "$dir/plugin-noinline/fs/$tu.o" "${pf_noinline[@]}"
    kt_bg job kt_compile_ref "$dir/patched-rfc/fs/$tu.o" --src "$mpatched/fs/$tu.c" \
      "$cc" "fs/$tu.o" "$dir/patched-rfc/fs/$tu.o" "${KT_RFC_FLAGS[@]}" "-fmacro-prefix-map=$mpatched/="
    kt_bg job kt_compile_ref "$dir/mirror-rfc/fs/$tu.o" --src "$mplain/fs/$tu.c" \
      "$cc" "fs/$tu.o" "$dir/mirror-rfc/fs/$tu.o" "${KT_RFC_FLAGS[@]}" "-fmacro-prefix-map=$mplain/="
  done
  # Not cached: this checks the replay itself, each run.
  for tu in "${REPLAY_TUS[@]}"; do
    kt_bg job kt_compile "$dir/replay/$tu" "$cc" "$tu" "$dir/replay/$tu"
  done
  for tu in "${LOG_TUS[@]}"; do
    kt_bg job kt_compile "$dir/log/$tu" "$cc" "$tu" "$dir/log/$tu" "${pf[@]}" \
      "-fopt-info-inline-optimized=$dir/log/$tu.optinfo"
  done
  for tu in "${order[@]}"; do
    kt_bg job kt_compile "$dir/plugin-rfc/$tu" "$cc" "$tu" "$dir/plugin-rfc/$tu" "${pf[@]}"
    kt_bg job kt_compile_ref "$dir/rfc/$tu" "$cc" "$tu" "$dir/rfc/$tu" "${KT_RFC_FLAGS[@]}"
  done
  wait
  kt_step "check $cc"

  # Self-check: the comparison sees the RFC's changes in fs/open.o.
  if built "$dir/rfc/fs/open.o"; then
    if detail=$(kt_compare "$kobj/fs/open.o" "$dir/rfc/fs/open.o"); then
      result "$cc" selfcheck-compare-can-fail fs/open.o fail "baseline and RFC_FLAGS objects compare equal"
    elif [[ " $detail " == *" .text(contents) "* ]]; then
      result "$cc" selfcheck-compare-can-fail fs/open.o pass "baseline vs RFC: $detail"
    else
      result "$cc" selfcheck-compare-can-fail fs/open.o fail "baseline vs RFC differ, but not in .text contents: $detail"
    fi
  fi

  # Self-check: replaying kbuild's command reproduces its object exactly.
  for tu in "${REPLAY_TUS[@]}"; do
    out=$dir/replay/$tu
    if ! built "$out"; then
      compile_failed "$cc" replay-exact "$tu" "$out" "$cc" "$tu" "$out"
    elif cmp -s "$kobj/$tu" "$out"; then
      result "$cc" replay-exact "$tu" pass "byte-identical to kbuild's object, debug info included"
    else
      result "$cc" replay-exact "$tu" fail "$(cmp "$kobj/$tu" "$out" 2>&1 | head -n 1); reproduce: $(kt_repro "$cc" "$tu" "$out")"
    fi
  done

  # Semantic 1.
  local ndiff=0
  for tu in "${tus[@]}"; do
    if ! built "$dir/rfc/$tu"; then
      compile_failed "$cc" rfc-equals-plugin "$tu" "$dir/rfc/$tu" "$cc" "$tu" "$dir/rfc/$tu" "${KT_RFC_FLAGS[@]}"
      continue
    fi
    kt_compare -q "$kobj/$tu" "$dir/rfc/$tu" || ndiff=$((ndiff + 1))
    if ! built "$dir/plugin-rfc/$tu"; then
      compile_failed "$cc" rfc-equals-plugin "$tu" "$dir/plugin-rfc/$tu" "$cc" "$tu" "$dir/plugin-rfc/$tu" "${pf[@]}"
    elif detail=$(kt_compare "$dir/rfc/$tu" "$dir/plugin-rfc/$tu"); then
      result "$cc" rfc-equals-plugin "$tu" pass
    else
      result "$cc" rfc-equals-plugin "$tu" fail "differ in: $detail; reproduce: $(kt_repro "$cc" "$tu" /tmp/rfc.o "${KT_RFC_FLAGS[@]}") ; $(kt_repro "$cc" "$tu" /tmp/plugin.o "${pf[@]}")"
    fi
  done
  # "Most": at least three quarters of the TUs.
  if [ $((ndiff * 4)) -ge $((${#tus[@]} * 3)) ]; then
    result "$cc" rfc-changes-baseline "" pass "RFC_FLAGS change $ndiff of ${#tus[@]} TUs"
  else
    result "$cc" rfc-changes-baseline "" fail "RFC_FLAGS change only $ndiff of ${#tus[@]} TUs; the equality above proves little"
  fi

  # Semantic 5, first half: who is inlined, and who stays called.
  local o_base=$kobj/fs/open.o n_base=$kobj/fs/namei.o
  local o_rfc=$dir/plugin-rfc/fs/open.o n_rfc=$dir/plugin-rfc/fs/namei.o
  local o_ni=$dir/plugin-noinline/fs/open.o n_ni=$dir/plugin-noinline/fs/namei.o
  if kt_has_symbol "$o_base" do_sys_openat2 && kt_calls "$o_base" "" do_sys_openat2 &&
    kt_calls "$n_base" do_symlinkat vfs_symlink; then
    result "$cc" selfcheck-baseline-calls fs/open.o,fs/namei.o pass "baseline keeps do_sys_openat2 and do_symlinkat's call to vfs_symlink"
  else
    result "$cc" selfcheck-baseline-calls fs/open.o,fs/namei.o fail "baseline objects already lack do_sys_openat2 or do_symlinkat's call to vfs_symlink"
  fi
  if built "$o_rfc"; then
    if kt_has_symbol "$o_rfc" do_sys_openat2; then
      result "$cc" profile-rfc-inlines fs/open.o fail "do_sys_openat2 is still a symbol with profile=rfc"
    else
      result "$cc" profile-rfc-inlines fs/open.o pass "do_sys_openat2 inlined away"
    fi
  fi
  if built "$n_rfc"; then
    if kt_calls "$n_rfc" do_symlinkat vfs_symlink; then
      result "$cc" profile-rfc-inlines fs/namei.o fail "do_symlinkat still calls vfs_symlink with profile=rfc"
    else
      result "$cc" profile-rfc-inlines fs/namei.o pass "do_symlinkat inlines vfs_symlink"
    fi
  fi
  if ! built "$o_ni"; then
    compile_failed "$cc" noinline-keeps fs/open.o "$o_ni" "$cc" fs/open.o "$o_ni" "${pf_noinline[@]}"
  elif kt_has_symbol "$o_ni" do_sys_openat2 && kt_calls "$o_ni" "" do_sys_openat2; then
    result "$cc" noinline-keeps fs/open.o pass "do_sys_openat2 defined and called"
  else
    result "$cc" noinline-keeps fs/open.o fail "do_sys_openat2 missing or never called; reproduce: $(kt_repro "$cc" fs/open.o "$o_ni" "${pf_noinline[@]}")"
  fi
  if ! built "$n_ni"; then
    compile_failed "$cc" noinline-keeps fs/namei.o "$n_ni" "$cc" fs/namei.o "$n_ni" "${pf_noinline[@]}"
  elif kt_has_symbol "$n_ni" vfs_symlink && kt_calls "$n_ni" do_symlinkat vfs_symlink; then
    result "$cc" noinline-keeps fs/namei.o pass "vfs_symlink defined and called by do_symlinkat"
  else
    result "$cc" noinline-keeps fs/namei.o fail "do_symlinkat does not call vfs_symlink; reproduce: $(kt_repro "$cc" fs/namei.o "$n_ni" "${pf_noinline[@]}")"
  fi

  # Semantic 5, strong half. Control first: the mirror (symlinks plus our
  # -fmacro-prefix-map, so __FILE__ is "fs/open.c" as in kbuild's build) alone
  # must not change the RFC object.
  for tu in open namei; do
    out=$dir/mirror-rfc/fs/$tu.o
    if ! built "$out"; then
      compile_failed "$cc" selfcheck-mirror "fs/$tu.o" "$out" --src "$mplain/fs/$tu.c" "$cc" "fs/$tu.o" "$out" "${KT_RFC_FLAGS[@]}" "-fmacro-prefix-map=$mplain/="
    elif ! built "$dir/rfc/fs/$tu.o"; then
      :
    elif detail=$(kt_compare "$dir/rfc/fs/$tu.o" "$out"); then
      result "$cc" selfcheck-mirror "fs/$tu.o" pass "unpatched mirror == KSRC build"
    else
      result "$cc" selfcheck-mirror "fs/$tu.o" fail "the mirror alone changes: $detail"
    fi
    out=$dir/patched-rfc/fs/$tu.o
    if ! built "$out"; then
      compile_failed "$cc" noinline-equals-patched "fs/$tu.o" "$out" --src "$mpatched/fs/$tu.c" "$cc" "fs/$tu.o" "$out" "${KT_RFC_FLAGS[@]}" "-fmacro-prefix-map=$mpatched/="
    elif ! built "$dir/plugin-noinline/fs/$tu.o"; then
      :
    elif detail=$(kt_compare "$out" "$dir/plugin-noinline/fs/$tu.o"); then
      result "$cc" noinline-equals-patched "fs/$tu.o" pass
    else
      result "$cc" noinline-equals-patched "fs/$tu.o" fail "differ in: $detail; reproduce: $(kt_repro --src "$mpatched/fs/$tu.c" "$cc" "fs/$tu.o" /tmp/patched.o "${KT_RFC_FLAGS[@]}" "-fmacro-prefix-map=$mpatched/=") ; $(kt_repro "$cc" "fs/$tu.o" /tmp/plugin.o "${pf_noinline[@]}")"
    fi
  done

  check_logs "$cc" "$dir"
}

# never_inline_status LOG: "name=status" for each never-inline entry of the header.
never_inline_status() {
  python3 -c 'import json, sys
h = json.loads(open(sys.argv[1]).readline())
print(" ".join(n["name"] + "=" + n["status"].replace(" ", "_") for n in h["never_inline"]))' "$1"
}

# check_logs CC DIR: the decision log checks of run_compiler.
check_logs() {
  local cc=$1 dir=$2 tu out detail
  for tu in "${LOG_TUS[@]}"; do
    out=$dir/log/$tu
    if ! built "$out"; then
      compile_failed "$cc" log-matches-gcc "$tu" "$out" "$cc" "$tu" "$out" "${pf[@]}"
      continue
    fi
    if ! kt_log "$out" "$out.jsonl"; then
      result "$cc" log-matches-gcc "$tu" fail "no readable .inlinetune.log section in $out"
      continue
    fi
    if detail=$(python3 "$KT_ROOT/testsuite/scripts/validate_log.py" "$out.jsonl"); then
      result "$cc" log-schema "$tu" pass "$detail"
    else
      result "$cc" log-schema "$tu" fail "$(head -n 5 <<<"$detail" | tr '\n' ' ')"
    fi
    if detail=$(python3 "$KT_ROOT/testsuite/scripts/opt_info_agreement.py" "$out.jsonl" "$out.optinfo"); then
      result "$cc" log-matches-gcc "$tu" pass "$(head -n 1 <<<"$detail")"
    else
      result "$cc" log-matches-gcc "$tu" fail "$(tr '\n' ' ' <<<"$detail"); log: $out.jsonl, GCC: $out.optinfo"
    fi
    # Determinism: the same TU compiled again (without -fopt-info, to another
    # object path, which the header names) logs the same records.
    if built "$dir/plugin-rfc/$tu" && kt_log "$dir/plugin-rfc/$tu" "$dir/plugin-rfc/$tu.jsonl"; then
      if cmp -s <(tail -n +2 "$out.jsonl") <(tail -n +2 "$dir/plugin-rfc/$tu.jsonl") &&
        cmp -s <(head -n 1 "$out.jsonl" | sed 's/"object":"[^"]*"//') \
          <(head -n 1 "$dir/plugin-rfc/$tu.jsonl" | sed 's/"object":"[^"]*"//'); then
        result "$cc" log-deterministic "$tu" pass "$(wc -l <"$out.jsonl") records, $(stat -c %s "$out.jsonl") bytes"
      else
        result "$cc" log-deterministic "$tu" fail "two compiles logged different records: $out.jsonl vs $dir/plugin-rfc/$tu.jsonl"
      fi
    fi
  done
  local o=$dir/plugin-noinline/fs/open.o n=$dir/plugin-noinline/fs/namei.o
  local want_o="vfs_symlink=not_defined_in_this_TU do_sys_openat2=applied"
  local want_n="vfs_symlink=applied do_sys_openat2=not_defined_in_this_TU"
  for pair in "$o|$want_o" "$n|$want_n"; do
    out=${pair%%|*}
    built "$out" || continue
    if ! kt_log "$out" "$out.jsonl"; then
      result "$cc" log-never-inline "${out#"$dir"/plugin-noinline/}" fail "no readable .inlinetune.log section"
    elif [ "$(never_inline_status "$out.jsonl")" = "${pair#*|}" ]; then
      result "$cc" log-never-inline "${out#"$dir"/plugin-noinline/}" pass "${pair#*|}"
    else
      result "$cc" log-never-inline "${out#"$dir"/plugin-noinline/}" fail "header says '$(never_inline_status "$out.jsonl")', want '${pair#*|}'"
    fi
  done
}

# ---- main -------------------------------------------------------------------
kt_step "kernel tests: ${#tus[@]} TUs from $TUS_FILE, compilers: ${compilers[*]}"
kt_ensure_ksrc
make_mirror "$OUT/mirror-plain" plain
make_mirror "$OUT/mirror-patched" patched

ran=()
for cc in "${compilers[@]}"; do
  if ! command -v "$cc" >/dev/null; then
    result "$cc" all "" skip "compiler not installed"
  elif [ ! -f "$(kt_plugin_path "$cc")" ]; then
    result "$cc" all "" skip "no plugin build at $(kt_plugin_path "$cc"); run 'make all'"
  else
    t0=$SECONDS
    run_compiler "$cc"
    ran+=("$cc")
    kt_note "$cc done in $((SECONDS - t0)) s"
  fi
done
if [ ${#ran[@]} -eq 0 ]; then
  result none all "" fail "no compiler among ${compilers[*]} has a plugin build"
fi

echo "compilers: ${ran[*]:-none}; $((SECONDS - start)) s; results: $RESULTS"
echo "kernel: $npass passed, $nfail failed, $nskip skipped"
[ "$nfail" -eq 0 ]
