#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# shadow_counts.py PROFILE (determinism.test): custom's shadow counts equal its own in
# every line (one-set caches); prints n1's whole-run conflict misses.
import json
import sys

lines = [json.loads(line) for line in open(sys.argv[1])][1:]
checked = 0
for line in lines:
    m = line['misses']['custom']
    for level in ('l1i', 'l1d', 'l2'):
        if m[level] != m[level + '_fa']:
            sys.exit('custom: %s %s: %s %d, %s_fa %d' % (line['kind'], line.get('function', ''), level,
                                                           m[level], level, m[level + '_fa']))
    if line['kind'] == 'region' and line['cycles']['custom'] != line['cycles_fa']['custom']:
        sys.exit('custom: region %d: cycles differ' % line['region'])
    checked += 1
print('custom: %d lines, every shadow count equal' % checked)
run = lines[0]['misses']['n1']
print('n1: the run\'s conflict misses: ' + ' '.join('%s %d' % (c, run[c] - run[c + '_fa'])
                                                     for c in ('l1i', 'l1d', 'l2')))
