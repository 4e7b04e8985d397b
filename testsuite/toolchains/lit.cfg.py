# SPDX-License-Identifier: GPL-3.0-or-later
# Tests of the newer compilers' test environments (docs/toolchains.md):
# scripts/toolchains.sh (options, keys, errors), scripts/in-root.sh, and the
# Makefile's `make plugin TARGET_CC=` for any GCC on PATH.  Cheap: the roots
# are not made here (`make toolchains` does that), and no plugin is built.
#   python3 /usr/lib/llvm-14/build/utils/lit/lit.py -sv testsuite/toolchains
# Features: root (uid 0: toolchains.sh makes and in-root.sh enters roots only
# as root); trixie-root, forky-root (that root exists and is up to date for
# this toolchains.sh: scripts/toolchains.sh --status SUITE).  A root that is
# missing or stale is said at the start of the run, and the tests that need
# it are reported UNSUPPORTED, not passed.
import glob
import os
import subprocess

import lit.formats

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, '..', '..'))
build = lit_config.params.get('build', os.path.join(root, 'build'))

config.name = 'inlinetune-toolchains'
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = ['.test']
config.excludes = ['Inputs', 'lit.cfg.py']
config.test_source_root = here
config.test_exec_root = os.path.join(build, 'lit', 'toolchains')

if os.geteuid() == 0:
    config.available_features.add('root')
for suite in ('trixie', 'forky'):
    st = subprocess.run(['bash', os.path.join(root, 'scripts', 'toolchains.sh'), '--status', suite],
                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if st.returncode == 0:
        config.available_features.add(suite + '-root')
    else:
        lit_config.warning('%s: the tests that need it are UNSUPPORTED (make toolchains makes it)'
                           % st.stdout.strip())

config.substitutions.append(('%root', root))
config.substitutions.append(('%build', build))
config.substitutions.append(('%toolchains', 'bash %s' % os.path.join(root, 'scripts', 'toolchains.sh')))
config.substitutions.append(('%in_root', 'bash %s' % os.path.join(root, 'scripts', 'in-root.sh')))
config.substitutions.append(('%bench_in_root', 'bash %s' % os.path.join(root, 'scripts', 'bench-in-root.sh')))
config.substitutions.append(('%inputs', os.path.join(here, 'Inputs')))

llvm_bin = '/usr/lib/llvm-14/bin'
config.environment['PATH'] = llvm_bin + os.pathsep + os.environ.get('PATH', '')
for var in ('INLINETUNE_CACHE', 'XDG_CACHE_HOME', 'INLINETUNE_MIRROR', 'HOME'):
    if var in os.environ:
        config.environment[var] = os.environ[var]
config.environment['LC_ALL'] = 'C'
