#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# testsuite/kernel/run.sh: inlinetune's kernel test (`make check-kernel`).
#
# For each installed aarch64 cross compiler with a plugin build, on
# linux-source-6.1 arm64 defconfig (see harness/kernel.sh for the cache):
#   self-checks   the comparison can fail (baseline vs RFC params of fs/open.o
#                 differ in .text); kbuild's command replays byte for byte; the
#                 source mirror used below changes nothing by itself
#   semantic 1    every TU of kernel-tus.txt: plugin profile=rfc == RFC_FLAGS in code
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
#   link          (once, with the first compiler that has a plugin build) the
#                 small kernel (tinyconfig + kernel-configs/qemu-small.config,
#                 `Image modules`, harness/small_kernel.sh's variant
#                 plugin-rfc, so every C object carries .inlinetune.log): vmlinux
#                 has no log section (vmlinux.o has); no line of the build log
#                 names the section or an orphan section, and none warns where
#                 the baseline variant's build (if built) did not; in a copy of the tree
#                 with the section stripped from every object, kbuild relinks
#                 without compiling (what it recompiles, stripped, must be
#                 byte-identical to what it replaced, and a second round must
#                 compile nothing) a byte-identical vmlinux, Image and vdso.so,
#                 and .ko files that differ from the first ones only in the
#                 section (`ld -r` keeps it) and the build ID; `inlinetune
#                 extract` finds one log per C object in the tree, vmlinux.a,
#                 each lib.a, vmlinux.o and each .ko. See docs/kernel.md.
#   boot          (once, with the same compiler) the end-to-end test
#                 (boot_checks.sh): the small kernel with the RFC's --param
#                 flags and with the plugin (rfc.ini + the never-inline list
#                 derived from the ftrace selftests), booted under QEMU:
#                 kprobe_args_user.tc fails on the first and passes on the
#                 second, and no test of test.d/kprobe fails on the second.
# Prints one line per check (PASS/FAIL/SKIP), then "kernel: N passed, M failed, K skipped";
# exits 1 on any failure. Results: build/check-kernel/results.csv.
#
# Environment: INLINETUNE_CACHE, KSRC (see harness/kernel.sh), TUS_FILE (default
# harness/kernel-tus.txt), KT_JOBS (parallel compiles, default nproc), COMPILERS (default
# "aarch64-linux-gnu-gcc-12 aarch64-linux-gnu-gcc-11"), PLUGIN_EXTRA_ARGS (more
# plugin KEY=VAL words for every plugin compile; e.g. "noinline=do_sys_open" must
# make the checks fail, which shows that they can), CHECKS (default "tus link
# boot": the per-TU checks, the link checks, the end-to-end test; any subset),
# LINK_COMPILER (default: the first of COMPILERS with a plugin build; the link
# and boot checks use it), INLINETUNE_TOOL (default build/tools/inlinetune), and
# harness/qemu.sh's QM_* settings. The link and boot checks build two small
# kernels (about 4 minutes each on an idle 2-core machine), then keep them in
# the cache until their inputs change.
# To debug one failure, rerun the "reproduce:" command it prints.
set -eu

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL='check-kernel'
# shellcheck source-path=SCRIPTDIR source=../../harness/kernel.sh disable=SC2034
. "$here/../../harness/kernel.sh"
# shellcheck source-path=SCRIPTDIR source=../../harness/small_kernel.sh
. "$here/../../harness/small_kernel.sh"
# shellcheck source-path=SCRIPTDIR source=../../harness/kbuild_tree.sh
. "$here/../../harness/kbuild_tree.sh"
# shellcheck source-path=SCRIPTDIR source=../../harness/initramfs.sh
. "$here/../../harness/initramfs.sh"
# shellcheck source-path=SCRIPTDIR source=../../harness/qemu.sh
. "$here/../../harness/qemu.sh"
# shellcheck source-path=SCRIPTDIR source=boot_checks.sh
. "$here/boot_checks.sh"

TUS_FILE=${TUS_FILE:-$here/../../harness/kernel-tus.txt}
read -r -a compilers <<<"${COMPILERS:-${KT_COMPILERS[*]}}"
read -r -a checks <<<"${CHECKS:-tus link boot}"
TOOL=${INLINETUNE_TOOL:-$KT_ROOT/build/tools/inlinetune}
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

# ---- the small kernel, linked -------------------------------------------------
# check_extract CC WHAT WANT OUT PATH...: extract from PATHs must give exactly the
# TUs listed in WANT, without errors.
check_extract() {
  local cc=$1 what=$2 want=$3 out=$4 rc=0 d
  shift 4
  kb_extract_tus "$TOOL" "$out" "$@" || rc=$?
  d=$(kb_set_diff "$want" "$out.objects")
  if [ "$rc" -ne 0 ]; then
    result "$cc" link-extract "$what" fail "inlinetune extract exited $rc: $(grep -m 3 'error' "$out.err" | tr '\n' ' '); $out.err"
  elif [ -n "$d" ]; then
    result "$cc" link-extract "$what" fail "TUs found vs the $(wc -l <"$want") C objects expected: $d; $out.objects"
  elif [ ! -s "$want" ]; then
    result "$cc" link-extract "$what" fail "no C object expected here: the inventory is wrong"
  else
    result "$cc" link-extract "$what" pass "$(wc -l <"$want") TUs, one per C object; $(tail -n 1 "$out.err")"
    rm -f "$out.jsonl" # up to 200 MB for the whole tree
  fi
}

# check_link CC: the link checks (see the top of this file).
check_link() {
  local cc=$1 dir k kcflags detail r o n nfail0=$nfail
  dir=$OUT/link/$cc
  rm -rf "$dir"
  mkdir -p "$dir"
  if ! ks_build_variant "$cc" plugin-rfc; then
    result "$cc" link-build small-kernel fail "the plugin-rfc build failed; log: $(ks_dir "$cc" plugin-rfc)/.inlinetune/build.log"
    return 0
  fi
  k=$KS_DIR
  kcflags=$(ks_info "$k" kcflags)
  result "$cc" link-build small-kernel pass "plugin-rfc, $(ks_info "$k" build_seconds) s wall, $(ks_info "$k" build_cpu_seconds) s CPU, -j$(ks_info "$k" jobs)$([ "$KS_CACHED" = 0 ] || echo ', built by an earlier run'); $k"
  kt_step "link checks on $k"

  # Inventory, from kbuild's .cmd files and archives.
  kb_c_objects "$k" >"$dir/c-objects.txt"
  awk '$2 == "plugin" { print $1 }' "$dir/c-objects.txt" >"$dir/plugin-c.txt"
  kb_archive_members "$k" vmlinux.a | LC_ALL=C comm -12 - "$dir/plugin-c.txt" >"$dir/vmlinux.a-c.txt"
  local -a libs=()
  for o in lib/lib.a arch/arm64/lib/lib.a; do [ ! -f "$k/$o" ] || libs+=("$o"); done
  for o in "${libs[@]}"; do
    kb_archive_members "$k" "$o" | LC_ALL=C comm -12 - "$dir/plugin-c.txt" >"$dir/${o//\//%}-c.txt"
  done
  kt_note "C objects: $(wc -l <"$dir/plugin-c.txt") compiled with the plugin ($(wc -l <"$dir/vmlinux.a-c.txt") in vmlinux.a), $(grep -c ' plain$' "$dir/c-objects.txt") without (host programs)"

  # (a) vmlinux carries no log, vmlinux.o (ld -r) does; the build said nothing.
  if ! kb_has_log "$k/vmlinux.o"; then
    result "$cc" link-vmlinux-no-log vmlinux fail "vmlinux.o (ld -r of vmlinux.a) has no .inlinetune.log: the objects carry no logs, so this proves nothing"
  elif kb_has_log "$k/vmlinux"; then
    result "$cc" link-vmlinux-no-log vmlinux fail "vmlinux has a .inlinetune.log section: $(kb_log_section "$k/vmlinux")"
  else
    result "$cc" link-vmlinux-no-log vmlinux pass "vmlinux.o carries the logs ($(kb_log_section "$k/vmlinux.o")), vmlinux none"
  fi
  # Warnings: none may name the section or an orphan section; and when the
  # baseline variant is built too, none may be new against its build log.
  local blog=$k/.inlinetune/build.log bdir new_warn=''
  bdir=$(ks_dir "$cc" baseline)
  if [ -f "$bdir/.inlinetune/stamp" ]; then
    new_warn=$(LC_ALL=C comm -13 <(grep -i 'warning' "$bdir/.inlinetune/build.log" | LC_ALL=C sort -u) \
      <(grep -i 'warning' "$blog" | LC_ALL=C sort -u))
  fi
  if detail=$(grep -nE '\.inlinetune\.log|inlinetune:|orphan' "$blog"); then
    result "$cc" link-no-warnings build.log fail "$(head -n 3 <<<"$detail" | tr '\n' ' '); $blog"
  elif [ -n "$new_warn" ]; then
    result "$cc" link-no-warnings build.log fail "warnings the baseline build ($bdir) does not print: $(head -n 3 <<<"$new_warn" | tr '\n' ' '); $blog"
  else
    result "$cc" link-no-warnings build.log pass "no line names .inlinetune.log, 'inlinetune:' or an orphan section; $(grep -ci 'warning' "$blog" || true) warning lines in all$([ -f "$bdir/.inlinetune/stamp" ] && echo ", none new against the baseline build" || echo " (no baseline build to compare with)")"
  fi

  # (b) Strip the log from every object of a copy of the tree; kbuild relinks.
  # A relink can recompile: kbuild regenerates include/generated/vdso-offsets.h
  # whenever the vDSO is relinked (its C object lost its log too), and three
  # arch/arm64/kernel objects include it. So strip and relink in rounds until
  # a round compiles nothing (at most 3), and check that every object a round
  # recompiled is, stripped, byte-identical to what it replaced.
  r=$dir/relink
  kt_step "copy $k to $r and strip .inlinetune.log from its objects"
  cp -a "$k" "$r"
  rm -rf "$r/.inlinetune"
  touch "$dir/relink.marker"
  local round=0 nstripped=0 recompiled='' first_recompiled='' why='' ncc
  while :; do
    round=$((round + 1))
    kb_logged_objects "$r" >"$dir/logged-$round.txt"
    n=0
    while read -r o; do
      "$KT_OBJCOPY" --remove-section=.inlinetune.log "$r/$o" && n=$((n + 1))
    done <"$dir/logged-$round.txt"
    [ "$round" -gt 1 ] || nstripped=$n
    (cd "$r" && find . -name '*.o' -printf '%P\0' | LC_ALL=C sort -z | xargs -0 sha256sum) >"$dir/stripped-$round.sha256"
    kt_note "round $round: stripped $n objects"
    if ! kt_run_step "relink $r, round $round (make -j$KT_JOBS ${KS_TARGETS[*]})" "$dir/relink-$round.log" \
      ks_kmake "$r" "$cc" "$kcflags" -j"$KT_JOBS" "${KS_TARGETS[@]}"; then
      result "$cc" relink-no-recompile small-kernel fail "make failed in the stripped copy; log: $dir/relink-$round.log"
      return 0
    fi
    # Objects kbuild compiled (rather than linked) in this round.
    recompiled=$( (cd "$r" && sha256sum -c --quiet "$dir/stripped-$round.sha256" 2>/dev/null || true) |
      sed -n 's/: FAILED.*//p' | LC_ALL=C sort | LC_ALL=C comm -12 - <(awk '{ print $1 }' "$dir/c-objects.txt"))
    ncc=$(grep -cE '^  CC( \[M\])? ' "$dir/relink-$round.log" || true)
    [ -n "$recompiled" ] || [ "$ncc" -ne 0 ] || break
    if [ "$round" = 1 ]; then
      first_recompiled=$recompiled
      why=$(grep -E '^  (VDSOSYM|MKELF) ' "$dir/relink-1.log" | awk '{ print $2 }' | paste -sd' ' -)
    fi
    [ "$round" -lt 3 ] || break
  done
  kb_logged_objects "$r" >"$dir/logged-after.txt"
  if [ ! "$r/vmlinux" -nt "$dir/relink.marker" ]; then
    result "$cc" relink-no-recompile small-kernel fail "kbuild did not relink vmlinux after the objects changed; logs: $dir/relink-*.log"
  elif [ -s "$dir/logged-after.txt" ]; then
    result "$cc" relink-no-recompile small-kernel fail "after the relink, $(wc -l <"$dir/logged-after.txt") objects of the copy carry a log: $(head -n 5 "$dir/logged-after.txt" | tr '\n' ' ')"
  elif [ -n "$recompiled" ] || [ "$ncc" -ne 0 ]; then
    result "$cc" relink-no-recompile small-kernel fail "round $round still compiled $ncc objects ($(head -n 5 <<<"$recompiled" | tr '\n' ' ')); log: $dir/relink-$round.log"
  else
    # Each object round 1 recompiled, stripped again, must equal its stripped original.
    local differ=''
    for o in $first_recompiled; do
      [ "$(grep -F "  $o" "$dir/stripped-1.sha256" | cut -c1-64)" = "$(grep -F "  $o" "$dir/stripped-$round.sha256" | cut -c1-64)" ] ||
        differ+="$o "
    done
    if [ -n "$differ" ]; then
      result "$cc" relink-no-recompile small-kernel fail "kbuild recompiled $(wc -w <<<"$first_recompiled") objects, and these came out different: $differ"
    elif [ -z "$first_recompiled" ]; then
      result "$cc" relink-no-recompile small-kernel pass "$nstripped objects stripped; kbuild relinked vmlinux and the .ko files and compiled nothing"
    else
      result "$cc" relink-no-recompile small-kernel pass "$nstripped objects stripped; round 1 recompiled $(wc -w <<<"$first_recompiled") ($(tr '\n' ' ' <<<"$first_recompiled")after regenerating ${why:-nothing}), each byte-identical to its original once stripped; round $round stripped them again and compiled nothing"
    fi
  fi
  for o in vmlinux arch/arm64/boot/Image arch/arm64/kernel/vdso/vdso.so; do
    if [ ! -f "$k/$o" ]; then
      result "$cc" relink-identical "$o" fail "not built"
    elif cmp -s "$k/$o" "$r/$o"; then
      result "$cc" relink-identical "$o" pass "byte-identical, $(stat -c %s "$k/$o") bytes, linked from objects with and without logs"
    else
      result "$cc" relink-identical "$o" fail "$(cmp "$k/$o" "$r/$o" 2>&1 | head -n 1)"
    fi
  done

  # (c) The modules: what ld -r did with the section, and the rest of the .ko.
  # ld -r keeps the section, and ld computes the GNU build ID over the whole
  # output, log included: compare the two .ko without the log and without the
  # build-ID note, and say whether the build IDs differ.
  local -a kos
  mapfile -t kos < <(cd "$k" && find . -name '*.ko' -printf '%P\n' | LC_ALL=C sort)
  [ ${#kos[@]} -gt 0 ] || result "$cc" relink-ko-identical "" fail "the small kernel built no .ko"
  mkdir -p "$dir/ko"
  local ko a b ida idb
  for ko in "${kos[@]}"; do
    a=$dir/ko/${ko//\//%}.orig
    b=$dir/ko/${ko//\//%}.relinked
    "$KT_OBJCOPY" --remove-section=.inlinetune.log --remove-section=.note.gnu.build-id "$k/$ko" "$a"
    "$KT_OBJCOPY" --remove-section=.inlinetune.log --remove-section=.note.gnu.build-id "$r/$ko" "$b"
    ida=$("$KT_READELF" -n "$k/$ko" | sed -n 's/.*Build ID: //p')
    idb=$("$KT_READELF" -n "$r/$ko" | sed -n 's/.*Build ID: //p')
    if ! kb_has_log "$k/$ko"; then
      detail="ld -r dropped the section"
    else
      detail="ld -r kept the section ($(kb_log_section "$k/$ko"))"
    fi
    if [ "$ida" = "$idb" ]; then
      detail+="; same build ID"
    else
      detail+="; the build IDs differ (${ida:0:12}... with logs, ${idb:0:12}... without)"
    fi
    if kb_has_log "$r/$ko"; then
      result "$cc" relink-ko-identical "$ko" fail "the .ko relinked from stripped objects has a log: $(kb_log_section "$r/$ko")"
    elif [ ! "$r/$ko" -nt "$dir/relink.marker" ]; then
      result "$cc" relink-ko-identical "$ko" fail "kbuild did not relink it"
    elif ! cmp -s "$a" "$b"; then
      result "$cc" relink-ko-identical "$ko" fail "$detail; without the log and the build ID the two .ko still differ: $(cmp "$a" "$b" 2>&1 | head -n 1)"
    else
      result "$cc" relink-ko-identical "$ko" pass "$detail; otherwise byte-identical to the .ko linked from stripped objects"
    fi
  done

  # (c) inlinetune extract finds every C object's log where it lives.
  if [ ! -x "$TOOL" ]; then
    result "$cc" link-extract "" skip "no $TOOL; run 'make tools'"
  else
    check_extract "$cc" "the O= tree" "$dir/plugin-c.txt" "$dir/x-tree" "$k"
    check_extract "$cc" vmlinux.a "$dir/vmlinux.a-c.txt" "$dir/x-vmlinux.a" "$k/vmlinux.a"
    for o in "${libs[@]}"; do
      check_extract "$cc" "$o" "$dir/${o//\//%}-c.txt" "$dir/x-${o//\//%}" "$k/$o"
    done
    # vmlinux.o holds vmlinux.a whole and the lib.a members the link needed.
    local rc=0
    kb_extract_tus "$TOOL" "$dir/x-vmlinux.o" "$k/vmlinux.o" || rc=$?
    cat "$dir"/*lib.a-c.txt 2>/dev/null | LC_ALL=C sort -u >"$dir/lib-c.txt"
    LC_ALL=C sort -u "$dir/vmlinux.a-c.txt" "$dir/lib-c.txt" >"$dir/vmlinux.o-possible.txt"
    detail=$(LC_ALL=C comm -23 "$dir/vmlinux.a-c.txt" "$dir/x-vmlinux.o.objects" | head -n 5 | tr '\n' ' ')
    local extra
    extra=$(LC_ALL=C comm -13 "$dir/vmlinux.o-possible.txt" "$dir/x-vmlinux.o.objects" | head -n 5 | tr '\n' ' ')
    if [ "$rc" -ne 0 ] || [ -n "$detail" ] || [ -n "$extra" ]; then
      result "$cc" link-extract vmlinux.o fail "exit $rc; missing: ${detail:-none}; not from vmlinux.a or lib.a: ${extra:-none}; $dir/x-vmlinux.o.err"
    else
      rm -f "$dir/x-vmlinux.o.jsonl"
      # With CONFIG_MODULES, kbuild puts lib-y objects in built-in.a too.
      result "$cc" link-extract vmlinux.o pass "$(wc -l <"$dir/x-vmlinux.o.objects") TUs: all $(wc -l <"$dir/vmlinux.a-c.txt") of vmlinux.a (which holds $(LC_ALL=C comm -12 "$dir/lib-c.txt" "$dir/vmlinux.a-c.txt" | wc -l) of the $(wc -l <"$dir/lib-c.txt") C members of lib.a) and $(LC_ALL=C comm -23 "$dir/x-vmlinux.o.objects" "$dir/vmlinux.a-c.txt" | wc -l) lib.a members the link pulled in besides"
    fi
    for ko in "${kos[@]}"; do
      # A module's objects are listed in its .mod file; modpost adds .mod.o.
      { tr ' ' '\n' <"$k/${ko%.ko}.mod"; echo "${ko%.ko}.mod.o"; } | sed '/^$/d' | LC_ALL=C sort |
        LC_ALL=C comm -12 - "$dir/plugin-c.txt" >"$dir/ko/${ko//\//%}-c.txt"
      check_extract "$cc" "$ko" "$dir/ko/${ko//\//%}-c.txt" "$dir/x-${ko//\//%}" "$k/$ko"
    done
    # Every C object of vmlinux: link-vmlinux.sh links vmlinux.a, the lib.a
    # members it needs (as in vmlinux.o) and two objects of its own.
    printf '%s\n' .vmlinux.export.o init/version-timestamp.o | LC_ALL=C sort >"$dir/link-added.txt"
    LC_ALL=C sort -u "$dir/x-vmlinux.o.objects" "$dir/link-added.txt" >"$dir/vmlinux-c.txt"
    detail=$(kb_set_diff "$dir/vmlinux-c.txt" <(LC_ALL=C comm -12 "$dir/vmlinux-c.txt" "$dir/x-tree.objects"))
    cat "$dir"/ko/*-c.txt | LC_ALL=C sort -u >"$dir/modules-c.txt"
    LC_ALL=C sort -u "$dir/vmlinux-c.txt" "$dir/modules-c.txt" | LC_ALL=C comm -13 - "$dir/plugin-c.txt" >"$dir/other-c.txt"
    if [ -n "$detail" ] || [ "$(LC_ALL=C comm -12 "$dir/link-added.txt" "$dir/plugin-c.txt" | wc -l)" -ne 2 ]; then
      result "$cc" link-extract "vmlinux, every C object" fail "${detail:-.vmlinux.export.o or init/version-timestamp.o was not compiled with the plugin}; $dir/vmlinux-c.txt"
    else
      result "$cc" link-extract "vmlinux, every C object" pass "$(wc -l <"$dir/vmlinux-c.txt") C objects (vmlinux.o's $(wc -l <"$dir/x-vmlinux.o.objects"), .vmlinux.export.o, init/version-timestamp.o) each have their log; C objects with logs in modules: $(wc -l <"$dir/modules-c.txt"), elsewhere: $(wc -l <"$dir/other-c.txt") ($(tr '\n' ' ' <"$dir/other-c.txt" | cut -c1-120))"
    fi
  fi
  # The stripped copy is only needed to look into a failure.
  [ "$nfail" -gt "$nfail0" ] || rm -rf "$r"
}

# ---- main -------------------------------------------------------------------
for c in "${checks[@]}"; do
  case $c in tus | link | boot) ;; *) kt_die "CHECKS: unknown check '$c' (known: tus link boot)" ;; esac
done
wants() { [[ " ${checks[*]} " == *" $1 "* ]]; }
kt_step "kernel tests (${checks[*]}): ${#tus[@]} TUs from $TUS_FILE, compilers: ${compilers[*]}"
kt_ensure_ksrc

usable=()
for cc in "${compilers[@]}"; do
  if ! command -v "$cc" >/dev/null; then
    result "$cc" all "" skip "compiler not installed"
  elif [ ! -f "$(kt_plugin_path "$cc")" ]; then
    result "$cc" all "" skip "no plugin build at $(kt_plugin_path "$cc"); run 'make all'"
  else
    usable+=("$cc")
  fi
done
if [ ${#usable[@]} -eq 0 ]; then
  result none all "" fail "no compiler among ${compilers[*]} has a plugin build"
fi

ran=()
if wants tus && [ ${#usable[@]} -gt 0 ]; then
  make_mirror "$OUT/mirror-plain" plain
  make_mirror "$OUT/mirror-patched" patched
  for cc in "${usable[@]}"; do
    t0=$SECONDS
    run_compiler "$cc"
    ran+=("$cc")
    kt_note "$cc done in $((SECONDS - t0)) s"
  done
fi
if wants link && [ ${#usable[@]} -gt 0 ]; then
  link_cc=${LINK_COMPILER:-${usable[0]}}
  if [[ " ${usable[*]} " != *" $link_cc "* ]]; then
    result "$link_cc" link "" fail "LINK_COMPILER=$link_cc is not among the usable compilers (${usable[*]})"
  else
    t0=$SECONDS
    check_link "$link_cc"
    [[ " ${ran[*]} " == *" $link_cc "* ]] || ran+=("$link_cc")
    kt_note "link checks with $link_cc done in $((SECONDS - t0)) s"
  fi
fi

if wants boot && [ ${#usable[@]} -gt 0 ]; then
  boot_cc=${LINK_COMPILER:-${usable[0]}}
  if [[ " ${usable[*]} " != *" $boot_cc "* ]]; then
    result "$boot_cc" boot "" fail "LINK_COMPILER=$boot_cc is not among the usable compilers (${usable[*]})"
  else
    t0=$SECONDS
    check_boot "$boot_cc"
    [[ " ${ran[*]} " == *" $boot_cc "* ]] || ran+=("$boot_cc")
    kt_note "boot checks with $boot_cc done in $((SECONDS - t0)) s"
  fi
fi

echo "compilers: ${ran[*]:-none}; $((SECONDS - start)) s; results: $RESULTS"
echo "kernel: $npass passed, $nfail failed, $nskip skipped"
[ "$nfail" -eq 0 ]
