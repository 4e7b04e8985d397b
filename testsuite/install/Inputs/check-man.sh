#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-man.sh TOOL PAGES VERSION_FILE: for inlinetune(1) and each subcommand's
# page, every option spelling of its --help must be in the rendered page, and a
# subcommand's page must have its hand-written DESCRIPTION and EXAMPLES; the
# footer must carry VERSION.  Prints one line per page; exit 1 on any miss.
set -eu
tool=$1 pages=$2 version=$(cat "$3")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$here/../../..
status=0
check() { # PAGE [SUB]
  local page=$1 text n=0 missing=()
  shift
  [ -f "$pages/$page" ] || { echo "$page: missing (packaging/gen-man.sh makes one per subcommand)"; status=1; return; }
  text=$(MANWIDTH=200 man -l -E ascii "$pages/$page" 2>/dev/null | col -b)
  while read -r opt; do
    n=$((n + 1))
    grep -qe "$opt\\b" <<<"$text" || missing+=("$opt")
  done < <(python3 "$here/help_options.py" "$tool" "$@")
  if [ ${#missing[@]} -gt 0 ]; then
    echo "$page: not in the page: ${missing[*]}"
    status=1
  else
    echo "$page: $n options, all in the page"
  fi
  grep -q "inlinetune.* $version" <<<"$(tail -n 1 <<<"$text")" || { echo "$page: footer lacks version $version"; status=1; }
  if [ $# -gt 0 ]; then
    [ -f "$root/packaging/man/inlinetune-$1.h2m" ] || { echo "$page: no hand-written text: write packaging/man/inlinetune-$1.h2m"; status=1; }
    grep -q '^EXAMPLES' <<<"$text" || { echo "$page: no EXAMPLES section"; status=1; }
  fi
}
check inlinetune.1
for s in $(python3 "$here/help_options.py" --subcommands "$tool"); do
  check "inlinetune-$s.1" "$s"
done
[ $status = 0 ] && echo "all pages checked"
exit $status
