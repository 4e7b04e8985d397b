#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A stand-in for search/evaluate.sh (EVALUATE=this file) for
# testsuite/bench/run-jobs.test: counts its attempts in JOB/attempts and
# does what JOB/fake says: ok (a result), fail-once (a failed result on the
# first attempt, a result on the next), fail (a failed result, always),
# vanish (exits 1 without writing one).  Its result names the host, whether
# it ran under ssh and INLINETUNE_CACHE as it saw it.
set -eu
job=$1
n=$(($(cat "$job/attempts" 2>/dev/null || echo 0) + 1))
echo "$n" >"$job/attempts"
what=$(cat "$job/fake")
if [ "$what" = fail-once ] && [ "$n" -gt 1 ]; then what=ok; fi
ssh=no
[ -z "${SSH_CONNECTION:-}" ] || ssh=yes
case $what in
  ok) printf '{"status": "ok", "host": "%s", "ssh": "%s", "cache": "%s"}\n' "$(hostname)" "$ssh" "${INLINETUNE_CACHE:-}" >"$job/result.json" ;;
  fail | fail-once) printf '{"status": "failed", "step": "workloads"}\n' >"$job/result.json"; exit 1 ;;
  vanish) rm -f "$job/result.json"; exit 1 ;;
esac
