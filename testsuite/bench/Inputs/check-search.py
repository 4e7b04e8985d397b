#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Invariants of a search's output (testsuite/bench/search.test):
check-search.py WORK prints one line; any broken invariant is an
AssertionError (exit 1).
- the found policy is feasible (within the growth budget) and on the front;
- no point of the Pareto front is beaten on both axes (less growth, more
  kept) by any evaluation in trace.csv;
- every ok row's growth_pct is its .text over the base reference's."""
import csv
import json
import os
import sys

work = sys.argv[1]
s = json.load(open(os.path.join(work, 'search.json')))
rows = list(csv.DictReader(open(os.path.join(work, 'trace.csv'))))
base = next(r for r in rows if r['level'] == 'reference' and r['label'] == 'base')
checked = 0
for r in rows:
    if r['status'] != 'ok' or r['level'] == 'validate':
        continue
    want = 100 * (int(r['text_bytes']) / int(base['text_bytes']) - 1)
    assert abs(float(r['growth_pct']) - want) < 1e-3, (r['eval'], r['growth_pct'], want)
    checked += 1
f = s['found']
assert f['feasible'] and f['growth'] <= s['goal']['growth_pct'] / 100 + 1e-12, f
front = {p['eval'] for p in s['pareto']}
kept = lambda r: min(float(r['kept_insns_pct']), float(r['kept_cycles_pct']))  # noqa: E731
dominated = 0
for p in s['pareto']:
    pk = 100 * min(p['kept_insns'], p['kept_cycles'])
    for r in rows:
        if r['status'] == 'ok' and r['kept_insns_pct'] and r['level'] != 'validate':
            if float(r['growth_pct']) < 100 * p['growth'] - 1e-9 and kept(r) > pk + 1e-6:
                dominated += 1
                break
print('found on the front: %s; front points: %d; dominated front points: %d; growth rows checked: %d' % (
    'yes' if f['eval'] in front else 'no', len(front), dominated, checked))
