#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# check_sums.py PROFILE: the invariants of a complete profile (format 2,
# docs/guest-profile.md): the header counts the region lines; each region's
# function lines sum exactly to its region line (instructions and every
# model's six miss counts: L1I, L1D and L2, and its fully associative
# shadow's); the regions together hold no more than the run; each region's
# cycles and cycles_fa follow the documented formula.  Prints one
# line per region and exits 1 at the first broken invariant.
import json
import sys

with open(sys.argv[1]) as f:
    lines = [json.loads(line) for line in f]
head, run = lines[0], lines[1]
models = {m['name']: m for m in head['models']}
fail = lambda why: sys.exit('check_sums: %s' % why)
if head['format'] != 'inlinetune-guest-profile' or head['format_version'] != 2 or run['kind'] != 'run':
    fail('not a format 2 profile')
if not head['complete']:
    fail('incomplete: %s' % head['error'])
regions = [line for line in lines if line.get('kind') == 'region']
if len(regions) != head['regions']:
    fail('header counts %d regions, the file holds %d' % (head['regions'], len(regions)))
keys = [('insns', None, None)] + [('misses', m, level) for m in models for level in ('l1i', 'l1d', 'l2', 'l1i_fa', 'l1d_fa', 'l2_fa')]
get = lambda line, k: line[k[0]] if k[1] is None else line[k[0]][k[1]][k[2]]
for r in regions:
    funcs = [line for line in lines if line.get('kind') == 'function' and line['region'] == r['region']]
    for k in keys:
        total = sum(get(fn, k) for fn in funcs)
        if total != get(r, k):
            fail('region %d: functions sum to %d %s, the region says %d' % (r['region'], total, k, get(r, k)))
    for name, m in models.items():
        miss = r['misses'][name]
        for field, sfx in (('cycles', ''), ('cycles_fa', '_fa')):
            want = (r['insns'] + (miss['l1i' + sfx] + miss['l1d' + sfx]) * m['latency']['l2_hit']
                    + miss['l2' + sfx] * m['latency']['memory'])
            if r[field][name] != want:
                fail('region %d: %s %s %d, the formula gives %d' % (r['region'], name, field, r[field][name], want))
    print('region %d: %d functions sum to %d insns' % (r['region'], len(funcs), r['insns']))
for k in keys:
    if sum(get(r, k) for r in regions) > get(run, k):
        fail('the regions hold more %s than the run' % (k,))
print('ok: %d regions' % len(regions))
