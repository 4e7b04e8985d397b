#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""flip_advice.py CC TU DIR N: follows the log's flip advice on one kernel TU.

Compiles TU with profile=rfc and reads its log; takes up to N refusals that
have an exact flip point (an integer flip_at), those inside inline copies
(params_of not the caller) first, then the others, each group in site-id
order; for each, compiles TU again with a policy that adds one rule,
`function = PARAMS_OF` and `PARAM = FLIP_AT`, and looks for the same record
(site id, pass, chain) inlined, or inlined into a shorter chain that ends
this one (inlined before the body was copied into the caller).  Prints one line per site and a summary;
a site the rule does not flip is "blocked" when GCC then refuses it by
another limit (the advice was right about its own) and "wrong" when by the
same one, or when the record is gone.  Exits 1 on any wrong site.  Compiles run through
harness/run.sh ck_compile_plugin (testsuite/kernel/Inputs/checks.sh), two at
a time."""
import concurrent.futures
import json
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, '..', '..', '..'))
libs = 'kbuild_tree,small_kernel,' + os.path.join(here, 'checks.sh')


def harness(*args):
    r = subprocess.run(['bash', os.path.join(root, 'harness', 'run.sh'), libs, *args],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        raise RuntimeError(' '.join(args) + ':\n' + r.stdout)


def compile_log(cc, tu, out, policy):
    harness('ck_compile_plugin', cc, tu, out + '.o', 'policy=' + policy)
    harness('kt_log', out + '.o', out + '.jsonl')
    with open(out + '.jsonl') as f:
        return [json.loads(line) for line in f]


def key(r):
    return (r['id'], r['pass'], tuple(r.get('chain') or [r.get('caller_symbol', r['caller'])]))


def main():
    cc, tu, out, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    os.makedirs(out, exist_ok=True)
    rfc = os.path.join(out, 'rfc.ini')
    with open(rfc, 'w') as f:
        f.write('[rule]\nprofile = rfc\n')
    base = compile_log(cc, tu, os.path.join(out, 'base'), rfc)
    refused = [r for r in base if r.get('record') == 'site' and not r['inlined']
               and isinstance(r.get('limit', {}).get('flip_at'), int)]
    copies = sorted((r for r in refused if 'params_of' in r['limit']), key=lambda r: r['id'])
    others = sorted((r for r in refused if 'params_of' not in r['limit']), key=lambda r: r['id'])
    sample = (copies[:(n + 1) // 2] + others)[:n]
    sample += copies[(n + 1) // 2:][:n - len(sample)]

    def follow(i, r):
        lim = r['limit']
        fn = lim.get('params_of', r.get('caller_symbol', r['caller']))
        policy = os.path.join(out, 'site-%d.ini' % i)
        with open(policy, 'w') as f:
            f.write('[rule]\nprofile = rfc\n\n[rule]\nfunction = %s\n%s = %d\n'
                    % (fn, lim['param'], lim['flip_at']))
        got = compile_log(cc, tu, os.path.join(out, 'site-%d' % i), policy)
        same = [g for g in got if g.get('record') == 'site' and key(g) == key(r)]
        if not same:
            # The call was inlined into a function before that function's
            # body was copied into this caller: the copy holds no call, and
            # the record is that of a shorter chain, a suffix of this one.
            k = key(r)
            up = [g for g in got if g.get('record') == 'site' and key(g)[:2] == k[:2]
                  and len(key(g)[2]) < len(k[2]) and k[2][-len(key(g)[2]):] == key(g)[2]]
            return ('flipped' if up and all(g['inlined'] for g in up) else 'gone'), fn
        if all(g['inlined'] for g in same):
            return 'flipped', fn
        # Past this limit, GCC may meet another (a growth limit checked
        # after it): the advice was right about its own limit.  Refused by
        # the same one again, it was wrong.
        if any(not g['inlined'] and g['reason'] == r['reason'] for g in same):
            return 'wrong', fn
        return 'blocked:' + '/'.join(sorted({g['reason'] for g in same if not g['inlined']})), fn

    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = list(pool.map(lambda a: follow(*a), enumerate(sample)))
    flipped = blocked = 0
    for r, (what, fn) in zip(sample, results):
        flipped += what == 'flipped'
        blocked += what.startswith('blocked')
        print('%s %s %s %s -> %s (%s) %s = %d for %s' % (
            what, r['id'], r['pass'], ' > '.join(r.get('chain') or [r['caller']]), r['callee'],
            r['reason'], r['limit']['param'], r['limit']['flip_at'], fn))
    print('flip advice: %d of %d sites flipped, %d then refused by another limit, %d wrong '
          '(%d inside inline copies); %d refusals with an exact flip point in %s'
          % (flipped, len(sample), blocked, len(sample) - flipped - blocked,
             sum('params_of' in r['limit'] for r in sample), len(refused), tu))
    return 0 if sample and flipped + blocked == len(sample) else 1


if __name__ == '__main__':
    sys.exit(main())
