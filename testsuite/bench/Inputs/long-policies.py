#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""long-policies.py SEARCH_DIR OUT: search/proposals.py's function and site
policies for one TU of 120 callers with long names and long site comments,
plus a caller whose name no line can hold (testsuite/bench/search.test);
writes OUT/function.ini and OUT/site.ini and prints what it counted."""
import os
import sys

sys.path.insert(0, sys.argv[1])
import proposals  # noqa: E402


class U:
    def __init__(self, i, name):
        self.tu, self.caller = 'drivers/net/ethernet/some_vendor/some_driver_main.c', name
        self.key = '%s:%s' % (self.tu, self.caller)
        self.callees = {'callee_with_a_long_name_' * 4, 'z' * 300}
        self.sites = {'%016x' % i: {'id': '%016x' % i, 'to': 'inlined' if i % 2 else 'not inlined',
                                    'caller': name, 'callee': 'callee_with_a_long_name_' * 4,
                                    'location': 'drivers/net/ethernet/some_vendor/some_driver_main.c:%d:9' % i}}


out = sys.argv[2]
os.makedirs(out, exist_ok=True)
units = [U(i, 'some_driver_function_with_a_long_name_number_%d_%s' % (i, 'x' * 40)) for i in range(120)]
units.append(U(999, 'y' * 300))
ok = [u for u in units if proposals.writable(u)]
base = '[rule keep]\nnever-inline = vfs_symlink\n'
texts = {'function': proposals.function_policy(base, 'rfc', ok, callees=True), 'site': proposals.site_policy(base, ok)}
for name, text in texts.items():
    with open(os.path.join(out, name + '.ini'), 'w') as f:
        f.write(text)
over = {k: sum(1 for line in t.splitlines() if len(line) > proposals.LINE_LIMIT) for k, t in texts.items()}
print('function: %d callers, %d lines over %d; site: %d sites, %d lines over %d; writable: %d of %d units' % (
    texts['function'].count('function = ') - 1, over['function'], proposals.LINE_LIMIT,
    texts['site'].count('-site = '), over['site'], proposals.LINE_LIMIT, len(ok), len(units)))
