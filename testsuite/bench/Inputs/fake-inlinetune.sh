#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A stand-in for build/tools/inlinetune (INLINETUNE=this file) for
# testsuite/bench/bench-kernel.test: appends its arguments, one line per
# call, to $FAKE_INLINETUNE_LOG, and for `report ... -o FILE` writes FILE;
# with FAKE_REPORT_FAIL=1 it fails as the real one does on an unreadable log.
set -eu
echo "$*" >>"$FAKE_INLINETUNE_LOG"
if [ "${FAKE_REPORT_FAIL:-0}" = 1 ]; then
  echo "inlinetune: error: $2/fs/open.o: TU 1 (fs/open.o), line 3: truncated record" >&2
  exit 1
fi
while [ $# -gt 0 ]; do
  [ "$1" != -o ] || { echo "<html>report</html>" >"$2"; }
  shift
done
