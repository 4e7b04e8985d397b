# SPDX-License-Identifier: GPL-3.0-or-later
# The README's commands, run as a reader types them (run_readme.py: the
# conventions; commands.toml: the commands mapped to short real ones), and the
# runner's own failure paths.
#   lit --param build=$PWD/build testsuite/readme
# `make check-readme` builds what the README's commands load (the CLI, the
# arm64 plugin) and makes the cached kernel tree first: the configured arm64
# defconfig O= tree of aarch64-linux-gnu-gcc-12 (harness/kernel.sh
# kt_ensure_kobj), which the README's kbuild commands start from.
import os

import lit.formats

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, '..', '..'))
build = os.path.abspath(lit_config.params.get('build', os.path.join(root, 'build')))

config.name = 'inlinetune-readme'
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = ['.test']
config.excludes = ['Inputs', 'lit.cfg.py']
config.test_source_root = here
config.test_exec_root = os.path.join(build, 'lit', 'readme')

cache = os.environ.get('INLINETUNE_CACHE') or os.path.join(
    os.environ.get('XDG_CACHE_HOME') or os.path.expanduser('~/.cache'), 'inlinetune')
ksrc = os.environ.get('KSRC') or os.path.join(cache, 'linux-source-6.1')
kobj_cc = 'aarch64-linux-gnu-gcc-12'
kobj = os.path.join(cache, 'kobj', kobj_cc + '-defconfig')
# Not a feature: without the tree the test would be skipped and the README
# left unchecked.
for what, path in (('the kernel source', os.path.join(ksrc, 'Makefile')),
                   ('the configured O= tree', os.path.join(kobj, '.inlinetune-stamp'))):
    if not os.path.exists(path):
        lit_config.fatal('no %s at %s: run make check-readme, which makes it' % (what, path))

config.substitutions.append(('%root', root))
config.substitutions.append(('%build', build))
config.substitutions.append(('%ksrc', ksrc))
config.substitutions.append(('%kobj', kobj))
config.substitutions.append(('%lockname-kobj', 'kobj-' + kobj_cc))
config.substitutions.append(('%harness', 'bash %s' % os.path.join(root, 'harness', 'run.sh')))
config.substitutions.append(('%run-readme', 'python3 %s' % os.path.join(here, 'run_readme.py')))
config.substitutions.append(('%map', os.path.join(here, 'commands.toml')))

llvm_bin = '/usr/lib/llvm-14/bin'
config.environment['PATH'] = llvm_bin + os.pathsep + os.environ.get('PATH', '')
config.environment['LC_ALL'] = 'C'
config.environment['INLINETUNE_CACHE'] = cache
