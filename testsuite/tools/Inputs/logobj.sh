#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Usage: logobj.sh AS OUT.o [--raw] LOG.jsonl... [-- CODE.s...]
# Assembles OUT.o with a .inlinetune.log section as the plugin writes it
# (SHT_NOTE, SHF_EXCLUDE; one note per LOG, owner "inlinetune", type
# 0x494c4f47, its descriptor LOG as a zstd frame; docs/log-format.md), followed
# by CODE (for the function symbols --with-symbols reads).  --raw writes the
# raw form instead (SHT_PROGBITS, the frames back to back).  Leaves
# OUT.o.N.zst and OUT.o.s beside it.
set -eu
as=$1 out=$2
shift 2
raw=
if [ "${1-}" = --raw ]; then
  raw=1
  shift
fi
n=0
if [ -n "$raw" ]; then
  printf '\t.section .inlinetune.log,"e",%%progbits\n' > "$out.s"
else
  printf '\t.section .inlinetune.log,"e",%%note\n' > "$out.s"
fi
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  n=$((n + 1))
  zstd -q -c "$1" > "$out.$n.zst"
  if [ -n "$raw" ]; then
    printf '\t.incbin "%s"\n' "$out.$n.zst" >> "$out.s"
  else
    printf '\t.balign 4\n\t.4byte 11, %d, 0x494c4f47\n\t.asciz "inlinetune"\n\t.balign 4\n\t.incbin "%s"\n\t.balign 4\n' \
      "$(wc -c < "$out.$n.zst")" "$out.$n.zst" >> "$out.s"
  fi
  shift
done
if [ $# -gt 0 ]; then shift; fi
if [ $# -gt 0 ]; then cat "$@" >> "$out.s"; fi
"$as" "$out.s" -o "$out"
