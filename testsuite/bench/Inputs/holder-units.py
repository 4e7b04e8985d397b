#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""search/units.py's units of one diff and correlate (as the CLI prints
them, cut to what units_from reads), by caller and by holder, printed one
a line for search-units.test:

  fs/a.c  outer      holds: its own call to mid (inlined now), and a copy
                     of leaf's call to helper (written in leaf, inlined
                     into outer with leaf) that the candidate inlined
  fs/a.c  leaf.part.0  ipa-split's part of leaf: its call to helper
  fs/a.c  mid        the callee side of outer -> mid (held by outer)

usage: holder-units.py SEARCH_DIR
"""
import json
import sys

sys.path.insert(0, sys.argv[1])
import units as un  # noqa: E402


def flip(fid, side, caller, callee, copy=None):
    return {'id': fid, 'side': side, 'caller': caller, 'callee': callee, 'copy': copy, 'to': 'inlined'}


diff = {'functions': [
    {'function': 'outer', 'file': 'fs/a.c', 'delta': 40,
     'flips': [flip('s1', 'caller', 'outer', 'mid'), flip('s2', 'copy', 'leaf', 'helper', copy='c1')]},
    {'function': 'leaf.part.0', 'file': 'fs/a.c', 'delta': 12,
     'flips': [flip('s2', 'caller', 'leaf', 'helper')]},
    {'function': 'mid', 'file': 'fs/a.c', 'delta': -30,
     'flips': [flip('s1', 'callee', 'outer', 'mid')]},
]}
# One workload, base 100 instructions per op: the copy's group took 6 off,
# the outer -> mid group 4.
corr = {'guest_workloads': [{'workload': 'w', 'base': 100, 'base_cycles': 150}],
        'groups': [{'workload': 'w', 'rank': 1, 'change': -6, 'cycles_change': -9,
                    'flips': [{'id': 's2', 'copy': 'c1'}]},
                   {'workload': 'w', 'rank': 2, 'change': -4, 'cycles_change': -6,
                    'flips': [{'id': 's1', 'copy': None}]}]}
for by in ('caller', 'holder'):
    units, unattributed = un.units_from(diff, corr, ['w'], by=by)
    for k in sorted(units):
        u = units[k]
        print('%s %s: sites %s copies %d replayed %s growth %g gain %.3f' % (
            by, k, ','.join(sorted(u.sites)), u.copies, ','.join(sorted(u.replayed)), u.growth, u.gain['insns']))
    print('%s unattributed %.2f' % (by, unattributed))
