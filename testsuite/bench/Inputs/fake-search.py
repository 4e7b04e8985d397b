#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A small world for testsuite/bench/search.test: four callers whose
inlining the candidate (profile rfc) changes, what each is worth, and a
stand-in for search/evaluate.sh that measures a policy in that world.

  fake-search.py world DIR      the two references' decision logs and guest
                                profiles (DIR/base.jsonl, new.jsonl,
                                base.prof, new.prof)
  fake-search.py evaluate JOB   JOB/result.json, as evaluate.sh writes it (and
                                for logs: true, JOB/objs/logs.jsonl and
                                JOB/profile.jsonl: the world's)

The units (TU, caller: its flipped sites; its effect when the policy gives
the caller the candidate's params, or forces its sites; .text bytes):
  fs/stat.c  vfs_fstatat    a1 +vfs_statx           stat -5/op             +100
  fs/open.c  do_open        b1 +path_init, b3 -may_open  open_close -4/op, futex_pingpong -2/op  +120
                                 (half of it when a function rule names do_open without path_init)
  fs/open.c  do_dentry_open b2 +fops_get            open_close -1/op       +60
  fs/open.c  slow_open      b4 +open_helper         none                   +200
  mm/cold.c  cold_fn        c1 +big_helper          none (no workload runs it)  +1160
Base .text 10000 bytes; per op: stat 75, open_close 65, every other
workload 100 (redis 1000 per request); modelled cycles 1.5x, with and
without conflict misses (modelled_cycles_fa), unless FAKE_CONFLICTS
("workload=N;...") adds N conflict cycles per op to a workload's
modelled_cycles in every evaluation that turns a unit on (its code moved;
the base's stay).  Effects add up.  FAKE_FAIL (a regular expression): a policy that matches it fails (step
"workloads"), at every attempt.  FAKE_NO_GAIN=1: no unit has an effect.
FAKE_SITE_EFFECT ("caller:workload=N;..."): a caller's effect on a workload
when only its sites (inline-site), not the params, turn it on (the params
decide more than the sites name, and a forced site can cost).
A job with the replay keys (search/evaluate.sh's: replay, replay_tus,
replay_functions) replays the log at `replay` (relative to JOB, refused
when missing): where it is the candidate's, every unit of a TU and a
caller the globs match gets its whole effect, as the params give it (what
the sites alone cannot: FAKE_SITE_EFFECT does not apply).
Each evaluation is counted in JOB/attempts.
"""
import fnmatch
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROFILE = os.path.join(HERE, '..', '..', 'tools', 'Inputs', 'guest-profile.py')

UNITS = {
    ('fs/stat.c', 'vfs_fstatat'): ({'stat': -5}, 100, ['00000000000000a1']),
    ('fs/open.c', 'do_open'): ({'open_close': -4, 'futex_pingpong': -2}, 120, ['00000000000000b1']),
    ('fs/open.c', 'do_dentry_open'): ({'open_close': -1}, 60, ['00000000000000b2']),
    ('fs/open.c', 'slow_open'): ({}, 200, ['00000000000000b4']),
    ('mm/cold.c', 'cold_fn'): ({}, 1160, ['00000000000000c1']),
}
BASE = {'stat': 75.0, 'open_close': 65.0}


def site(sid, caller, callee, loc, inlined, limit=None):
    r = {'record': 'site', 'id': sid, 'pass': 'inline', 'caller': caller, 'callee': callee,
         'location': loc, 'inlined': inlined, 'reason': 'OK' if inlined else 'MAX_INLINE_INSNS_AUTO_LIMIT'}
    if not inlined:
        r['limit'] = {'param': 'max-inline-insns-auto', 'value': 15, 'flip_at': 40}
    return r


def fn(name, before, after, out_of_line):
    r = {'record': 'function', 'name': name, 'size_before': before, 'out_of_line': out_of_line}
    if out_of_line:
        r['size_after'] = after
    return r


def logs(new):
    tus = [
        ('fs/open.c', [site('00000000000000b1', 'do_open', 'path_init', 'fs/open.c:20:9', new),
                       site('00000000000000b3', 'do_open', 'may_open', 'fs/open.c:21:9', not new),
                       site('00000000000000b2', 'do_dentry_open', 'fops_get', 'fs/open.c:40:9', new),
                       fn('do_open', 40, 80 if new else 45, True), fn('path_init', 30, 30, True),
                       fn('may_open', 5, 5, True), fn('do_dentry_open', 30, 45 if new else 30, True),
                       fn('fops_get', 15, 15, True),
                       site('00000000000000b4', 'slow_open', 'open_helper', 'fs/open.c:60:9', new),
                       fn('slow_open', 20, 60 if new else 20, True), fn('open_helper', 40, 40, True)]),
        ('fs/stat.c', [site('00000000000000a1', 'vfs_fstatat', 'vfs_statx', 'fs/stat.c:20:9', new),
                       fn('vfs_statx', 30, 35, not new), fn('vfs_fstatat', 20, 55 if new else 20, True)]),
        ('mm/cold.c', [site('00000000000000c1', 'cold_fn', 'big_helper', 'mm/cold.c:9:2', new),
                       fn('big_helper', 290, 290, True), fn('cold_fn', 10, 300 if new else 10, True)]),
    ]
    out = []
    for tu, recs in tus:
        out.append({'record': 'tu', 'schema': 2, 'source': tu, 'object': tu[:-2] + '.o'})
        out += recs
    return ''.join(json.dumps(r) + '\n' for r in out)


def world(d):
    for name, new in (('base', False), ('new', True)):
        with open(os.path.join(d, name + '.jsonl'), 'w') as f:
            f.write(logs(new))
    subprocess.check_call([sys.executable, PROFILE, os.path.join(d, 'base.prof'),
                           'stat:100/el0_svc=2000,vfs_fstatat=1000,vfs_statx=3000,cp_new_stat=1500',
                           'open_close:100/el0_svc=2000,do_open=2000,path_init=1000,do_dentry_open=1000,fops_get=500'])
    subprocess.check_call([sys.executable, PROFILE, os.path.join(d, 'new.prof'),
                           'stat:100/el0_svc=2000,vfs_fstatat=3500,cp_new_stat=1500',
                           'open_close:100/el0_svc=2000,do_open=2600,do_dentry_open=1400'])


def parse_policy(text):
    """[{tu: [...], function: [...], profile: str, inline-site: [...]}]"""
    rules, cur = [], None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        if line.startswith('['):
            cur = {'tu': [], 'function': [], 'profile': None, 'inline-site': []}
            rules.append(cur)
            continue
        key, _, value = line.partition('=')
        key, value = key.strip(), value.split(' ; ')[0].strip()
        if key in ('tu', 'function', 'inline-site'):
            cur[key] += [v.strip().replace('\\', '') for v in value.split(',')]
        elif key == 'profile':
            cur['profile'] = value
    return rules


def units_on(text):
    """The units a policy turns on, each with the share of its effect: do_open
    keeps half of its effect when a function rule names it without its
    callee path_init (the callee's own params shape what do_open inlines:
    the hypothesis search.py's callers-with-callees sweep tests)."""
    on, by_params = {}, set()
    for r in parse_policy(text):
        for (tu, caller), (_, _, sites) in UNITS.items():
            k = (tu, caller)
            if r['profile'] == 'rfc' and (not r['tu'] or tu in r['tu']) and (not r['function'] or caller in r['function']):
                half = caller == 'do_open' and r['function'] and 'path_init' not in r['function']
                on[k] = max(on.get(k, 0), 0.5 if half else 1.0)
                by_params.add(k)
            if r['inline-site'] and (not r['tu'] or tu in r['tu']) and all(s in r['inline-site'] for s in sites):
                on[k] = 1.0
    return on, by_params


def replayed(job_dir, job):
    """The units JOB's replay keys turn on: None when the job has none; a
    missing log fails the job, as evaluate.sh does."""
    if not job.get('replay'):
        if job.get('replay_tus') or job.get('replay_functions'):
            raise SystemExit('replay_tus and replay_functions need replay')
        return None
    log = os.path.join(job_dir, job['replay'], 'logs.jsonl')
    if not os.path.isfile(log):
        return 'missing'
    if open(log).read() != logs(True):
        return set()  # another log than the candidate's: the base's decisions again

    def match(globs, name):
        return not globs or any(fnmatch.fnmatchcase(name, g.replace('\\', '')) for g in globs.split(','))
    return {k for k in UNITS if match(job.get('replay_tus'), k[0]) and match(job.get('replay_functions'), k[1])}


def effect(unit, workload, by_params):
    """UNIT's effect per op on WORKLOAD: FAKE_SITE_EFFECT's when its sites
    alone turn it on."""
    if unit not in by_params:
        for item in filter(None, os.environ.get('FAKE_SITE_EFFECT', '').split(';')):
            caller, _, rest = item.partition(':')
            w, _, n = rest.partition('=')
            if caller == unit[1] and w == workload:
                return float(n)
    return UNITS[unit][0].get(workload, 0)


def evaluate(job_dir):
    n = int(open(os.path.join(job_dir, 'attempts')).read()) + 1 if os.path.exists(os.path.join(job_dir, 'attempts')) else 1
    with open(os.path.join(job_dir, 'attempts'), 'w') as f:
        f.write('%d\n' % n)
    job = json.load(open(os.path.join(job_dir, 'job.json')))
    text = open(os.path.join(job_dir, job['policy'])).read()
    path = os.path.join(job_dir, 'result.json')
    if os.environ.get('FAKE_FAIL') and re.search(os.environ['FAKE_FAIL'], text):
        json.dump({'status': 'failed', 'step': 'workloads', 'exit_status': 1}, open(path, 'w'))
        return 1
    on, by_params = units_on(text)
    replay = replayed(job_dir, job)
    if replay == 'missing':
        json.dump({'status': 'failed', 'step': 'read the job', 'exit_status': 1}, open(path, 'w'))
        return 1
    for k in replay or ():
        on[k] = 1.0
        by_params.add(k)
    no_gain = os.environ.get('FAKE_NO_GAIN') == '1'
    conflicts = {k: float(v) for k, _, v in (x.partition('=') for x in os.environ.get('FAKE_CONFLICTS', '').split(';') if x)}
    metrics = []
    workloads = [w for w in job['workloads'].split('+') if w]
    for w in workloads + job.get('servers', '').split():
        server = w in ('redis', 'memcached', 'nginx')
        v = 1000.0 if server else BASE.get(w, 100.0)
        if not no_gain:
            v += sum(effect(u, w, by_params) * part for u, part in on.items())
        unit = 'request' if server else 'op'
        metrics.append({'workload': w, 'metric': 'instructions_per_' + unit, 'value': v, 'runs': job['layouts'],
                        'min': v, 'max': v, 'iterations': 100})
        if job['models'] != 'none':
            # The fully associative shadow's cycles: 1.5x; the caches' own
            # add FAKE_CONFLICTS' conflict misses where any unit moved code.
            fa = 1.5 * v
            sa = fa + (conflicts.get(w, 0.0) if on else 0.0)
            for metric, c in (('modelled_cycles', sa), ('modelled_cycles_fa', fa)):
                metrics.append({'workload': w, 'metric': '%s_per_%s:n1' % (metric, unit), 'value': c,
                                'runs': 1, 'min': c, 'max': c, 'iterations': 100})
    if job.get('logs'):
        cand = 'profile = rfc' in text and not any(r['tu'] or r['function'] for r in parse_policy(text) if r['profile'])
        world_dir = os.environ['FAKE_WORLD']
        os.makedirs(os.path.join(job_dir, 'objs'), exist_ok=True)
        for src, dst in (('new' if cand else 'base') + '.jsonl', 'objs/logs.jsonl'), (('new' if cand else 'base') + '.prof', 'profile.jsonl'):
            with open(os.path.join(world_dir, src)) as f, open(os.path.join(job_dir, dst), 'w') as g:
                g.write(f.read())
    result = {'status': 'ok', 'cc': job['cc'], 'vmlinux_text_bytes': 10000 + sum(UNITS[u][1] for u in on),
              # The functions: 8000 bytes of the base, and 9/10 of each unit's growth.
              'vmlinux_text_function_bytes': 8000 + sum(UNITS[u][1] * 9 // 10 for u in on),
              'selftests': {'pass': 2, 'total': 2, 'failed': []}, 'compiles': {'misses': len(on), 'hits': 0},
              'metrics': metrics, 'seconds': {'build': 0, 'boots': 0, 'total': 0}, 'host': 'fake', 'slot': 1,
              'logs': 'objs' if job.get('logs') else None}
    json.dump(result, open(path, 'w'), indent=1)
    return 0


if __name__ == '__main__':
    if sys.argv[1] == 'world':
        world(sys.argv[2])
    else:
        sys.exit(evaluate(sys.argv[2]))
