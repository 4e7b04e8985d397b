# SPDX-License-Identifier: GPL-3.0-or-later
# The kernel tests (`make check-kernel`), on Debian's linux-source-6.1 for
# arm64, one lit run per cross compiler:
#   tus/           kbuild's TUs compiled again with the plugin, the RFC's
#                  flags and patched sources, compared; the decision log
#                  against GCC's own report (every installed compiler)
#   guest-profile/ profiling boots of the small kernel with guestprof (the
#                  first compiler only)
#   small-kernel/  the small kernel linked, relinked without logs, booted
#                  under QEMU, and the CLI's golden outputs on its logs (the
#                  first compiler only)
# The trees are built beforehand by testsuite/kernel/prepare.sh, which
# writes the file this config reads (--param inputs, default
# build/check-kernel/CC.env); an input a test directory needs and the file
# does not name is a fatal error, not a skipped test:
#   bash testsuite/kernel/prepare.sh aarch64-linux-gnu-gcc-12 build/check-kernel/aarch64-linux-gnu-gcc-12.env tus
#   lit --param cc=aarch64-linux-gnu-gcc-12 testsuite/kernel/tus
# A test with an `EACH-TU:` line runs once per TU it names (words, or @FILE
# for a list such as harness/kernel-tus.txt), as FILE.test/TU with %tu set.
import os
import shutil
import shlex

import sys

here = os.path.dirname(os.path.abspath(__file__))
# lit runs tests in worker processes: the format must be importable.
sys.path.insert(0, here)
from each_tu_format import EachTuShTest  # noqa: E402

root = os.path.abspath(os.path.join(here, '..', '..'))
build = lit_config.params.get('build', os.path.join(root, 'build'))
cc = lit_config.params.get('cc')
if not cc:
    lit_config.fatal('--param cc=COMPILER is required (make check-kernel sets it)')
# kline: the kernel line (harness/kernel.sh's KLINE); another than 6.1 names
# the inputs and the results for it (CC-LINE), and is a feature, linux-LINE.
kline = lit_config.params.get('kline', '6.1')
tag = cc + ('' if kline == '6.1' else '-' + kline)
inputs_file = lit_config.params.get('inputs', os.path.join(build, 'check-kernel', tag + '.env'))
try:
    with open(inputs_file) as f:
        inputs = dict(line.rstrip('\n').split('=', 1) for line in f if '=' in line)
except OSError as e:
    lit_config.fatal('%s: %s (testsuite/kernel/prepare.sh writes it)' % (inputs_file, e.strerror))
if inputs.get('CC') != cc:
    lit_config.fatal('%s is for %s, not %s' % (inputs_file, inputs.get('CC'), cc))


config.name = 'inlinetune-kernel'
config.test_format = EachTuShTest(root, execute_external=True)
config.suffixes = ['.test']
config.excludes = ['Inputs', 'each_tu_format.py']
config.test_source_root = here
config.test_exec_root = os.path.join(build, 'lit', 'kernel', tag)
config.available_features.add('linux-' + kline)
# The newest of the host's cross compilers (make check-kernel's first; lit
# run by hand: yes unless newest_cc=0): the longest per-TU checks run with
# it alone.
if lit_config.params.get('newest_cc', '1') == '1':
    config.available_features.add('newest-cc')
# full: the whole suite (make check FULL=1; lit run by hand: yes unless
# full=0); the longest tests REQUIRE it (docs/testing.md).
if lit_config.params.get('full', '1') == '1':
    config.available_features.add('full')
# ccache (scripts/install-deps.sh installs it) and inlinetune-cc (make all
# builds it; a root's build has none), for the launcher's kbuild test.
if shutil.which('ccache'):
    config.available_features.add('ccache')
if os.path.exists(os.path.join(build, 'launcher', 'inlinetune-cc')):
    config.available_features.add('launcher')
# valgrind's cachegrind and its scripts, for bench-overhead's instruction
# count (scripts/install-deps.sh installs them on the host; a root may not
# have them).
if all(shutil.which(t) for t in ('valgrind', 'cg_merge', 'cg_diff', 'cg_annotate')):
    config.available_features.add('valgrind')


config.inputs = inputs
config.inputs_file = inputs_file
config.inlinetune_root = root
config.substitutions.append(('%cc', cc))
config.substitutions.append(('%root', root))
config.substitutions.append(('%rfc-flags', inputs['RFC_FLAGS']))
# The CLI: this build's, or inlinetune=PATH (in a root: the host's, the
# Makefile's RELOCATABLE_CLI).
config.substitutions.append(('%inlinetune', lit_config.params.get('inlinetune', os.path.join(build, 'tools', 'inlinetune'))))
# %kt [LIB,...] FUNCTION ARG...: a function of harness/ (kernel.sh, plus the
# libraries named) or of Inputs/checks.sh, the suite's own.
config.substitutions.append(('%kt', 'bash %s %s' % (os.path.join(root, 'harness', 'run.sh'),
                                                    ','.join(['kbuild_tree', 'small_kernel', os.path.join(here, 'Inputs', 'checks.sh')]))))
config.substitutions.append(('%qemu', 'bash %s qemu' % os.path.join(root, 'harness', 'run.sh')))
config.environment['LC_ALL'] = 'C'
# LLVM's test tools: the host's llvm-14-tools, in a root its suite's.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'scripts'))
from llvm_bin import llvm_bin  # noqa: E402

config.environment['PATH'] = llvm_bin() + os.pathsep + os.environ.get('PATH', '')
config.environment['KLINE'] = kline
config.environment['HOME'] = os.environ.get('HOME', '/root')
config.environment['KSRC'] = inputs['KSRC']
config.environment['INLINETUNE_CACHE'] = inputs['INLINETUNE_CACHE']
config.environment['KT_TOOL'] = 'check-kernel'
config.environment['KT_PLUGIN_DIR'] = build
# Passed through: more plugin KEY=VAL words for every compile with the
# plugin (PLUGIN_EXTRA_ARGS=noinline=do_sys_open makes tus/ fail: the checks
# can), QEMU's settings (harness/qemu.sh).
for var, value in os.environ.items():
    if var == 'PLUGIN_EXTRA_ARGS' or var.startswith('QM_') or var in ('QEMU_AARCH64', 'KT_JOBS'):
        config.environment[var] = value
