#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""plugin_keys.py gcc-help|options|policy < INPUT: the keys a man page must name.
  gcc-help  cc1's --help output with the plugin loaded: the option keys of its
            "Help for the loaded plugins" entry ("KEY[=VALUE]: help; ...")
  options   plugin/options.cc: the keys of option_table() ({"KEY", K::...})
  policy    plugin/policy.cc: the section kinds (kind == "X") and the keys
            (name == "X") the parser knows, as the page writes them: "[X",
            "X ="
One per line, sorted."""
import re
import sys

mode = sys.argv[1]
text = sys.stdin.read()
keys = set()
if mode == 'gcc-help':
    m = re.search(r'^Help for the loaded plugins:\n inlinetune:\n +(.*)$', text, re.M)
    if not m:
        sys.exit('plugin_keys.py: no help of the inlinetune plugin in the input')
    for part in re.split(r'; ', m.group(1)):
        k = re.match(r'^([a-z][a-z-]*)(=\S+)?: ', part)
        if k:
            keys.add(k.group(1))
elif mode == 'options':
    keys = set(re.findall(r'\{"([a-z][a-z-]*)", K::', text))
elif mode == 'policy':
    for kind in re.findall(r'\bkind == "([a-z-]+)"', text):
        keys.add('[%s' % kind)
    for key in re.findall(r'\bname == "([a-z-]+)"', text):
        keys.add('%s =' % key)
else:
    sys.exit('usage: plugin_keys.py gcc-help|options|policy')
if not keys:
    sys.exit('plugin_keys.py: no keys found (%s)' % mode)
for k in sorted(keys):
    print(k)
