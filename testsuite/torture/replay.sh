#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# testsuite/torture/replay.sh CC PLUGIN OUT DIR...: replay
# (docs/replay.md) on GCC's own tests (from scripts/gcc-testsuite.sh):
# every .c (CC) and .C (CC's g++) file of each DIR compiled -O2 -c, each
# build in a directory of its own with the same -o, so that a log
# directory names its log as replay looks for it:
#   plain    without the plugin;
#   base     the plugin at GCC's params, logged (code must equal plain);
#   rfc      the plugin with profile=rfc, logged;
#   self     base's log replayed at GCC's params: a fixed point, its code
#            must equal plain, byte for byte;
#   cross    rfc's log replayed at GCC's params, logged: its decisions
#            against rfc's (replay_agreement.py, at least MIN_AGREEMENT,
#            default 0.96: 96.8% measured on GCC 12's ipa tests, which
#            stress recursion and clones) and its code against rfc's (at least
#            MIN_SAME_CODE of the files, default 0.95);
#   reverse  base's log replayed with profile=rfc: code against plain.
# Known failures, as GCC's testsuite marks them (an XFAIL that passes is
# a failure too, so the list stays true).  None on GCC 12's ipa tests
# since a TU at its log's params leaves the IPA inliner's refusals to GCC
# (docs/replay.md): the two where GCC's recursive inliner works
# (ipa-pr55260.c, ipa-pr61986.c) were not a fixed point before.
XFAIL_SELF=${XFAIL_SELF-}
# A file that does not compile without the plugin is skipped (dg- options
# not met here).  (The execute tests built with replay and run:
# execute.sh.)  JOBS at a time; exits 1 on any failure, naming each.
set -u
[ $# -ge 4 ] || { echo "usage: replay.sh CC PLUGIN OUT DIR..." >&2; exit 2; }
cc=$1 plugin=$(realpath "$2") out=$3
shift 3
[ -f "$plugin" ] || { echo "replay: no plugin $plugin" >&2; exit 2; }
cxx=${cc/gcc/g++}
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out"
mkdir -p "$out"
out=$(realpath "$out")

one() {
  local f=$1 b d comp rc
  case $f in *.C) comp=$cxx ;; *) comp=$cc ;; esac
  b=$(basename "$(dirname "$f")")-$(basename "$f")
  d=$out/work/$b
  mkdir -p "$d"/{plain,base,rfc,self,cross,reverse}
  local P="-fplugin=$plugin" A=-fplugin-arg-inlinetune-
  local opts=(-O2 -w -fchecking)
  opts+=(-c)
  (cd "$d/plain" && timeout 120 "$comp" "${opts[@]}" "$f" -o t.o >err 2>&1) || { echo "skip $b"; return; }
  (cd "$d/base" && timeout 300 "$comp" "${opts[@]}" "$f" -o t.o "$P" ${A}log="$out/logs/base/$b" >err 2>&1) ||
    { echo "FAIL $b: base build failed ($d/base/err)"; return; }
  (cd "$d/rfc" && timeout 300 "$comp" "${opts[@]}" "$f" -o t.o "$P" ${A}profile=rfc ${A}log="$out/logs/rfc/$b" >err 2>&1) ||
    { echo "FAIL $b: rfc build failed ($d/rfc/err)"; return; }
  (cd "$d/self" && timeout 300 "$comp" "${opts[@]}" "$f" -o t.o "$P" ${A}replay="$out/logs/base/$b" ${A}log=off >err 2>&1) ||
    { echo "FAIL $b: self replay failed ($d/self/err)"; return; }
  (cd "$d/cross" && timeout 300 "$comp" "${opts[@]}" "$f" -o t.o "$P" ${A}replay="$out/logs/rfc/$b" ${A}log="$out/logs/cross/$b" >err 2>&1) ||
    { echo "FAIL $b: cross replay failed ($d/cross/err)"; return; }
  (cd "$d/reverse" && timeout 300 "$comp" "${opts[@]}" "$f" -o t.o "$P" ${A}profile=rfc ${A}replay="$out/logs/base/$b" ${A}log=off >err 2>&1) ||
    { echo "FAIL $b: reverse replay failed ($d/reverse/err)"; return; }
  cmp -s "$d/plain/t.o" "$d/base/t.o" || { echo "FAIL $b: the logged build's code differs from the plain one"; return; }
  local xfail=
  case " $XFAIL_SELF " in *" $b "*) xfail=1 ;; esac
  if cmp -s "$d/plain/t.o" "$d/self/t.o"; then
    [ -z "$xfail" ] || { echo "FAIL $b: XPASS: self replay is a fixed point (take it off XFAIL_SELF)"; return; }
  else
    [ -n "$xfail" ] || { echo "FAIL $b: self replay is not a fixed point"; return; }
    echo "xfail $b: self replay is not a fixed point"
  fi
  local cross=same reverse=same
  cmp -s "$d/rfc/t.o" "$d/cross/t.o" || cross=differs
  cmp -s "$d/plain/t.o" "$d/reverse/t.o" || reverse=differs
  rm -rf "$d"
  echo "pass $b cross=$cross reverse=$reverse"
}
export -f one
export cc cxx plugin out XFAIL_SELF
find "$@" -maxdepth 1 \( -name '*.c' -o -name '*.C' \) | sort |
  xargs -P "${JOBS:-$(nproc)}" -I{} bash -c 'one "$1"' _ {} >"$out/results.txt" 2>&1
passed=$(grep -c '^pass ' "$out/results.txt")
xfailed=$(grep -c '^xfail ' "$out/results.txt")
skipped=$(grep -c '^skip ' "$out/results.txt")
failed=$(grep -c '^FAIL ' "$out/results.txt")
echo "replay ($cc): $passed passed, $failed failed, $xfailed known failures (self replay), $skipped skipped (not built without the plugin); results in $out/results.txt"
grep '^FAIL ' "$out/results.txt" | sort
status=0
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ] || status=1
if [ "$passed" -gt 0 ]; then
  for what in cross reverse; do
    same=$(grep -c "^pass .* $what=same" "$out/results.txt")
    [ "$what" = reverse ] && same=$(grep -c "^pass .*reverse=same" "$out/results.txt")
    echo "replay ($cc): $what: code identical in $same of $passed files"
  done
  same=$(grep -c '^pass .*cross=same' "$out/results.txt")
  awk -v s="$same" -v n="$passed" -v m="${MIN_SAME_CODE:-0.95}" 'BEGIN { exit !(s >= m * n) }' ||
    { echo "replay ($cc): cross: code identical in $same of $passed files, under ${MIN_SAME_CODE:-0.95}" >&2; status=1; }
  echo "replay ($cc): cross: decisions of rfc reproduced at GCC's params:"
  python3 "$here/replay_agreement.py" "$out/logs/rfc" "$out/logs/cross" --min "${MIN_AGREEMENT:-0.96}" || status=1
fi
exit $status
