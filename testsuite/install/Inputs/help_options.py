#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""help_options.py TOOL [SUB]: the option spellings in 'TOOL [SUB] --help'
(CLI11's "Options:" section), one a line; with no SUB and --subcommands, the
subcommands.  Written apart from packaging/gen-completion.py on purpose: the
tests read the help their own way."""
import re
import subprocess
import sys

args = sys.argv[1:]
if args and args[0] == '--subcommands':
    text = subprocess.run([args[1], '--help'], stdout=subprocess.PIPE, universal_newlines=True).stdout
    on = False
    for line in text.splitlines():
        if line == 'Subcommands:':
            on = True
        elif on and re.match(r'^  [a-z]', line):
            print(line.split()[0])
        elif on and line and not line.startswith(' '):
            on = False
    sys.exit(0)
text = subprocess.run([args[0]] + args[1:] + ['--help'], stdout=subprocess.PIPE,
                      universal_newlines=True).stdout
on = False
for line in text.splitlines():
    if line == 'Options:':
        on = True
        continue
    if on and line and not line.startswith(' '):
        on = False
    if on:
        m = re.match(r'^  (-[^ ]+)', line)
        if m:
            for name in m.group(1).split(','):
                print(name)
