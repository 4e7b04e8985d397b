#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""search/instrument.py [--root DIR] CC: the identity of the instrument an
evaluation measures with, besides its policy and job settings: a hash of
the sources that decide what a job builds and counts, and of the compiler.

  plugin/             the inliners' decisions (and the profiles' params)
  guestprof/          the modelled cycles and the profiles
  harness/workloads/  what one op of each workload is
  kernel-configs/     the small kernel's fragment, the never-inline lists
  CC --version        the compiler's first line

Not the commit the plugin was built from (a docs commit changes it and
voids nothing), nor the harness's scripts (they move files; what they
run is above).  The kernel's sources and QEMU come from Debian's packages:
every host of one search must have the same ones (docs/search.md).

search.py puts the identity in every job (so it is in the evaluation's
ID: a search resumed with other plugin sources evaluates again, never
mixes two plugins' measurements); search/evaluate.sh computes it on the
host that runs the job and refuses a job made by another instrument.
"""
import argparse
import hashlib
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = ('plugin', 'guestprof', 'harness/workloads', 'kernel-configs')
# Each of SOURCES in words, for the messages that say why two differ.
SOURCE_NAMES = {'plugin': "the plugin's sources", 'guestprof': 'guestprof',
                'harness/workloads': 'the workloads', 'kernel-configs': 'kernel-configs'}


def what_differs(compiler):
    """Why two identities differ, in words: the one text that the search's
    log and evaluate.sh's refusal both give."""
    return 'search/instrument.py: %s or %s differ' % (', '.join(SOURCE_NAMES[s] for s in SOURCES), compiler)


def compiler_line(cc):
    try:
        out = subprocess.run([cc, '--version'], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             universal_newlines=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        raise RuntimeError('%s: not found or fails --version' % cc)
    return out.splitlines()[0] if out else ''


def identity(cc, root=ROOT):
    """16 hex digits: the files under SOURCES (path and content, in path
    order; __pycache__ and editors' backups left out) and CC's version."""
    h = hashlib.sha256()
    for top in SOURCES:
        base = os.path.join(root, top)
        if not os.path.isdir(base):
            raise RuntimeError('%s: no such directory (not a checkout of inlinetune?)' % base)
        for d, subdirs, files in os.walk(base):
            subdirs[:] = sorted(s for s in subdirs if s != '__pycache__')
            for name in sorted(files):
                if name.endswith(('~', '.pyc', '.swp')):
                    continue
                path = os.path.join(d, name)
                with open(path, 'rb') as f:
                    data = f.read()
                rel = os.path.relpath(path, root)
                h.update(b'%s\0%d\0' % (rel.encode(), len(data)))
                h.update(data)
    h.update(('cc\0%s\0' % compiler_line(cc)).encode())
    return h.hexdigest()[:16]


def main(argv):
    p = argparse.ArgumentParser(prog='search/instrument.py', description=__doc__.split('\n\n')[0])
    p.add_argument('--root', default=ROOT, help='the checkout (default: this one)')
    p.add_argument('--what', action='store_true', help='print why two identities differ, in words, instead')
    p.add_argument('cc', help='the compiler the jobs build with')
    a = p.parse_args(argv)
    if a.what:
        print(what_differs(a.cc))
        return 0
    try:
        print(identity(a.cc, a.root))
    except (OSError, RuntimeError) as e:
        print('search/instrument.py: error: %s' % e, file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
