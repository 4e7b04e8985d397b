#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# testsuite/torture/execute.sh CC PLUGIN TESTS OUT: GCC's own execute
# torture tests (TESTS: gcc.c-torture/execute, from scripts/gcc-testsuite.sh)
# built at -O2 with -fchecking (GCC verifies its call graph and IL after each
# change) and run, each test built and run once without the plugin and then
# two ways with it:
#   forced  a policy that forces every call site ("inline-call = * -> *",
#           docs/policy.md "Call sites");
#   cross   the decisions of a build with profile=rfc (logged) replayed at
#           GCC's params (docs/replay.md).
# Every test that builds and passes without the plugin must build and pass
# both ways: a forced or replayed call GCC could not inline must stay a
# call, never an ICE or wrong code.  Tests with dg- directives (options,
# targets, requirements) are left out, as their needs are not met here.
# The build without the plugin is shared by both checks (it was a third of
# their time when each made its own).  JOBS at a time (default: cores);
# SAMPLE=N (default 1: all) takes every Nth test file in name order, the
# first among them (make check without FULL=1: 8); per-test files in OUT;
# exits 1 on any failure, naming each.
set -u
[ $# -eq 4 ] || { echo "usage: execute.sh CC PLUGIN TESTS OUT" >&2; exit 2; }
cc=$1 plugin=$(realpath "$2") tests=$3 out=$4
[ -d "$tests" ] || { echo "execute: no directory $tests" >&2; exit 2; }
[ -f "$plugin" ] || { echo "execute: no plugin $plugin" >&2; exit 2; }
sample=${SAMPLE:-1}
case $sample in '' | *[!0-9]*) sample=0 ;; esac
[ "$((10#$sample))" -ge 1 ] || { echo "execute: SAMPLE=${SAMPLE-}: want a whole number, 1 or more" >&2; exit 2; }
sample=$((10#$sample))
rm -rf "$out"
mkdir -p "$out"
out=$(realpath "$out")
printf '[rule]\ninline-call = * -> *\n' >"$out/force-all.ini"

one() {
  local f=$1 b d
  b=$(basename "$f" .c)
  d=$out/work/$b
  if grep -q 'dg-' "$f"; then echo "skip $b"; return; fi
  mkdir -p "$d"/{plain,forced,rfc,cross}
  local P="-fplugin=$plugin" A=-fplugin-arg-inlinetune- opts=(-O2 -w -fchecking -lm)
  (cd "$d/plain" && timeout 120 "$cc" -O2 -w -lm "$f" -o t >err 2>&1) ||
    { rm -rf "$d"; echo "skip $b (does not build without the plugin)"; return; }
  (cd "$d/plain" && timeout 20 ./t >/dev/null 2>&1) || { rm -rf "$d"; echo "skip $b (fails without the plugin)"; return; }
  local failed=
  if (cd "$d/forced" && timeout 300 "$cc" "${opts[@]}" "$f" -o t "$P" ${A}policy="$out/force-all.ini" ${A}log=off >err 2>&1); then
    (cd "$d/forced" && timeout 20 ./t >/dev/null 2>&1) || { failed=1; echo "FAIL $b: forced: the program failed (without the plugin it passes)"; }
  else
    failed=1; echo "FAIL $b: forced: the build failed ($d/forced/err)"
  fi
  if ! (cd "$d/rfc" && timeout 300 "$cc" "${opts[@]}" "$f" -o t "$P" ${A}profile=rfc ${A}log="$d/lr" >err 2>&1); then
    failed=1; echo "FAIL $b: cross: the rfc build failed ($d/rfc/err)"
  elif (cd "$d/cross" && timeout 300 "$cc" "${opts[@]}" "$f" -o t "$P" ${A}replay="$d/lr" ${A}log=off >err 2>&1); then
    (cd "$d/cross" && timeout 20 ./t >/dev/null 2>&1) || { failed=1; echo "FAIL $b: cross: the replayed program failed (without the plugin it passes)"; }
  else
    failed=1; echo "FAIL $b: cross: the replayed build failed ($d/cross/err)"
  fi
  [ -n "$failed" ] && return
  rm -rf "$d"
  echo "pass $b"
}
export -f one
export cc plugin out
ls "$tests"/*.c | awk -v n="$sample" '(NR - 1) % n == 0' | xargs -P "${JOBS:-$(nproc)}" -I{} bash -c 'one "$1"' _ {} >"$out/results.txt" 2>&1
passed=$(grep -c '^pass ' "$out/results.txt")
skipped=$(grep -c '^skip ' "$out/results.txt")
failed=$(grep -c '^FAIL ' "$out/results.txt")
echo "execute ($cc): $passed passed both ways (forced, cross), $failed failures, $skipped skipped (dg- directives, or failing without the plugin)$([ "$sample" = 1 ] || echo " in a sample of 1 test in $sample"); results in $out/results.txt"
grep '^FAIL ' "$out/results.txt" | sort
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
