# SPDX-License-Identifier: GPL-3.0-or-later
# Tests of the kernel harness in bench/ that need no kernel build and no boot:
# the never-inline list's derivation from a kernel's ftrace selftests, the
# initramfs builder, and harness/qemu.sh against a fake QEMU. Each file makes
# its inputs in its RUN lines (split-file) and checks the output with
# FileCheck; error paths run under `not`. (Booting real kernels is the
# end-to-end test's job.)
#   python3 /usr/lib/llvm-14/build/utils/lit/lit.py -sv testsuite/bench
# Features: cross-plugin (see below); linux-source-6.1 (the unpacked tree in the cache, or KSRC, is a
# 6.1 kernel: the checked-in list is compared with a fresh derivation, and
# the initramfs test borrows its usr/gen_init_cpio.c); plugin (build/gcc-12/
# inlinetune.so exists: the list is loaded by the plugin); aarch64-binutils
# (the object comparison's test, below).
import os
import re
import shutil

import lit.formats

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, '..', '..'))
build = lit_config.params.get('build', os.path.join(root, 'build'))

config.name = 'inlinetune-bench'
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = ['.test']
config.excludes = ['Inputs', 'lit.cfg.py']
config.test_source_root = here
config.test_exec_root = os.path.join(build, 'lit', 'bench')

cache = os.environ.get('INLINETUNE_CACHE') or os.path.join(
    os.environ.get('XDG_CACHE_HOME') or os.path.expanduser('~/.cache'), 'inlinetune')
# The kernel lines' unpacked sources (harness/kernel.sh, KT_LINES): feature
# linux-source-LINE and %ksrcLINE (dots dropped: %ksrc61, %ksrc612, %ksrc72)
# for each that is in the cache; KSRC, when set, stands for its own line.
lines = ('6.1', '6.12', '7.2')
ksrcs = {line: os.path.join(cache, 'linux-source-' + line) for line in lines}
if os.environ.get('KSRC'):
    try:
        head = open(os.path.join(os.environ['KSRC'], 'Makefile')).read(500)
        own = re.search(r'^VERSION = (\d+)\nPATCHLEVEL = (\d+)\n', head, re.M)
        if own and '%s.%s' % own.groups() in ksrcs:
            ksrcs['%s.%s' % own.groups()] = os.environ['KSRC']
    except OSError:
        pass
for line, ksrc in ksrcs.items():
    major, minor = line.split('.')
    try:
        makefile = open(os.path.join(ksrc, 'Makefile')).read(500)
        if re.search(r'^VERSION = %s\nPATCHLEVEL = %s\n' % (major, minor), makefile, re.M):
            config.available_features.add('linux-source-' + line)
    except OSError:
        pass
# Longest first: lit replaces in order, and %ksrc61 is a prefix of %ksrc612.
for line in sorted(lines, key=len, reverse=True):
    config.substitutions.append(('%ksrc' + line.replace('.', ''), ksrcs[line]))
plugin = os.path.join(build, 'gcc-12', 'inlinetune.so')
if os.path.exists(plugin):
    config.available_features.add('plugin')
# cross-plugin: the arm64 cross compiler and its plugin build, and the CLI
# (bench/fullkernel.sh's checks on miniature trees of real objects).
if (os.path.exists(os.path.join(build, 'aarch64-linux-gnu-gcc-12', 'inlinetune.so'))
        and os.path.exists(os.path.join(build, 'tools', 'inlinetune'))
        and shutil.which('aarch64-linux-gnu-gcc-12')):
    config.available_features.add('cross-plugin')

# The arm64 assembler and binutils, which the harness's object comparison
# (kt_functions) reads arm64 objects with.
if shutil.which('aarch64-linux-gnu-as') and shutil.which('aarch64-linux-gnu-objdump'):
    config.available_features.add('aarch64-binutils')

# inlinetune-cc and the arm64 plugin, which search/evaluate.sh builds with
# (on fake trees the plugin is only named: ks_build checks it exists).
if (os.path.exists(os.path.join(build, 'launcher', 'inlinetune-cc'))
        and os.path.exists(os.path.join(build, 'aarch64-linux-gnu-gcc-12', 'inlinetune.so'))
        and shutil.which('ccache')):
    config.available_features.add('launcher')

# GNU parallel, and for its ssh test an sshd this user may start (root).
if shutil.which('parallel') and shutil.which('ssh-keygen') and os.path.exists('/usr/sbin/sshd') \
        and os.geteuid() == 0:
    config.available_features.add('parallel')
# Slurm (slurm-wlm's daemons, munge) for the job array test: a one-node
# cluster the test starts as root.
if all(shutil.which(t) for t in ('sbatch', 'sinfo', 'slurmctld', 'slurmd', 'munged')) and os.geteuid() == 0:
    config.available_features.add('slurm')

# search/search.py on a small world of its own (search.test): the CLI, which
# attributes, and GNU parallel, which runs its evaluations.
cli = os.path.join(build, 'tools', 'inlinetune')
if os.path.exists(cli) and shutil.which('parallel'):
    config.available_features.add('search')
config.substitutions.append(('%inlinetune', cli))
config.substitutions.append(('%search', 'python3 %s' % os.path.join(root, 'search', 'search.py')))

config.substitutions.append(('%root', root))
config.substitutions.append(('%plugin', plugin))
config.substitutions.append(('%derive', 'python3 %s' % os.path.join(root, 'bench', 'never_inline_from_selftests.py')))
# bash %harness LIB[,LIB...] FUNCTION ARG...: a harness function, run with
# harness/kernel.sh and the named libraries sourced.
config.substitutions.append(('%harness', 'bash %s' % os.path.join(root, 'harness', 'run.sh')))
config.substitutions.append(('%inputs', os.path.join(here, 'Inputs')))

llvm_bin = '/usr/lib/llvm-14/bin'
config.environment['PATH'] = llvm_bin + os.pathsep + os.environ.get('PATH', '')
config.environment['LC_ALL'] = 'C'
config.environment['HOME'] = os.environ.get('HOME', '/root')
# Every test sets INLINETUNE_CACHE itself where it matters; none writes to
# the real cache.
for var in ('INLINETUNE_CACHE', 'KSRC', 'XDG_CACHE_HOME'):
    config.environment.pop(var, None)
