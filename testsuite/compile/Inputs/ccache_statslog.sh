#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Prints "SOURCE hit" or "SOURCE miss" for each compile ccache logged in
# $CCACHE_STATSLOG (ccache's stats_log: a "# SOURCE" line, then that
# compile's counters), in order, then empties the log.
set -eu
awk '/^# / { if (src != "") print src, (hit ? "hit" : "miss"); src = $2; hit = 0; next }
     $1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { hit = 1 }
     END { if (src != "") print src, (hit ? "hit" : "miss") }' "$CCACHE_STATSLOG"
: > "$CCACHE_STATSLOG"
