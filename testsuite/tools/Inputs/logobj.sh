#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Usage: logobj.sh AS OUT.o LOG.jsonl... [-- CODE.s...]
# Assembles OUT.o with a .inlinetune.log section as the plugin will write it
# (SHF_EXCLUDE, one zstd frame per LOG: one per TU), followed by CODE (for the
# function symbols --with-symbols reads).  Leaves OUT.o.zst and OUT.o.s beside it.
set -eu
as=$1 out=$2
shift 2
: > "$out.zst"
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  zstd -q -c "$1" >> "$out.zst"
  shift
done
if [ $# -gt 0 ]; then shift; fi
{
  printf '\t.section .inlinetune.log,"e",%%progbits\n\t.incbin "%s"\n' "$out.zst"
  if [ $# -gt 0 ]; then cat "$@"; fi
} > "$out.s"
"$as" "$out.s" -o "$out"
