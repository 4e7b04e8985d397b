# SPDX-License-Identifier: GPL-3.0-or-later
"""What a search can give the candidate's settings to, and what each is
worth: units, from the two reference builds' decision logs and guest
profiles, through the CLI (`inlinetune diff` and `inlinetune correlate
--guest-profiles`, docs/cli.md), so that the search ranks by the same
attribution a researcher reads in `correlate` and `report`.

A unit is a caller in a TU: (TU, the function the flipped calls are
written in).  Its flips are the call sites the candidate decided otherwise
than the base: its own calls, and its calls' copies inlined into other
functions of that TU (a copy is decided with the params of the function
the call is written in, so a function the base always inlines, which no
symbol-level profile shows, is still a unit).  Its worth:

- gain: per workload, each attribution group's change (instructions per
  op, and modelled cycles) relative to the workload's base, split evenly
  over the units of the group's flips; summed, then averaged over the
  workloads, so that each workload counts as in the geometric mean the
  search is judged by.  A group without flips (code that moved for
  another reason) is attributed to no unit.
- growth: the bytes of each function the diff lists, split evenly over
  the units of its flips (est. size where there is no symbol table).

A TU's gain and growth are its units' (its growth: every function of it).
"""
import json
import re
import subprocess

# GCC's clones keep their origin's name with a suffix (ipa-split's .part.N,
# ipa-cp's .constprop.N, ipa-sra's .isra.N, .cold): a clone is made from
# the origin's body after its early inlining and carries the origin's
# optimization node, so a rule for the origin reaches it, and one naming
# the clone would match nothing.
CLONE_SUFFIX = re.compile(r'(\.(part|constprop|isra|cold|lto_priv)\.\d+|\.cold)+$')


def origin(name):
    return CLONE_SUFFIX.sub('', name)


def run_cli(cli, args):
    out = subprocess.run([cli] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         universal_newlines=True)
    if out.returncode != 0:
        raise RuntimeError('%s %s: exit %d: %s' % (cli, ' '.join(args), out.returncode,
                                                   out.stderr.strip()[-2000:]))
    return json.loads(out.stdout)


def flip_key(f):
    return (f['id'], f.get('copy') or '')


class Unit:
    def __init__(self, tu, caller):
        self.tu, self.caller = tu, caller
        self.gain = {'insns': 0.0, 'cycles': 0.0}
        self.growth = 0.0
        # By caller: id -> flip (side caller: the call as written here); by
        # holder: "id/copy" -> every flip its code holds.
        self.sites = {}
        self.copies = 0  # copy flips held in this TU
        self.callees = set()  # of its flips, by their origin's name
        # By holder: the functions whose recorded decisions replay this
        # unit's code: itself, and those its copies' calls are written in
        # (whose early inlining made the bodies it inlined).
        self.replayed = {caller}

    @property
    def key(self):
        return '%s:%s' % (self.tu, self.caller)

    def to_json(self):
        return {'tu': self.tu, 'caller': self.caller, 'gain_insns': self.gain['insns'],
                'gain_cycles': self.gain['cycles'], 'growth': self.growth,
                'sites': sorted(self.sites.values(), key=lambda f: f['id']), 'copies': self.copies,
                'callees': sorted(self.callees)}


def row_bytes(row):
    if row.get('delta') is not None:
        return float(row['delta'])
    return float(row.get('est_delta') or 0)


def units_from(diff, correlate, workloads, by='caller'):
    """The units of DIFF (`diff --format json`) and CORRELATE (`correlate
    --guest-profiles --coverage 100 --format json`), by key; and the share
    of the workloads' moved instructions attributed to no unit.

    BY "caller": a unit is the function a flipped call is written in (what
    a policy's function rule and its sites reach).  BY "holder": the
    function whose code holds the flip (the diff's row: the function the
    early inliner ran on, or the root of the IPA inline tree), which is the
    log's caller that replay-functions= selects; its sites are every flip
    it holds, its own calls' and its inlined copies', and its growth its
    own bytes.  A clone's row counts for its origin, as replay's scope
    does."""
    units = {}
    by_flip = {}  # flip key -> keys of the units it belongs to

    def unit(tu, caller):
        k = '%s:%s' % (tu, caller)
        if k not in units:
            units[k] = Unit(tu, caller)
        return units[k]

    for row in diff.get('functions', []):
        tu = row.get('file') or '?'
        owners = []
        for f in row.get('flips', []):
            if by == 'holder':
                # A callee-side flip is held by its caller's code: that row lists it.
                if f['side'] == 'callee':
                    continue
                u = unit(tu, origin(row['function']))
            else:
                u = unit(tu, origin(f['caller']))
            u.callees.add(origin(f['callee']))
            by_flip.setdefault(flip_key(f), set()).add(u.key)
            if u.key not in owners:
                owners.append(u.key)
            if by == 'holder':
                u.sites['%s/%s' % flip_key(f)] = dict(f, tu=tu)
                if f['side'] == 'copy':
                    u.copies += 1
                    u.replayed.add(origin(f['caller']))
            elif f['side'] == 'caller':
                u.sites[f['id']] = dict(f, tu=tu)
            elif f['side'] == 'copy':
                u.copies += 1
        for k in owners:
            units[k].growth += row_bytes(row) / len(owners)

    base = {}
    for w in correlate.get('guest_workloads', []):
        base[w['workload']] = (w['base'], w['base_cycles'])
    wanted = [w for w in workloads if w in base]
    moved = unattributed = 0.0
    for g in correlate.get('groups', []):
        w = g['workload']
        if g.get('rank') is None or w not in wanted:
            continue
        b_insns, b_cycles = base[w]
        moved += abs(g['change'])
        owners = sorted({k for f in g.get('flips', []) for k in by_flip.get(flip_key(f), ())})
        if not owners:
            unattributed += abs(g['change'])
            continue
        for k in owners:
            if b_insns > 0:
                units[k].gain['insns'] += -g['change'] / b_insns / len(owners) / len(wanted)
            if b_cycles > 0:
                units[k].gain['cycles'] += -g['cycles_change'] / b_cycles / len(owners) / len(wanted)
    return units, (unattributed / moved if moved else 0.0)


def tu_growth(diff):
    """Every TU's bytes, NEW - BASE, over all its functions."""
    out = {}
    for row in diff.get('functions', []):
        tu = row.get('file') or '?'
        out[tu] = out.get(tu, 0.0) + row_bytes(row)
    return out


def gain_of(u, objective):
    """The unit's gain under the objective: the smaller of its two gains
    (instructions and modelled cycles) when both are judged."""
    if objective == 'insns':
        return u.gain['insns']
    return min(u.gain['insns'], u.gain['cycles'])


def ranked(items, objective, floor):
    """ITEMS (objects with .gain, .growth) with a positive gain, best first:
    gain per byte of growth (a growth under FLOOR bytes, a shrink included,
    counts as FLOOR, so free gains lead by their size), then gain, then key."""
    good = [u for u in items if gain_of(u, objective) > 0]
    return sorted(good, key=lambda u: (-gain_of(u, objective) / max(u.growth, floor),
                                       -gain_of(u, objective), u.key))


class TuUnit:
    """A TU as one unit: its callers' gains, all its functions' bytes."""

    def __init__(self, tu, members, growth):
        self.tu = tu
        self.key = tu
        self.members = members
        self.gain = {k: sum(m.gain[k] for m in members) for k in ('insns', 'cycles')}
        self.growth = growth


def tu_units(units, diff):
    growth = tu_growth(diff)
    by_tu = {}
    for u in units.values():
        by_tu.setdefault(u.tu, []).append(u)
    return {tu: TuUnit(tu, ms, growth.get(tu, 0.0)) for tu, ms in by_tu.items()}
