#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# testsuite/golden/both.sh REF_TOOL TOOL BASE NEW RESULTS PROFILE NAME...:
# outputs.sh of both binaries at the same time, into ref/ and out/ of the
# current directory (then `diff -r ref out`).  Each CLI command runs mostly
# on one thread, so on two cores the kernel-scale check takes half the wall
# time.  BASE NEW RESULTS PROFILE are names in the current directory; each
# run gets links to them in a directory of its own (outputs.sh keeps its
# scratch files in its current directory), so both print the same paths.
set -eu
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[ $# -ge 7 ] || { echo "usage: both.sh REF_TOOL TOOL BASE NEW RESULTS PROFILE NAME..." >&2; exit 2; }
ref_tool=$1 tool=$2
shift 2
for p in "$1" "$2" "$3" "$4"; do
  name=${p%/}
  case $name in */* | '') echo "both.sh: '$p' must be a name in the current directory" >&2; exit 2 ;; esac
  [ -e "$name" ] || { echo "both.sh: no '$name' in $PWD" >&2; exit 2; }
done
pids=()
for side in ref out; do
  rm -rf "$side" "$side.run"
  mkdir "$side.run"
  for p in "$1" "$2" "$3" "$4"; do ln -s "$PWD/${p%/}" "$side.run/${p%/}"; done
  t=$tool
  [ "$side" = out ] || t=$ref_tool
  (cd "$side.run" && bash "$here/outputs.sh" "$t" "../$side" "$@") &
  pids+=($!)
done
rc=0
for p in "${pids[@]}"; do wait "$p" || rc=1; done
rm -rf ref.run out.run
exit "$rc"
