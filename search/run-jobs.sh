#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# search/run-jobs.sh [OPTION...] JOB...: runs search/evaluate.sh on every
# JOB directory that has no result.json saying "ok", through GNU parallel:
# here, N at a time, or on the hosts of an sshloginfile (GNU parallel's
# format: "4/ssh -p 2222 user@host" a line; ":" is this host).  A job that
# fails runs once more (parallel's --retries 2, maybe on another host),
# then counts as failed; a run stopped and started again goes on with the
# jobs that have no "ok" result (the ones done are not run again).
#
#   --jobs N             jobs at a time on each host (default 1)
#   --sshloginfile FILE  run on those hosts (each needs this checkout at the
#                        same path with its builds, GNU parallel, and the JOB
#                        directories at the same paths: a shared file system)
#   --joblog FILE        GNU parallel's job log (default: joblog.txt beside the
#                        first JOB); appended to, one line per attempt
#   --slurm              submit the jobs as one Slurm job array instead
#                        (sbatch --wait --array=0-M%N, N from --jobs: at
#                        most N at a time; each task search/slurm-task.sh,
#                        which retries once), its output in slurm-%A_%a.out
#                        beside the job log; SBATCH_ARGS adds words to
#                        sbatch's command line (--partition=..., --time=...)
# Each job's output goes to JOB/evaluate.log.  Prints one line per JOB, "ok"
# or "failed" and the step (result.json's), or "no result" (the job never
# wrote one: killed, or a host lost), then a summary line; exits 1 when any
# JOB has no "ok" result.  EVALUATE (default search/evaluate.sh) runs
# another evaluator; INLINETUNE_CACHE, KSRC, KT_JOBS, CCACHE_DIR and EVALUATE_BUILD
# are passed on to remote hosts.
set -eu

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
evaluate=${EVALUATE:-$root/search/evaluate.sh}
jobs=1 slf='' joblog='' slurm=0
usage() { echo "usage: search/run-jobs.sh [--jobs N] [--sshloginfile FILE | --slurm] [--joblog FILE] JOB..." >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --jobs) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
    --sshloginfile) [ $# -ge 2 ] || usage; slf=$(realpath "$2"); shift 2 ;;
    --joblog) [ $# -ge 2 ] || usage; joblog=$2; shift 2 ;;
    --slurm) slurm=1; shift ;;
    --) shift; break ;;
    -*) echo "run-jobs: unknown option '$1'" >&2; usage ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || usage
case $jobs in '' | *[!0-9]* | 0) echo "run-jobs: --jobs $jobs: want a positive number" >&2; exit 2 ;; esac
[ "$slurm" = 0 ] || [ -z "$slf" ] || { echo "run-jobs: --slurm and --sshloginfile: choose one" >&2; exit 2; }
if [ "$slurm" = 1 ]; then
  command -v sbatch >/dev/null || { echo "run-jobs: --slurm: no sbatch (Debian: slurm-client)" >&2; exit 1; }
else
  command -v parallel >/dev/null || { echo "run-jobs: no GNU parallel; run 'make deps'" >&2; exit 1; }
fi
[ -z "$slf" ] || [ -f "$slf" ] || { echo "run-jobs: no sshloginfile $slf" >&2; exit 2; }

# status JOB: ok, failed STEP, or "no result".
status() {
  python3 - "$1/result.json" <<'EOF'
import json, sys
try:
    r = json.load(open(sys.argv[1]))
except (OSError, ValueError):
    print('no result')
    sys.exit()
print('ok' if r.get('status') == 'ok' else 'failed %s' % r.get('step', '?'))
EOF
}

all=() todo=()
for j in "$@"; do
  [ -f "$j/job.json" ] || { echo "run-jobs: $j: no job.json" >&2; exit 2; }
  j=$(realpath "$j")
  all+=("$j")
  [ "$(status "$j")" = ok ] || todo+=("$j")
done
joblog=${joblog:-$(dirname "${all[0]}")/joblog.txt}
mkdir -p "$(dirname "$joblog")"

if [ "$slurm" = 1 ]; then
  echo "run-jobs: ${#todo[@]} of ${#all[@]} jobs to run (the others have results), as a Slurm job array, at most $jobs at a time" >&2
else
  echo "run-jobs: ${#todo[@]} of ${#all[@]} jobs to run (the others have results)${slf:+, on the hosts of $slf}, $jobs at a time${slf:+ per host}" >&2
fi
if [ ${#todo[@]} -gt 0 ] && [ "$slurm" = 1 ]; then
  # The array's tasks read their job from a list beside the job log; sbatch
  # passes this environment on (--export=ALL, its default).
  list=$(dirname "$joblog")/slurm-jobs.txt
  printf '%s\n' "${todo[@]}" >"$list"
  read -r -a extra <<<"${SBATCH_ARGS:-}"
  sbatch --wait --array="0-$((${#todo[@]} - 1))%$jobs" --job-name=inlinetune-search \
    --output="$(dirname "$joblog")/slurm-%A_%a.out" "${extra[@]}" \
    "$root/search/slurm-task.sh" "$list" >&2 || true
elif [ ${#todo[@]} -gt 0 ]; then
  args=(--will-cite --jobs "$jobs" --retries 2 --joblog "$joblog" --halt never)
  [ -z "$slf" ] || args+=(--sshloginfile "$slf")
  for v in INLINETUNE_CACHE KSRC KT_JOBS CCACHE_DIR EVALUATE_BUILD; do
    [ -z "${!v+x}" ] || args+=(--env "$v")
  done
  # A job's failure is its result's business: parallel's own status only
  # counts them, and the lines below say which.
  printf '%s\n' "${todo[@]}" |
    parallel "${args[@]}" "bash $(printf %q "$evaluate") {} > {}/evaluate.log 2>&1" || true
fi

ok=0 bad=0
for j in "${all[@]}"; do
  s=$(status "$j")
  echo "$j $s"
  if [ "$s" = ok ]; then ok=$((ok + 1)); else bad=$((bad + 1)); fi
done
if [ "$slurm" = 1 ]; then
  echo "run-jobs: ${#all[@]} jobs: $ok ok, $bad without a result (Slurm's output: $(dirname "$joblog")/slurm-*.out)" >&2
else
  echo "run-jobs: ${#all[@]} jobs: $ok ok, $bad without a result (job log: $joblog)" >&2
fi
[ "$bad" = 0 ]
