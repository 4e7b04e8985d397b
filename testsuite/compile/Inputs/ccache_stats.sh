#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Prints the hits (direct or preprocessed) and misses of the ccache in
# $CCACHE_DIR since the last call, then zeroes its statistics.
set -eu
ccache --print-stats | awk -F'\t' '
  $1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { hits += $2 }
  $1 == "cache_miss" { misses += $2 }
  END { printf "hits %d misses %d\n", hits, misses }'
ccache --zero-stats > /dev/null
