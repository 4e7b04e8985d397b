#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A stand-in for build/tools/inlinetune (INLINETUNE=this file) for
# testsuite/bench/bench-kernel.test and demo.test: appends its arguments, one
# line per call, to $FAKE_INLINETUNE_LOG, and writes what each subcommand's
# -o FILE would hold:
#   report            an HTML line
#   diff --format json  $FAKE_DIFF_JSON
#   diff (table)      a two-row --by reason table
#   db                a `sites` table (sqlite3) with rows for --build NAME: for
#                     plugin-rfc two sites into do_sys_openat2 and one into
#                     vfs_open refused by NEVER_INLINE_LIST, for any other
#                     build one into schedule (the demo's query must skip it);
#                     without --append the file is replaced, as the real one does
#   correlate, report with --help, a usage that names --guest-profiles when
#                     FAKE_GUEST_PROFILES=1 (the option the CLI's attribution
#                     adds); with --workload NAME, a canned attribution of NAME
# With FAKE_REPORT_FAIL=1 it fails as the real one does on an unreadable log.
set -eu
echo "$*" >>"$FAKE_INLINETUNE_LOG"
if [ "${FAKE_REPORT_FAIL:-0}" = 1 ]; then
  echo "inlinetune: error: $2/fs/open.o: TU 1 (fs/open.o), line 3: truncated record" >&2
  exit 1
fi
cmd=$1 out= format=table by= build= append=0 workload=
shift
if { [ "$cmd" = correlate ] || [ "$cmd" = report ]; } && [ "${1:-}" = --help ]; then
  echo "Usage: inlinetune $cmd BASE NEW --results CSV [--exec-profile FILE]"
  [ "${FAKE_GUEST_PROFILES:-0}" != 1 ] || echo "  --guest-profiles BASE NEW   guest profiles of both builds"
  exit 0
fi
while [ $# -gt 0 ]; do
  case $1 in
    --workload) workload=$2; shift ;;
    -o) out=$2; shift ;;
    --format) format=$2; shift ;;
    --by) by=$2; shift ;;
    --build) build=$2; shift ;;
    --append) append=1 ;;
  esac
  shift
done
[ -n "$out" ] || exit 0
case $cmd in
  report) echo "<html>report</html>" >"$out" ;;
  correlate) printf '%s -161 insns/op: vfs_statx -90, cp_new_stat -40\n' "$workload" >"$out" ;;
  diff)
    if [ "$format" = json ]; then
      cp "$FAKE_DIFF_JSON" "$out"
    elif [ "$by" = reason ]; then
      printf 'sites: 3 flipped to inlined, 1 to not inlined\n\nreason  to_inlined  to_not_inlined\nMAX_INLINE_INSNS_AUTO_LIMIT  3  0\nINLINE_UNIT_GROWTH_LIMIT  0  1\n\nPer subsystem:\nsubsystem base new\n' >"$out"
    fi ;;
  db)
    [ "$append" = 1 ] || rm -f "$out"
    if [ "$build" = plugin-rfc ]; then
      rows="('$build',1,'a','do_sys_openat2','NEVER_INLINE_LIST'),('$build',1,'a','do_sys_openat2','NEVER_INLINE_LIST'),('$build',1,'b','do_sys_openat2','NEVER_INLINE_LIST'),('$build',2,'a','vfs_open','NEVER_INLINE_LIST'),('$build',2,'c','vfs_read','OK')"
    else
      rows="('$build',1,'a','schedule','NEVER_INLINE_LIST')"
    fi
    sqlite3 "$out" "CREATE TABLE IF NOT EXISTS sites (build TEXT, tu INTEGER, id TEXT, callee TEXT, reason TEXT); INSERT INTO sites VALUES $rows;" ;;
esac
