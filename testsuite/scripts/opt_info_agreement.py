#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks a decision log against GCC's own report of the same compile.

usage: opt_info_agreement.py LOG.jsonl OPTINFO.txt

OPTINFO is what -fopt-info-inline-optimized=FILE wrote: one line per inlining
GCC did, "file:line:col: optimized:  Inlining CALLEE/N into CALLER/M." (early
inliner) or "... Inlined CALLEE/N into CALLER/M which now has ..." (IPA).
The early inliner's lines name the function being compiled (the first entry of
a site's inline chain in the log, even for a call inside a body inlined just
before); the IPA inliner's name the function the call sits in when it is
inlined: for a call that an earlier inlining copied elsewhere, the inline copy
it came with (the last entry of the chain).  GCC prints IPA clones with their
suffix (foo.constprop.0/12), the log their origin (foo): the suffix is dropped.
So a GCC line and an inlined site record agree when pass, callee, that
function and line:col agree.

Every GCC line must match a logged inlined site and every logged inlined site a
GCC line, with two documented exceptions:
- one IPA decision is logged once per copy of its caller (when B inlines A
  after A inlined C, the A->C site appears in A and inside B): such copies share
  a GCC line;
- GCC inlines a function into its last remaining caller
  (-finline-functions-called-once: ipa-inline.cc's inline_to_all_callers)
  without an -fopt-info line (only -fdump-ipa-inline shows it).  A logged IPA
  site is taken as such when it is the only logged IPA site without a GCC line
  of its callee, and that callee no longer exists out of line or is an IPA
  clone (foo.constprop.0) made for few callers.
Lines and sites without a source location (calls GCC made up, e.g. into
foo.part.0 after ipa-split) match on an empty location.  But GCC's dump prints
such a call's line with the location of the function being compiled when
there is one (dumpfile.cc's dump_loc falls back to current_function_decl):
the early inliner's lines, never the IPA inliner's.  So an early inliner's
line that matches no site matches a site without a location of the same
callee and caller (seen with GCC 14 and 15 on Linux 7.2's net/ipv4/tcp.o:
netmem_to_page.part.0 into skb_fill_netmem_desc, "at" skbuff.h's line of
skb_fill_netmem_desc).  Prints both agreement
rates and the exceptions; exits 1 below 100%.  C names only (the kernel's): C++
names are printed differently by GCC.
"""
import json
import re
import sys
from collections import Counter

LINE = re.compile(
    r'^(?:(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): )?optimized:\s+'
    r'(?P<verb>Inlining|Inlined) (?P<callee>\S+)/\d+ into (?P<caller>\S+)/\d+')


def origin(name):
    """foo.constprop.0 -> foo: IPA clones and parts count as their function."""
    return name.split('.')[0]


def symbol(rec, key):
    """The symbol of REC's function KEY (log schema 2: KEY_symbol, or for a
    function record "symbol", only when it differs from the name)."""
    return rec.get(key + '_symbol', rec[key]) if key else rec.get('symbol', rec['name'])


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    log_path, info_path = sys.argv[1:]
    gcc = Counter()
    with open(info_path) as f:
        for text in f:
            m = LINE.match(text)
            if not m:
                continue
            pass_ = 'einline' if m['verb'] == 'Inlining' else 'inline'
            where = m['line'] + ':' + m['col'] if m['line'] else ''
            gcc[(pass_, origin(m['callee']), origin(m['caller']), where)] += 1
    logged = Counter()
    called = {}  # site key -> the function called: the IPA clone if any
    out_of_line = set()
    with open(log_path) as f:
        for n, text in enumerate(f, 1):
            rec = json.loads(text)
            if rec.get('record') == 'function' and rec['out_of_line']:
                out_of_line.add(symbol(rec, None))
            if rec.get('record') != 'site' or not rec['inlined']:
                continue
            line_col = ':'.join(rec['location'].rsplit(':', 2)[1:])
            chain = rec.get('chain', [symbol(rec, 'caller')])  # absent: just the caller
            into = chain[0] if rec['pass'] == 'einline' else chain[-1]
            key = (rec['pass'], origin(symbol(rec, 'callee')), origin(into), line_col)
            logged[key] += 1
            called.setdefault(key, set()).add(rec.get('callee_clone', symbol(rec, 'callee')))
    at_function = 0
    for k in [k for k in gcc if k[0] == 'einline' and k[3] and k not in logged]:
        unlocated = k[:3] + ('',)
        if unlocated in logged:
            at_function += gcc[k]
            gcc[unlocated] += gcc.pop(k)
    gcc_matched = sum(c for k, c in gcc.items() if k in logged)
    log_matched = sum(c for k, c in logged.items() if k in gcc)
    unmatched = [k for k in logged if k not in gcc and k[0] == 'inline' and logged[k] == 1
                 and len(called[k]) == 1]
    per_function = Counter(next(iter(called[k])) for k in unmatched)
    called_once = [k for k in unmatched if per_function[next(iter(called[k]))] == 1
                   and (next(iter(called[k])) not in out_of_line or '.' in next(iter(called[k])))]
    log_matched += len(called_once)
    gcc_total, log_total = sum(gcc.values()), sum(logged.values())
    print(f'GCC lines matched by the log: {gcc_matched}/{gcc_total}; '
          f'logged inlined sites matched by GCC: {log_matched}/{log_total}')
    for k in sorted(set(gcc) - set(logged))[:20]:
        print('  only in GCC\'s report:', k)
    print(f'  of which inlined into their last caller (not in -fopt-info): {len(called_once)}')
    print(f'  early inliner\'s lines of calls without a location, at their function: {at_function}')
    for k in sorted(set(logged) - set(gcc) - set(called_once))[:20]:
        print('  only in the log:', k)
    return 0 if gcc_matched == gcc_total and log_matched == log_total else 1


if __name__ == '__main__':
    sys.exit(main())
