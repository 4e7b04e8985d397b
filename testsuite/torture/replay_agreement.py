#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""replay_agreement.py REFERENCE REPLAYED [--min RATE] [--quiet]

How far a replayed build reproduced a recorded one's decisions: both are
log directories (log=DIR) or .jsonl files.  A call site is what replay keys
it by (docs/replay.md): the inliner, the caller, the inline chain and the
site id; a site whose records in one build disagree is left out, as replay
leaves it to the fallback.  Prints the sites of REFERENCE reproduced (same
outcome), decided otherwise (by the replayed build's reason), and missing
from the replayed build, and the rate; exits 1 when it is under --min."""
import argparse
import collections
import json
import os
import sys


def read(path):
    files = []
    if os.path.isdir(path):
        for root, _, names in os.walk(path):
            files += [os.path.join(root, n) for n in names if n.endswith('.jsonl')]
    else:
        files = [path]
    sites = {}
    bad = set()
    for f in sorted(files):
        source = None
        with open(f) as fh:
            for line in fh:
                r = json.loads(line)
                if r.get('record') == 'tu':
                    source = r['source']
                    continue
                if r.get('record') != 'site':
                    continue
                caller = r.get('caller_symbol', r['caller'])
                chain = tuple(r.get('chain', [caller]))
                key = (source, r['pass'], caller, chain, r['id'])
                got = (r['inlined'], r['reason'])
                if key in sites and sites[key][0] != got[0]:
                    bad.add(key)
                sites.setdefault(key, got)
    for k in bad:
        del sites[k]
    return sites


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('reference')
    ap.add_argument('replayed')
    ap.add_argument('--min', type=float, default=None)
    ap.add_argument('--quiet', action='store_true')
    a = ap.parse_args()
    ref, rep = read(a.reference), read(a.replayed)
    same = 0
    other = collections.Counter()
    missing = 0
    for key, (inlined, _) in ref.items():
        got = rep.get(key)
        if got is None:
            missing += 1
        elif got[0] == inlined:
            same += 1
        else:
            other[('inlined' if got[0] else 'refused') + ' ' + got[1]] += 1
    total = len(ref)
    rate = same / total if total else 1.0
    print(f'{same} of {total} sites reproduced ({100 * rate:.2f}%), '
          f'{sum(other.values())} decided otherwise, {missing} missing from the replayed build')
    if not a.quiet:
        for what, n in other.most_common():
            print(f'  otherwise: {n} {what}')
    if a.min is not None and rate < a.min:
        print(f'replay_agreement: {100 * rate:.2f}% is under {100 * a.min:.2f}%', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
