#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# testsuite/torture/force-all.sh CC PLUGIN TESTS OUT: GCC's own execute
# torture tests (TESTS: gcc.c-torture/execute, from scripts/gcc-testsuite.sh)
# compiled at -O2 with a policy that forces every call site
# ("inline-call = * -> *", docs/policy.md "Call sites") and -fchecking
# (GCC verifies its call graph and IL after each change), and run.  Every
# test that compiles and passes without the plugin must compile and pass
# with it: a forced call GCC could not inline must stay a call, never an
# ICE or wrong code.  Tests with dg- directives (options, targets,
# requirements) are left out, as their needs are not met here.  Runs
# JOBS (default: cores) at a time; per-test files in OUT; exits 1 on any
# failure, naming each.
set -u
[ $# -eq 4 ] || { echo "usage: force-all.sh CC PLUGIN TESTS OUT" >&2; exit 2; }
cc=$1 plugin=$2 tests=$3 out=$4
[ -d "$tests" ] || { echo "force-all: no directory $tests" >&2; exit 2; }
[ -f "$plugin" ] || { echo "force-all: no plugin $plugin" >&2; exit 2; }
rm -rf "$out"
mkdir -p "$out"
printf '[rule]\ninline-call = * -> *\n' >"$out/force-all.ini"

one() {
  local f=$1 b d rc
  b=$(basename "$f" .c)
  d=$out/$b
  mkdir -p "$d"
  if grep -q 'dg-' "$f"; then echo "skip $b"; return; fi
  timeout 120 "$cc" -O2 -w "$f" -o "$d/plain" -lm >"$d/plain.err" 2>&1 || { echo "skip $b (does not build without the plugin)"; return; }
  timeout 20 "$d/plain" >/dev/null 2>&1 || { echo "skip $b (fails without the plugin)"; return; }
  timeout 300 "$cc" -O2 -w -fchecking "$f" -o "$d/forced" -lm -fplugin="$plugin" \
    -fplugin-arg-inlinetune-policy="$out/force-all.ini" -fplugin-arg-inlinetune-log=off >"$d/forced.err" 2>&1
  rc=$?
  if [ $rc -ne 0 ]; then echo "FAIL $b: compile exited $rc ($d/forced.err)"; return; fi
  timeout 20 "$d/forced" >/dev/null 2>&1
  rc=$?
  if [ $rc -ne 0 ]; then echo "FAIL $b: the program exited $rc (without the plugin: 0)"; return; fi
  rm -rf "$d"
  echo "pass $b"
}
export -f one
export cc plugin out
ls "$tests"/*.c | xargs -P "${JOBS:-$(nproc)}" -I{} bash -c 'one "$1"' _ {} >"$out/results.txt" 2>&1
passed=$(grep -c '^pass ' "$out/results.txt")
skipped=$(grep -c '^skip ' "$out/results.txt")
failed=$(grep -c '^FAIL ' "$out/results.txt")
echo "force-all ($cc): $passed passed, $failed failed, $skipped skipped (dg- directives, or failing without the plugin); results in $out/results.txt"
grep '^FAIL ' "$out/results.txt" | sort
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
