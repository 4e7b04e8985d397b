#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# render.sh PAGES: renders each page with every warning on; prints "PAGE: clean"
# or the warnings; exit 1 if any.
set -u
n=0 bad=0
for page in "$1"/*.[157]; do
  n=$((n + 1))
  out=$( {
    groff -man -ww -z "$page" 2>&1
    MANWIDTH=80 man -l --warnings -E ascii "$page" 2>&1 >/dev/null
    lexgrog "$page" >/dev/null 2>&1 || echo "lexgrog: cannot parse NAME"
  })
  if [ -n "$out" ]; then
    echo "$(basename "$page"): $out"
    bad=$((bad + 1))
  else
    echo "$(basename "$page"): clean"
  fi
done
echo "pages: $n, warnings: $bad"
[ $bad = 0 ] && [ $n -gt 0 ]
