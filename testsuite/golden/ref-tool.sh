#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# testsuite/golden/ref-tool.sh OUT_DIR: builds the inlinetune CLI of the
# commit in testsuite/golden/REF (the last commit that changed what the
# CLI prints, on purpose) into OUT_DIR/build/tools/inlinetune, from that
# commit's own Makefile and code folders (git archive: the repository's
# history is needed).  Prints the binary's path.  Rebuilt only when REF
# changes.
set -eu
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=$1
ref=$(cat "$here/REF")
bin=$out/build/tools/inlinetune
# The stamp names how it was built too: a binary of an older ref-tool.sh is rebuilt.
stamp="$ref OPT=-O2"
if [ -x "$bin" ] && [ "$(cat "$out/REF" 2>/dev/null)" = "$stamp" ]; then
  echo "$bin"
  exit 0
fi
git -C "$root" cat-file -e "$ref^{commit}" 2>/dev/null ||
  { echo "golden: error: commit $ref (testsuite/golden/REF) is not in $root's git history; the kernel golden check builds the CLI of that commit" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out"
# What `make tools` reads at REF: the Makefile and the code folders it has
# (log/ and common/ since the log library).
mapfile -t parts < <(git -C "$root" ls-tree --name-only "$ref" | grep -xE 'Makefile|plugin|tools|log|common')
git -C "$root" archive "$ref" "${parts[@]}" | tar -x -C "$out"
echo "golden: building the CLI of $ref in $out" >&2
# OPT=-O2: the code as the CLI's own build optimises it, without -g (a quarter
# of the compile time, and nothing here debugs the reference).
make -C "$out" -s --no-print-directory -j"$(nproc)" OPT=-O2 tools >&2
echo "$stamp" >"$out/REF"
echo "$bin"
