#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# compare_contrib.py PROFILE QEMU_LOG MODEL: guestprof's whole-run totals
# (the profile's run line, MODEL's misses) against QEMU's contrib cache
# plugin's (its first table in QEMU_LOG: core 0's data accesses, data
# misses, ..., insn accesses, insn misses, ..., l2 misses).  The contrib
# plugin looks the L1I up once per instruction executed, so its insn
# accesses are the instructions executed.  Prints both and exits 1 unless
# all four are equal.
import json
import re
import sys

profile, log, model = sys.argv[1:4]
with open(profile) as f:
    lines = [json.loads(line) for line in f]
run = next(line for line in lines if line.get('kind') == 'run')
ours = {'insns': run['insns'], 'l1i': run['misses'][model]['l1i'],
        'l1d': run['misses'][model]['l1d'], 'l2': run['misses'][model]['l2']}
theirs = None
with open(log) as f:
    for line in f:
        m = re.match(r'^0\s+(\d+)\s+(\d+)\s+\S+%\s+(\d+)\s+(\d+)\s+\S+%\s+(\d+)\s+(\d+)\s+\S+%\s*$', line)
        if m:
            daccess, dmiss, iaccess, imiss, l2access, l2miss = map(int, m.groups())
            theirs = {'insns': iaccess, 'l1i': imiss, 'l1d': dmiss, 'l2': l2miss}
            break
if theirs is None:
    sys.exit('compare_contrib: no totals line (core 0, with L2) in %s' % log)
bad = False
for key in ('insns', 'l1i', 'l1d', 'l2'):
    same = ours[key] == theirs[key]
    bad |= not same
    print('%-5s guestprof %d contrib %d %s' % (key, ours[key], theirs[key], 'equal' if same else 'DIFFER'))
sys.exit(1 if bad else 0)
