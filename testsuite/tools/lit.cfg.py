# SPDX-License-Identifier: GPL-3.0-or-later
# Tests of the inlinetune command (tools/): each file makes its own objects,
# archives and logs (split-file, zstd, as, ld -r, ar) in its RUN lines and
# checks the output with FileCheck; error paths run under `not`.
#   lit --param inlinetune=$PWD/build/tools/inlinetune --param build=$PWD/build \
#       [--param cc=gcc-12] testsuite/tools
# `make check-tools` runs them against build/tools and build/tools-sanitize
# (ASan+UBSan: a sanitizer report aborts, which `not` does not take for a
# failure it expected).
import os
import shutil

import lit.formats

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, '..', '..'))
build = lit_config.params.get('build', os.path.join(root, 'build'))
inlinetune = lit_config.params.get('inlinetune', os.path.join(build, 'tools', 'inlinetune'))
if not os.path.exists(inlinetune):
    lit_config.fatal('no inlinetune at %s: run make tools' % inlinetune)
variant = os.path.basename(os.path.dirname(inlinetune))   # tools, tools-sanitize

config.name = 'inlinetune-tools[%s]' % variant
# The sanitized build: a test whose sanitizer run would repeat what another
# run already put through the sanitizer is UNSUPPORTED there.
if variant == 'tools-sanitize':
    config.available_features.add('sanitized')
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = ['.test']
config.excludes = ['Inputs', 'unit', 'lit.cfg.py']
config.test_source_root = here
config.test_exec_root = os.path.join(build, 'lit', variant)

logobj = os.path.join(here, 'Inputs', 'logobj.sh')
config.substitutions.append(('%inlinetune', inlinetune))
config.substitutions.append(('%cross-logobj', 'sh %s aarch64-linux-gnu-as' % logobj))
config.substitutions.append(('%logobj', 'sh %s as' % logobj))
config.substitutions.append(('%cross-as', 'aarch64-linux-gnu-as'))
config.substitutions.append(('%as', 'as'))
config.substitutions.append(('%ld', 'ld'))
config.substitutions.append(('%ar', 'ar'))
config.substitutions.append(('%objcopy', 'objcopy'))
config.substitutions.append(('%readelf', 'readelf'))
if shutil.which('aarch64-linux-gnu-as'):
    config.available_features.add('cross-as')
# Root can mount a small tmpfs to test a full disk (output-full-disk.test).
if os.geteuid() == 0 and shutil.which('mount'):
    config.available_features.add('root')

# Tests that compile C with the plugin (summary, diff and explain on real
# builds): the native plugin, `make check-tools` passes --param cc=gcc-12.
cc = lit_config.params.get('cc', 'gcc-12')
plugin = os.path.join(build, cc, 'inlinetune.so')
config.substitutions.append(('%cc', cc))
config.substitutions.append(('%plugin', plugin))
config.substitutions.append(('%nm', 'nm'))
# (golden.test compiles C++ too, with the g++ of the same name.)
if shutil.which(cc) and shutil.which(cc.replace('gcc', 'g++')) and os.path.exists(plugin):
    config.available_features.add('plugin')

llvm_bin = '/usr/lib/llvm-14/bin'
config.environment['PATH'] = llvm_bin + os.pathsep + os.environ.get('PATH', '')
config.environment['LC_ALL'] = 'C'
config.environment['ASAN_OPTIONS'] = 'abort_on_error=1:detect_leaks=1'
config.environment['UBSAN_OPTIONS'] = 'abort_on_error=1:halt_on_error=1:print_stacktrace=1'

# report: the page inlines Debian's Chart.js (libjs-chart.js), and
# report-browser.test loads it in Debian's Chromium, headless and offline
# (Inputs/headless.sh).  `make deps` installs both.
if os.path.exists('/usr/share/javascript/chart.js/chart.min.js'):
    config.available_features.add('chartjs')
if shutil.which('chromium'):
    config.available_features.add('chromium')
config.substitutions.append(('%headless', 'sh ' + os.path.join(here, 'Inputs', 'headless.sh')))
# The decoded-log cache (docs/cli.md): one for the suite's run, in its
# build directory, so that tests reading the same logs find each other's
# entries (their outputs must not change for it) and nothing goes to ~/.cache.
config.environment['INLINETUNE_DECODED_CACHE'] = os.path.join(config.test_exec_root, 'decoded-cache')
