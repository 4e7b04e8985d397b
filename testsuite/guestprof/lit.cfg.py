# SPDX-License-Identifier: GPL-3.0-or-later
# guestprof, the project's QEMU TCG plugin, loaded into the installed QEMU
# (`make check-guestprof`): its whole-run totals against QEMU's contrib cache
# plugin on one boot of the small kernel, two boots giving identical
# profiles, the arguments' errors, a stripped vmlinux, and a header of
# another plugin API version refused by the build.  The inputs (the baseline
# small kernel, the workloads' initramfs) come from
# testsuite/guestprof/prepare.sh, which writes the file --param inputs
# names:
#   bash testsuite/guestprof/prepare.sh aarch64-linux-gnu-gcc-12 build/check-guestprof.env
#   lit --param inputs=build/check-guestprof.env testsuite/guestprof
# Boots run one at a time (lit -j1 here: QEMU boots are CPU-heavy).
import os

import lit.formats

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, '..', '..'))
build = lit_config.params.get('build', os.path.join(root, 'build'))
inputs_file = lit_config.params.get('inputs', os.path.join(build, 'check-guestprof.env'))
try:
    with open(inputs_file) as f:
        inputs = dict(line.rstrip('\n').split('=', 1) for line in f if '=' in line)
except OSError as e:
    lit_config.fatal('%s: %s (testsuite/guestprof/prepare.sh writes it; make check-guestprof runs it)'
                     % (inputs_file, e.strerror))
for key in ('KERNEL', 'INITRAMFS', 'INLINETUNE_CACHE'):
    if key not in inputs:
        lit_config.fatal('%s names no %s' % (inputs_file, key))
plugin_h = lit_config.params.get('qemu_plugin_h')
if not plugin_h or not os.path.exists(plugin_h):
    lit_config.fatal('--param qemu_plugin_h=FILE is required: the header guestprof was built against')

config.name = 'inlinetune-guestprof'
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = ['.test']
config.excludes = ['Inputs', 'lit.cfg.py', 'prepare.sh']
config.test_source_root = here
config.test_exec_root = os.path.join(build, 'lit', 'guestprof')
config.parallelism_group = 'qemu-boots'
lit_config.parallelism_groups['qemu-boots'] = 1

kernel = inputs['KERNEL']
config.substitutions.append(('%root', root))
config.substitutions.append(('%guestprof', os.path.join(build, 'guestprof', 'guestprof.so')))
config.substitutions.append(('%contrib-cache', os.path.join(build, 'guestprof', 'contrib', 'libcache.so')))
config.substitutions.append(('%vmlinux', os.path.join(kernel, 'vmlinux')))
config.substitutions.append(('%image', os.path.join(kernel, 'arch', 'arm64', 'boot', 'Image')))
config.substitutions.append(('%initramfs', inputs['INITRAMFS']))
config.substitutions.append(('%qemu-plugin-h', plugin_h))
config.substitutions.append(('%inputs', os.path.join(here, 'Inputs')))
# %qemu FUNCTION ARG...: harness/qemu.sh's functions (qm_run), as the kernel
# tests call them.
# %load PLUGIN-WORD: QEMU with no board loading the plugin, expected to fail.
config.substitutions.append(('%load', 'not qemu-system-aarch64 -M none -display none -monitor none -serial none -plugin'))
config.substitutions.append(('%qemu', 'bash %s qemu' % os.path.join(root, 'harness', 'run.sh')))
config.environment['LC_ALL'] = 'C'
config.environment['PATH'] = '/usr/lib/llvm-14/bin' + os.pathsep + os.environ.get('PATH', '')
config.environment['HOME'] = os.environ.get('HOME', '/root')
config.environment['INLINETUNE_CACHE'] = inputs['INLINETUNE_CACHE']
config.environment['KT_TOOL'] = 'check-guestprof'
for var, value in os.environ.items():
    if var.startswith('QM_') or var == 'QEMU_AARCH64':
        config.environment[var] = value
