# SPDX-License-Identifier: GPL-3.0-or-later
# The kernel tests that are lit tests (`make check-kernel`): each .test here
# reads kernel trees built beforehand by the Makefile (harness's cache),
# given as parameters, and fails when one is missing rather than being
# skipped:
#   lit --param inlinetune=build/tools/inlinetune --param ref=REF_BINARY \
#       --param small=$INLINETUNE_CACHE/small/aarch64-linux-gnu-gcc-12 testsuite/kernel
import os

import lit.formats

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, '..', '..'))
build = lit_config.params.get('build', os.path.join(root, 'build'))

config.name = 'inlinetune-kernel'
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = ['.test']
config.test_source_root = here
config.test_exec_root = os.path.join(build, 'lit', 'kernel')


def param_path(name, what):
    value = lit_config.params.get(name)
    if not value or not os.path.exists(value):
        lit_config.fatal('--param %s=%s: %s not found (make check-kernel builds it)' % (name, value, what))
    return os.path.abspath(value)


config.substitutions.append(('%inlinetune', param_path('inlinetune', 'the inlinetune binary')))
config.substitutions.append(('%ref-inlinetune', param_path('ref', 'the golden reference inlinetune')))
small = param_path('small', 'the small kernels\' cache directory')
for variant in ('baseline-log', 'plugin-rfc'):
    tree = os.path.join(small, variant)
    if not os.path.exists(os.path.join(tree, 'vmlinux')):
        lit_config.fatal('no small kernel %s in %s (make check-kernel builds it)' % (variant, tree))
    config.substitutions.append(('%small-' + variant, tree))
config.substitutions.append(('%golden', os.path.join(root, 'testsuite', 'golden')))
config.environment['LC_ALL'] = 'C'
config.environment['PATH'] = '/usr/lib/llvm-14/bin' + os.pathsep + os.environ.get('PATH', '')
