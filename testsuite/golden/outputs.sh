#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# testsuite/golden/outputs.sh: every subcommand of one inlinetune binary, in
# every format, on two builds, each command's standard output, standard
# error and exit status written to a file of its own in OUT.  Two binaries'
# OUT directories are compared byte for byte (`diff -r`): the golden-output
# check of a change that must not change behaviour (golden.test,
# kernel-golden.test; README "Golden outputs").
#
#   outputs.sh INLINETUNE OUT BASE NEW RESULTS PROFILE NAME...
#
# BASE and NEW are build paths as the CLI takes them (directories, objects);
# RESULTS a results CSV (its variants "baseline" and "new", or the wide
# form); PROFILE a `symbol,weight` CSV; each NAME a function for explain.
# Paths are written as given: run from a fixed directory with relative
# paths for output that can be committed.  Each command runs with
# INLINETUNE_JOBS as set by the caller; the output is the same for any.
# GOLDEN_FORMATS (default "table csv json") picks the --format values the
# commands that take one run with: the kernel-scale check runs json only
# (every field of every row; each format's rendering is checked on the
# small inputs, and the table renderer at scale by diff-o and annotate).
set -eu

tool=$1 out=$2 base=$3 new=$4 results=$5 profile=$6
shift 6
names=("$@")

rm -rf "$out"
mkdir -p "$out"

# run NAME ARG...: the tool's stdout, stderr and status into OUT/NAME.*
run() {
  local name=$1 rc=0
  shift
  "$tool" "$@" >"$out/$name.out" 2>"$out/$name.err" || rc=$?
  echo "$rc" >"$out/$name.rc"
}

# An -o FILE output replaces stdout's (which is then empty): both kept.
# FILE is written under a fixed name in the current directory, then moved
# into OUT, so that messages naming it are the same whatever OUT is.
scratch=golden.tmp
rm -rf "$scratch"
mkdir "$scratch"
run_to() {
  local name=$1 file=$2
  shift 2
  run "$name" "$@" -o "$scratch/$file"
  [ ! -e "$scratch/$file" ] || mv "$scratch/$file" "$out/$file"
}

run help --help
for c in extract summary diff explain annotate db correlate report; do
  run "help-$c" "$c" --help
done

# extract: JSON Lines, with and without symbols; both builds.
run extract-base extract "$base"
run extract-new extract "$new"
run extract-base-symbols extract --with-symbols "$base"
run_to extract-new-o extract-new-o.jsonl extract "$new"

read -r -a formats <<<"${GOLDEN_FORMATS:-table csv json}"
for f in "${formats[@]}"; do
  case $f in table | csv | json) ;; *) echo "outputs.sh: GOLDEN_FORMATS: '$f' is not table, csv or json" >&2; exit 2 ;; esac
done
for f in "${formats[@]}"; do
  for by in dir subsystem file function reason; do
    run "summary-base-$by-$f" summary "$base" --by "$by" --format "$f"
    run "summary-new-$by-$f" summary "$new" --by "$by" --format "$f"
  done
  run "summary-new-top2-$f" summary "$new" --by function --top 2 --format "$f"

  for by in function dir subsystem file reason; do
    run "diff-$by-$f" diff "$base" "$new" --by "$by" --format "$f"
  done
  run "diff-top1-$f" diff "$base" "$new" --top 1 --format "$f"
  run "diff-named-$f" diff --base "$base" --new "$new" --format "$f"
  run "diff-reverse-$f" diff "$new" "$base" --format "$f"

  for n in "${names[@]}"; do
    run "explain-$n-base-$f" explain "$n" "$base" --format "$f"
    run "explain-$n-new-$f" explain "$n" "$new" --format "$f"
  done
  run "explain-${names[0]}-top1-$f" explain "${names[0]}" "$new" --top 1 --format "$f"
  for n in "${names[@]}"; do
    run "explain-$n-compare-$f" explain "$n" "$base" "$new" --format "$f"
  done
  # The row options, on a listing of every site and on diff's rows.
  run "explain-all-refused-ipa-$f" explain '*' "$new" --pass inline --decision refused \
    --sort location --columns file,caller,callee,location,reason,flip_at --format "$f"
  run "diff-shaped-$f" diff "$base" "$new" --reason 'MAX_INLINE_*' --sort est_delta:asc \
    --columns function,file,delta,est_delta --top 3 --format "$f"

  run "annotate-base-$f" annotate fs/open.c "$base" --format "$f"
  run "annotate-diff-$f" annotate --diff fs/open.c "$base" "$new" --format "$f"
  run "annotate-changed-$f" annotate open.c --base "$base" --new "$new" --only changed --format "$f"

  run "correlate-$f" correlate "$base" "$new" --results "$results" --format "$f"
  run "correlate-profile-$f" correlate "$base" "$new" --results "$results" \
    --profile "$profile" --format "$f"
  run "correlate-profile-base-top2-$f" correlate "$base" "$new" --results "$results" \
    --profile "$profile" --profile-build base --top 2 --format "$f"
done
run_to diff-o diff-o.txt diff "$base" "$new"

# annotate's listing needs the source text: GOLDEN_SOURCE_ROOT, when set,
# is the tree (-S); else it is looked for as annotate does.
roots=()
[ -z "${GOLDEN_SOURCE_ROOT-}" ] || roots=(-S "$GOLDEN_SOURCE_ROOT")
run annotate-text annotate fs/open.c "$base" "${roots[@]}" --color never
run annotate-diff-text annotate --diff fs/open.c "$base" "$new" "${roots[@]}" -U 1
run annotate-all-text annotate --diff fs/open.c "$base" "$new" "${roots[@]}" --all --only flipped

# db: every row of every table docs/cli.md documents, as SQL INSERTs
# (sqlite3's insert mode: each value's type shows), in the order of its key;
# not how they are stored (schema 4 made the tables views over interned
# names), which sqlite3's .dump would show.
run db-base db -o "$scratch/base.sqlite" "$base"
run db-both db -o "$scratch/both.sqlite" --build base --symbols "$base"
run db-both-append db -o "$scratch/both.sqlite" --build new --append --symbols --results "$results" "$new"
for d in base both; do
  for table_key in meta:key builds:build "tus:build, tu" "sites:build, tu, line" \
    "decisions:build, tu, id" "functions:build, tu, symbol" "symbols:build, tu, symbol" \
    "never_inline:build, tu, position" "results:file, line"; do
    sqlite3 "$scratch/$d.sqlite" ".mode insert ${table_key%%:*}" \
      "SELECT * FROM ${table_key%%:*} ORDER BY ${table_key#*:}"
  done >"$out/db-$d.sql"
done

# report: the page's data block (all it shows; docs/cli.md "The data block"),
# and the page's size without the inlined Chart.js.
report_data() {
  python3 - "$1" "$2" <<'PY'
import re, sys
page = open(sys.argv[1], encoding='utf-8').read()
m = re.search(r'<script type="application/json" id="inlinetune-data">(.*?)</script>', page, re.S)
open(sys.argv[2], 'w', encoding='utf-8').write(m[1] if m else 'no data block\n')
PY
}
run_to report report.html report "$base" "$new" --title "golden" "${roots[@]}"
run_to report-results report-results.html report "$base" "$new" --results "$results" \
  --profile "$profile" --top 3
for r in report report-results; do
  if [ -f "$out/$r.html" ]; then
    report_data "$out/$r.html" "$out/$r.data.json"
    rm "$out/$r.html"
  fi
done
rm -rf "$scratch"

# Usage errors and failures, whose messages are behaviour too.
run error-no-paths summary
run error-by summary "$base" --by nothing
run error-format diff "$base" "$new" --format yaml
run error-missing extract "$base/no-such-file.o"
run error-explain-none explain no_such_function_anywhere "$base"
run error-unknown nosuchcommand
