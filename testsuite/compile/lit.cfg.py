# SPDX-License-Identifier: GPL-3.0-or-later
# Compile-and-check tests: each file carries its RUN lines and CHECKs (LLVM lit +
# FileCheck from Debian's llvm-14-tools, or in a root of scripts/toolchains.sh
# its suite's llvm-N-tools).  Run once per target compiler:
#   lit --param cc=aarch64-linux-gnu-gcc-12 --param build=$PWD/build testsuite/compile
# cc: any GCC on PATH whose plugin is built (make plugin TARGET_CC=...).
import glob
import os
import re
import shutil
import sys

import lit.formats

cc = lit_config.params.get('cc', 'gcc-12')
build = lit_config.params.get('build', os.path.join(os.path.dirname(__file__), '..', '..', 'build'))

config.name = 'inlinetune-compile[%s]' % cc
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = ['.c', '.cc', '.test']
config.excludes = ['Inputs', 'lit.cfg.py']
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(build, 'lit', cc)

plugin = os.path.join(build, cc, 'inlinetune.so')
if not os.path.exists(plugin):
    lit_config.fatal('no plugin for %s at %s: run make' % (cc, plugin))

# gcc-14 -> '' and g++-14; aarch64-linux-gnu-gcc -> 'aarch64-linux-gnu-' and aarch64-linux-gnu-g++.
m = re.fullmatch(r'(.*-)?gcc(-[0-9]+)?', os.path.basename(cc))
if not m:
    lit_config.fatal('cc=%s: not a GCC name (PREFIX-gcc-N, gcc-N, gcc)' % cc)
prefix = m.group(1) or ''
cxx = prefix + 'g++' + (m.group(2) or '')
objdump = prefix + 'objdump'

config.substitutions.append(('%cxx', cxx))
config.substitutions.append(('%cc', cc))
config.substitutions.append(('%plugin', plugin))
config.substitutions.append(('%objdump', objdump))
config.substitutions.append(('%objcopy', prefix + 'objcopy'))
config.substitutions.append(('%readelf', prefix + 'readelf'))
config.substitutions.append(('%root', os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))))
# A dumped .inlinetune.log section's notes, unwrapped to their zstd frames.
config.substitutions.append(('%log_notes', 'python3 ' + os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..', 'harness', 'log_notes.py'))))
config.substitutions.append(('%inputs', os.path.join(os.path.dirname(__file__), 'Inputs')))
# The CLI (make all builds it with the plugins), for tests that read a whole
# build's logs; inlinetune=PATH another (in a root: the host's, Makefile's
# RELOCATABLE_CLI).
cli = lit_config.params.get('inlinetune', os.path.join(build, 'tools', 'inlinetune'))
if not os.path.exists(cli):
    lit_config.fatal('no CLI at %s: run make' % cli)
config.substitutions.append(('%inlinetune', cli))
# Every plugin option at once, with a policy named policy.ini in the test dir.
config.substitutions.append(("%{PLUG}", "-fplugin=%s -fplugin-arg-inlinetune-profile=rfc -fplugin-arg-inlinetune-noinline=f,helper -fplugin-arg-inlinetune-policy=policy.ini -fplugin-arg-inlinetune-tag=probe" % plugin))
config.substitutions.append(('%rfc_params',
    '--param=early-inlining-insns=14 --param=inline-heuristics-hint-percent=600 '
    '--param=inline-min-speedup=15 --param=max-inline-insns-auto=30 '
    '--param=max-inline-insns-single=200'))

# The plugins built for other compilers, to test the version check: the
# builds beside this one and, inside a root of scripts/toolchains.sh (whose
# builds go to build/SUITE/), the host's and those of the roots of older
# suites, whose libraries this root's are newer than (a newer suite's build
# could fail to load on a missing libstdc++ symbol version before the check).
suites = ['trixie', 'forky']
suite = open('/etc/inlinetune-root').read().strip() if os.path.exists('/etc/inlinetune-root') else ''
dirs = [build]
if suite in suites:
    top = os.path.dirname(os.path.abspath(build))
    dirs = [top] + [os.path.join(top, s) for s in suites[:suites.index(suite) + 1]]
mine = os.path.realpath(os.path.join(build, cc, 'inlinetune.so'))
others = sorted(p for d in dirs for p in glob.glob(os.path.join(d, '*', 'inlinetune.so'))
                if os.path.realpath(p) != mine)
# A build whose libraries this system lacks (the host's plugin links
# Debian 12's libfmt.so.9 and libsimdjson.so.14, which a newer root's
# sonames replace) cannot load far enough to refuse itself: left out.
import subprocess
others = [p for p in others
          if 'not found' not in subprocess.run(['ldd', p], capture_output=True, text=True).stdout]
if others:
    config.available_features.add('other-plugin')
    config.substitutions.append(('%other_plugins', ' '.join(others)))
if shutil.which(cxx):
    config.available_features.add('cxx')
# The cached and distributed build tests (scripts/install-deps.sh installs both).
for tool, feature in (('ccache', 'ccache'), ('distccd', 'distcc')):
    if shutil.which(tool):
        config.available_features.add(feature)
config.available_features.add('aarch64' if prefix else 'native')
# inlinetune-cc, the compiler launcher (make all builds it).  The roots of
# scripts/toolchains.sh build only the plugins: there its tests are
# unsupported, and the host's runs, one per host compiler, cover them.
launcher = lit_config.params.get('launcher', os.path.join(build, 'launcher', 'inlinetune-cc'))
if os.path.exists(launcher):
    config.available_features.add('launcher')
    config.substitutions.append(('%launcher', launcher))
# Root can mount a small tmpfs to test a full disk.
if os.geteuid() == 0 and shutil.which('mount'):
    config.available_features.add('root')

# LLVM's test tools: the host's llvm-14-tools, in a root its suite's.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'scripts'))
from llvm_bin import llvm_bin  # noqa: E402

config.environment['PATH'] = llvm_bin() + os.pathsep + os.environ.get('PATH', '')
for var in ('srctree', 'LANG', 'LC_ALL'):
    config.environment.pop(var, None)
config.environment['LC_ALL'] = 'C'
