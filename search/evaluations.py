# SPDX-License-Identifier: GPL-3.0-or-later
"""A search's evaluations: each one a job directory of search/evaluate.sh
(docs/search.md), named by the content of its policy and job settings, so
that the same proposal made again, by this run or a restarted one, is the
same job and its recorded result is used instead of a new evaluation.

What a result measures is read here too: the geometric mean of each
workload's change against the base evaluation, and the share of the
candidate's change an evaluation keeps (the search's objective).
"""
import collections
import hashlib
import json
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


class Evaluation:
    """One proposed policy and, once run, its result (None until then)."""

    def __init__(self, work, level, label, policy_text, job, units=()):
        self.level = level
        self.label = label
        self.units = list(units)
        self.policy_text = policy_text
        self.job = dict(job)
        key = json.dumps({'policy': policy_text, 'job': self.job}, sort_keys=True)
        self.id = hashlib.sha256(key.encode()).hexdigest()[:12]
        self.dir = os.path.join(work, 'evals', self.id)
        self.result = None

    def write(self):
        """The job directory, unless it exists (a restarted search's)."""
        os.makedirs(self.dir, exist_ok=True)
        files = {
            'policy.ini': self.policy_text,
            'job.json': json.dumps(dict(self.job, policy='policy.ini'), indent=1, sort_keys=True) + '\n',
            'proposal.json': json.dumps({'level': self.level, 'label': self.label, 'units': self.units},
                                        indent=1) + '\n',
        }
        for name, text in files.items():
            path = os.path.join(self.dir, name)
            if name != 'proposal.json' and os.path.exists(path):
                if open(path).read() != text:
                    raise SearchError('%s differs from what this search would write: '
                                      'a job directory of another search?' % path)
                continue
            with open(path + '.tmp', 'w') as f:
                f.write(text)
            os.replace(path + '.tmp', path)

    def read_result(self):
        try:
            with open(os.path.join(self.dir, 'result.json')) as f:
                self.result = json.load(f)
        except (OSError, ValueError):
            self.result = None
        return self.result

    @property
    def ok(self):
        return bool(self.result) and self.result.get('status') == 'ok'

    def path(self, name):
        return os.path.join(self.dir, name)


class SearchError(Exception):
    pass


# search/evaluate.sh's job keys that replay the candidate's recorded
# decisions (docs/search.md, "Jobs"): an evaluation's settings beside its policy.
REPLAY_KEYS = ('replay', 'replay_tus', 'replay_functions')


def replay_keys(job):
    return {k: job[k] for k in REPLAY_KEYS if k in job}


def run(evaluations, runner, log):
    """Runs the evaluations without an "ok" result through search/run-jobs.sh
    (RUNNER: its options, --jobs, --sshloginfile or --slurm) and reads every
    result.  A failed evaluation stays in the list with its failed result:
    it is recorded, never counted as a measurement."""
    for e in evaluations:
        e.write()
    todo = [e for e in evaluations if not (e.read_result() and e.ok)]
    if todo:
        log('search: %d evaluation%s to run (%s)' % (len(todo), '' if len(todo) == 1 else 's',
                                                    ', '.join(e.label for e in todo)))
        cmd = ['bash', os.path.join(HERE, 'run-jobs.sh')] + runner + [e.dir for e in todo]
        out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=sys.stderr, universal_newlines=True)
        if out.returncode not in (0, 1):
            raise SearchError('search/run-jobs.sh exited %d' % out.returncode)
    for e in evaluations:
        e.read_result()


# --cycles: the kinds of modelled cycles a search can judge, and the
# metric of kernel_results.py each one reads.
CYCLES_KINDS = {'set-associative': 'modelled_cycles', 'fully-associative': 'modelled_cycles_fa'}


class Judge(collections.namedtuple('Judge', 'model kind')):
    """The modelled cycles judged beside instructions: those of guestprof's
    cache preset MODEL with its caches as the preset builds them
    (set-associative) or fully associative, without conflict misses
    (docs/guest-profile.md, "The 3C split")."""

    @property
    def metric(self):
        return CYCLES_KINDS[self.kind]

    def __str__(self):
        return self.model if self.kind == 'set-associative' else '%s, fully associative' % self.model


def metric_names(result, judge):
    """Per workload, the metric of instructions and of the modelled cycles
    JUDGE names (None: none) that RESULT has: _per_op for the
    microbenchmarks, _per_request for the servers."""
    names = {}
    for m in result['metrics']:
        w, name = m['workload'], m['metric']
        slot = names.setdefault(w, {})
        if name.startswith('instructions_per_'):
            slot['insns'] = name
        elif judge and name.startswith(judge.metric + '_per_') and name.endswith(':' + judge.model):
            slot['cycles'] = name
    return names


def values(result):
    return {(m['workload'], m['metric']): m['value'] for m in result['metrics']}


def geomean_change(result, base, workloads, kind, judge):
    """The geometric mean over WORKLOADS of RESULT's value / BASE's, minus 1
    (negative: fewer instructions or cycles per op than BASE); KIND is
    "insns" or "cycles".  None when a workload lacks the metric."""
    names = metric_names(base, judge)
    r, b = values(result), values(base)
    logs = []
    for w in workloads:
        name = names.get(w, {}).get(kind)
        if name is None or (w, name) not in r or (w, name) not in b or b[(w, name)] <= 0 or r[(w, name)] <= 0:
            return None
        logs.append(math.log(r[(w, name)] / b[(w, name)]))
    if not logs:
        return None
    return math.exp(sum(logs) / len(logs)) - 1


def workload_changes(result, base, workloads, kind, judge):
    names = metric_names(base, judge)
    r, b = values(result), values(base)
    out = {}
    for w in workloads:
        name = names.get(w, {}).get(kind)
        if name and (w, name) in r and (w, name) in b and b[(w, name)] > 0:
            out[w] = r[(w, name)] / b[(w, name)] - 1
    return out


def share(change, candidate_change):
    """The share of the candidate's reduction that CHANGE keeps (1.0: all of
    it); None without a reduction to keep."""
    if change is None or candidate_change is None or candidate_change >= 0:
        return None
    return change / candidate_change + 0.0  # + 0.0: no -0.0 for a change of 0
