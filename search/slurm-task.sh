#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# search/slurm-task.sh LIST: one task of the Slurm job array that
# search/run-jobs.sh --slurm submits: evaluates the JOB on line
# SLURM_ARRAY_TASK_ID + 1 of LIST (search/evaluate.sh, or EVALUATE), once
# more when it fails, its output in JOB/evaluate.log.  Exits with the last
# attempt's status.
set -eu
list=$1
[ -n "${SLURM_ARRAY_TASK_ID:-}" ] || { echo "slurm-task: not a task of a job array (no SLURM_ARRAY_TASK_ID)" >&2; exit 2; }
job=$(sed -n "$((SLURM_ARRAY_TASK_ID + 1))p" "$list")
[ -n "$job" ] || { echo "slurm-task: $list has no line $((SLURM_ARRAY_TASK_ID + 1))" >&2; exit 2; }
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
evaluate=${EVALUATE:-$root/search/evaluate.sh}
bash "$evaluate" "$job" >"$job/evaluate.log" 2>&1 || bash "$evaluate" "$job" >"$job/evaluate.log" 2>&1
