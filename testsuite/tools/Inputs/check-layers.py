# SPDX-License-Identifier: GPL-3.0-or-later
# check-layers.py TOOLS_DIR: tools/'s folders include only from themselves
# and the folders before them (layers.test); prints one line per backward
# include and exits 1 if there is any.
import os
import re
import sys

ORDER = ['support', 'read', 'inputs', 'model', 'output', 'commands']
tools = sys.argv[1]
root = os.path.dirname(os.path.abspath(tools.rstrip('/')))
shared = set()
for lib in ('log', 'common'):
    d = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', lib)
    shared.update(f for f in os.listdir(d) if f.endswith(('.h', '.def')))
bad, count = [], 0
for layer in ORDER:
    folder = os.path.join(tools, layer)
    for name in sorted(os.listdir(folder)):
        if not name.endswith(('.h', '.cc')):
            continue
        for n, line in enumerate(open(os.path.join(folder, name), encoding='utf-8'), 1):
            m = re.match(r'#include "([^"]+)"', line)
            if not m:
                continue
            count += 1
            target = m[1]
            where = '%s/%s:%d: includes %s' % (layer, name, n, target)
            if '/' in target:
                other = target.split('/')[0]
                if other not in ORDER:
                    bad.append('%s, not a layer of tools/' % where)
                elif ORDER.index(other) > ORDER.index(layer):
                    bad.append('%s: %s comes after %s' % (where, other, layer))
            elif target not in shared:
                bad.append('%s, not a header of tools/, log/ or common/' % where)
for b in bad:
    print(b)
if bad:
    sys.exit(1)
print('tools/: %d layers, %d includes, none backwards' % (len(ORDER), count))
