#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# search/evaluate.sh JOB: one evaluation of a policy search, a job that
# needs nothing but this checkout, its cache and JOB, so that a local
# runner, GNU parallel on other hosts or a Slurm array can run it alike.
#
# JOB is a directory holding job.json (written by whoever made the job):
#   policy      the policy file, a path relative to JOB (required)
#   cc          the cross compiler (default aarch64-linux-gnu-gcc-12)
#   workloads   harness/workloads/ names joined by '+', or "all" (default)
#   servers     "redis memcached nginx" or a part of it (default: none)
#   layouts     fixed layouts to measure each workload over (default 3)
#   selftests   ftrace selftests to run, or "none" (default test.d/kprobe)
#   models      guestprof's cache presets joined by '+', or "none" (default n1)
#   slot        the small-kernel tree this job builds in, search-slotN, or
#               "auto" (the default; EVALUATE_SLOT overrides it): the lowest
#               N no other evaluation on this host holds (a lock held for the
#               whole job), so that runners need not number their jobs
#   logs        true: the tree's objects (their decision logs and symbol
#               tables) kept in JOB/objs, for a search's attribution; the
#               tree itself is the slot's next job's (default false)
#   replay      recorded decisions to replay (docs/replay.md): a build tree
#               or log directory, relative to JOB or absolute, that does not
#               change (its path, not its content, keys the tree and ccache);
#               replay_tus, replay_functions: replay-tus, replay-functions
#               (globs joined by ','; default: every TU, every function)
#   instrument  search/instrument.py's identity of the checkout that made
#               the job: this host's must be the same (default: not checked)
# Steps: the small kernel built with the plugin, the policy, the never-inline
# list and log=obj, through inlinetune-cc and ccache (CCACHE_DIR, default
# $INLINETUNE_CACHE/ccache): only the TUs whose settings no earlier build had
# are compiled (docs/log-format.md, "ccache with inlinetune-cc"); one boot
# for the selftests; LAYOUTS boots with -icount for the workloads (and the
# servers); one profiling boot with guestprof when models is not none.
# Output in JOB: result.json, written last and whole: status "ok" with
#   policy_sha256, cc, vmlinux_text_bytes, vmlinux_text_function_bytes (the
#   sum of .text's function symbols' sizes), selftests {pass, total, failed},
#   compiles {misses, hits} (the kernel's C sources, ccache's stats_log),
#   metrics [{workload, metric, value, runs, min, max, iterations}] (medians
#   over the layouts; cache-model metrics from the profiling boot), seconds
#   {build, boots, total}, host, slot; or status "failed" with the step that failed
#   and its log (exit 1).  Beside it: results.csv (bench-kernel's long
#   layout, variant "candidate"), samples.csv, selftests.txt, profile.jsonl,
#   compiles.jsonl (inlinetune-cc's record), ccache-stats.log, boots/.  The
#   kernel tree (its objects carry the decision logs) stays in the cache,
#   $INLINETUNE_CACHE/small/CC/search-slotN, until the slot's next job.
# Environment: EVALUATE_BUILD (default 1; 0: measure the slot's tree only if
# it is built for the job's inputs, and build nothing), INLINETUNE_CACHE,
# KSRC, KT_JOBS (harness/kernel.sh), QM_* (harness/qemu.sh), GUESTPROF,
# CCACHE_DIR.
set -eu

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL=evaluate
# shellcheck source-path=SCRIPTDIR source=../harness/kernel.sh disable=SC2034
. "$here/../harness/kernel.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/small_kernel.sh
. "$here/../harness/small_kernel.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/initramfs.sh
. "$here/../harness/initramfs.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/qemu.sh
. "$here/../harness/qemu.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/workloads.sh
. "$here/../harness/workloads.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/servers.sh
. "$here/../harness/servers.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/guest_profile.sh
. "$here/../harness/guest_profile.sh"

# The body is one brace group, which bash reads whole before it runs any of
# it: a checkout updated under a running job (bash reads a script as it
# goes) does not change the job halfway.  Measured: an edit of this file
# under two running jobs failed both at their next step (2026-12-07).
{
[ $# = 1 ] || { echo "usage: search/evaluate.sh JOB" >&2; exit 2; }
job=$(realpath "$1")
t_start=$SECONDS
step="read the job"
rm -f "$job/result.json"

# A failed step leaves a result that says which, so that a runner can tell a
# failed evaluation from a missing one (kt_die exits through here too).
# shellcheck disable=SC2317  # run by the EXIT trap
finish() {
  local rc=$?
  [ "$rc" != 0 ] || return 0
  [ -f "$job/result.json" ] && return "$rc"
  python3 - "$job/result.json" "$step" "$rc" "$(hostname)" <<'EOF' || true
import json, os, sys
path, step, rc, host = sys.argv[1:]
tmp = path + '.tmp'
with open(tmp, 'w') as f:
    json.dump({'status': 'failed', 'step': step, 'exit_status': int(rc), 'host': host}, f)
    f.write('\n')
os.replace(tmp, path)
EOF
  return "$rc"
}
trap finish EXIT

[ -f "$job/job.json" ] || kt_die "step '$step': no $job/job.json"
# The job's settings as shell assignments (values checked below).
job_policy='' job_cc='' job_workloads='' job_servers='' job_layouts='' job_selftests='' job_models='' job_slot='' job_logs='' job_instrument='' job_replay='' job_replay_tus='' job_replay_functions=''
eval "$(python3 - "$job/job.json" <<'EOF'
import json, shlex, sys
j = json.load(open(sys.argv[1]))
known = {'policy': None, 'cc': 'aarch64-linux-gnu-gcc-12', 'workloads': 'all', 'servers': '',
         'layouts': 3, 'selftests': 'test.d/kprobe', 'models': 'n1', 'slot': 'auto', 'logs': False,
         'instrument': '', 'replay': '', 'replay_tus': '', 'replay_functions': ''}
bad = sorted(set(j) - set(known))
if bad:
    print('kt_die %s' % shlex.quote("step 'read the job': unknown keys in job.json: " + ', '.join(bad)))
for k, d in known.items():
    v = j.get(k, d)
    if v is None:
        print('kt_die %s' % shlex.quote("step 'read the job': job.json has no '%s'" % k))
        v = ''
    if isinstance(d, bool):
        if not isinstance(v, bool):
            print('kt_die %s' % shlex.quote("step 'read the job': '%s' is %s: want true or false" % (k, json.dumps(v))))
        v = int(v is True)
    print('job_%s=%s' % (k, shlex.quote(str(v))))
EOF
)"
policy=$job/$job_policy
[ -f "$policy" ] || kt_die "step '$step': no policy file $policy"
case $job_layouts in '' | *[!0-9]* | 0) kt_die "step '$step': layouts=$job_layouts: want a positive number" ;; esac
job_slot=${EVALUATE_SLOT:-$job_slot}
case $job_slot in auto) ;; '' | *[!0-9]*) kt_die "step '$step': slot=$job_slot: want a number or auto" ;; esac
[[ $job_workloads =~ ^(all|none|[a-z0-9_]+(\+[a-z0-9_]+)*)$ ]] || kt_die "step '$step': workloads=$job_workloads"
gp_models_ok "$job_models" || kt_die "step '$step': models=$job_models: want presets joined by '+' or none"
replay_flags=()
if [ -n "$job_replay" ]; then
  case $job_replay in /*) replay=$job_replay ;; *) replay=$job/$job_replay ;; esac
  [ -e "$replay" ] || kt_die "step '$step': replay=$job_replay: no such file or directory"
  # Normalised (a search names ../ID/objs): jobs that replay the same log
  # pass the same option, so the tree's key does not change with the job.
  replay=$(realpath -s "$replay")
  replay_flags=("replay=$replay")
  [ -z "$job_replay_tus" ] || replay_flags+=("replay-tus=$job_replay_tus")
  [ -z "$job_replay_functions" ] || replay_flags+=("replay-functions=$job_replay_functions")
elif [ -n "$job_replay_tus$job_replay_functions" ]; then
  kt_die "step '$step': replay_tus and replay_functions need replay"
fi
if [ -n "$job_instrument" ]; then
  # A job made by another checkout (another host's, or this one's before a
  # plugin change) would be measured with another plugin: refused.
  mine=$(python3 "$here/instrument.py" "$job_cc") || kt_die "step '$step': search/instrument.py failed"
  [ "$mine" = "$job_instrument" ] ||
    kt_die "step '$step': the job was made by instrument $job_instrument, this checkout is $mine ($(python3 "$here/instrument.py" --what "$job_cc"))"
fi
launcher=$KT_BUILD/launcher/inlinetune-cc
[ -x "$launcher" ] || kt_die "step '$step': no $launcher; run 'make launcher'"
inlinetune=${INLINETUNE:-$KT_BUILD/tools/inlinetune}
[ "$job_logs" = 0 ] || [ -x "$inlinetune" ] || kt_die "step '$step': logs=true needs the CLI, $inlinetune; run 'make tools'"
command -v ccache >/dev/null || kt_die "step '$step': no ccache; run 'make deps'"
[ "$job_models" = none ] || gp_plugin
kt_ensure_ksrc

# The slot's lock, held until this script exits (its descriptor stays open):
# two evaluations on one host never share a tree.
mkdir -p "$KT_CACHE"
if [ "$job_slot" = auto ]; then
  for n in $(seq 64); do
    exec {slot_fd}>"$KT_CACHE/.lock-search-slot$n"
    if flock -n "$slot_fd"; then job_slot=$n; break; fi
    exec {slot_fd}>&-
  done
  [ "$job_slot" != auto ] || kt_die "step '$step': all 64 slots of this host are held by other evaluations"
else
  exec {slot_fd}>"$KT_CACHE/.lock-search-slot$job_slot"
  flock "$slot_fd"
fi

step="workloads and initramfs"
wl_build
IR_EXTRA="/bin/workloads=$WL_BIN"
if [ -n "$job_servers" ]; then
  sv_fetch
  sv_extra >"$job/.extra" || exit 1
  IR_EXTRA="$IR_EXTRA $(tr '\n' ' ' <"$job/.extra")"
fi
ir_build

step="build"
t0=$SECONDS
list=$(ks_never_inline_list)
mapfile -t flags < <(kt_plugin_flags "$job_cc" "policy=$policy" "policy=$list" "${replay_flags[@]}" log=obj)
rm -f "$job/ccache-stats.log" "$job/compiles.jsonl"
: >"$job/ccache-stats.log"
export CCACHE_DIR=${CCACHE_DIR:-$KT_CACHE/ccache}
if [ "${EVALUATE_BUILD:-1}" = 0 ]; then
  tree=$(ks_dir "$job_cc" "search-slot$job_slot")
  if [ ! -f "$tree/.inlinetune/stamp" ] || [ "$(cat "$tree/.inlinetune/stamp")" != "$(ks_key "$job_cc" "${flags[@]}")" ]; then
    kt_die "step '$step': $tree is not built for this job's inputs and EVALUATE_BUILD=0"
  fi
else
  CCACHE_STATSLOG=$job/ccache-stats.log INLINETUNE_CC_RECORD=$job/compiles.jsonl \
    KS_CC_LAUNCHER="$launcher --slices $KT_CACHE/policy-slices ccache" \
    ks_build "$job_cc" "search-slot$job_slot" "${flags[@]}" || exit 1
  tree=$KS_DIR
fi
t_build=$((SECONDS - t0))
read -r misses hits < <(ks_tu_compiles "$job/ccache-stats.log")
text=$(kt_text_size "$tree/vmlinux")
text_functions=$(kt_text_function_bytes "$tree/vmlinux") || kt_die "step '$step': readelf cannot read $tree/vmlinux"
rm -rf "$job/objs" "$job/objs.tmp"
if [ "$job_logs" = 1 ]; then
  # The objects themselves, not an extract: `inlinetune diff` takes real
  # bytes from their symbol tables (vmlinux.o, the ld -r merge of them all,
  # would only repeat their logs).
  step="logs"
  mkdir -p "$job/objs.tmp"
  (cd "$tree" && find . -name '*.o' ! -name vmlinux.o -print0 | tar -cf - --null -T -) |
    tar -xf - -C "$job/objs.tmp" || exit 1
  "$inlinetune" summary "$job/objs.tmp" --top 1 >/dev/null || kt_die "step '$step': the CLI cannot read the logs of $tree"
  mv "$job/objs.tmp" "$job/objs"
fi

t0=$SECONDS
step="selftests"
: >"$job/selftests.txt"
if [ "$job_selftests" != none ]; then
  spec=$(qm_selftests_spec "$job_selftests")
  QM_ICOUNT=0 QM_APPEND='' qm_run "$tree/arch/arm64/boot/Image" "$IR_FILE" "$spec" "$job/boots/selftests" || exit 1
  cp "$QM_RESULTS" "$job/selftests.txt"
fi

step="workloads"
wspec=$(qm_measure_spec "$job_workloads" "$job_servers")
[ -n "$wspec" ] || kt_die "step '$step': no workloads and no servers: nothing to measure"
samples=()
for l in $(seq "$job_layouts"); do
  QM_ICOUNT=1 QM_APPEND=$(wl_layout_word "$l") qm_run "$tree/arch/arm64/boot/Image" "$IR_FILE" "$wspec" "$job/boots/layout$l" || exit 1
  samples+=("candidate:$l:1=$QM_METRICS")
done
profile_args=()
if [ "$job_models" != none ]; then
  step="profile"
  QM_APPEND=$(wl_layout_word 1) gp_run "$tree/arch/arm64/boot/Image" "$IR_FILE" "$wspec" "$job/boots/profile" \
    "$tree/vmlinux" "$job_models" || exit 1
  cp "$GP_PROFILE" "$job/profile.jsonl"
  profile_args=(--profile "candidate=$job/profile.jsonl")
fi
t_boots=$((SECONDS - t0))

step="results"
python3 "$KT_ROOT/bench/kernel_results.py" samples "${samples[@]}" -o "$job/samples.csv"
python3 "$KT_ROOT/bench/kernel_results.py" aggregate "$job/samples.csv" --variants candidate \
  "${profile_args[@]}" -o "$job/results.csv"
python3 - "$job" "$policy" "$job_cc" "$text" "$text_functions" "$misses" "$hits" "$t_build" "$t_boots" \
  "$((SECONDS - t_start))" "$(hostname)" "$job_slot" "$job_logs" <<'EOF'
import csv, hashlib, json, os, sys
job, policy, cc, text, text_functions, misses, hits, t_build, t_boots, t_total, host, slot, logs = sys.argv[1:]
selftests = [line.split() for line in open(os.path.join(job, 'selftests.txt')) if line.strip()]
metrics = []
with open(os.path.join(job, 'results.csv')) as f:
    for row in csv.DictReader(f):
        metrics.append({'workload': row['workload'], 'metric': row['metric'], 'value': float(row['value']),
                        'runs': int(row['runs']), 'min': float(row['min']), 'max': float(row['max']),
                        'iterations': int(row['iterations'])})
result = {
    'status': 'ok',
    'policy_sha256': hashlib.sha256(open(policy, 'rb').read()).hexdigest(),
    'cc': cc,
    'vmlinux_text_bytes': int(text),
    'vmlinux_text_function_bytes': int(text_functions),
    'selftests': {'pass': sum(1 for s in selftests if s[-1] == 'PASS'), 'total': len(selftests),
                  'failed': [s[1] for s in selftests if s[-1] == 'FAIL']},
    'compiles': {'misses': int(misses), 'hits': int(hits)},
    'metrics': metrics,
    'seconds': {'build': int(t_build), 'boots': int(t_boots), 'total': int(t_total)},
    'host': host,
    'slot': int(slot),
    'logs': 'objs' if logs == '1' else None,
}
path = os.path.join(job, 'result.json')
with open(path + '.tmp', 'w') as f:
    json.dump(result, f, indent=1)
    f.write('\n')
os.replace(path + '.tmp', path)
EOF
echo "evaluate: $job: .text $text bytes, $misses TUs compiled ($hits from the cache)," \
  "selftests $(grep -c ' PASS$' "$job/selftests.txt" || true)/$(wc -l <"$job/selftests.txt")," \
  "build $t_build s, boots $t_boots s"
exit 0
}
