# SPDX-License-Identifier: GPL-3.0-or-later
# Installing inlinetune (`make check-install`): the man pages and the bash
# completion against the CLI's own --help, the plugin's option table and the
# policy parser; every page rendered without warnings; `make install` into a
# scratch DESTDIR; the Debian packages of `make deb` (build/deb/) lintian-clean,
# with the dependencies a plugin needs, installed into a scratch root whose
# plugin GCC loads by name (-fplugin=inlinetune) for a real kernel TU.
#   make deb && lit --param build=$PWD/build --param ccs="gcc-12 ..." testsuite/install
import os
import shutil

import lit.formats

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, '..', '..'))
build = lit_config.params.get('build', os.path.join(root, 'build'))
inlinetune = lit_config.params.get('inlinetune', os.path.join(build, 'tools', 'inlinetune'))
ccs = lit_config.params.get('ccs', '').split()
for path, what in ((inlinetune, 'make tools'), (os.path.join(build, 'man', 'pages'), 'make man'),
                   (os.path.join(build, 'deb'), 'make deb')):
    if not os.path.exists(path):
        lit_config.fatal('no %s: run %s' % (path, what))
if not ccs:
    lit_config.fatal('--param ccs="COMPILER..." is required (the compilers make deb packaged)')

config.name = 'inlinetune-install'
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = ['.test']
config.excludes = ['Inputs', 'lit.cfg.py']
config.test_source_root = here
config.test_exec_root = os.path.join(build, 'lit', 'install')

config.substitutions.append(('%inlinetune', inlinetune))
config.substitutions.append(('%build', build))
config.substitutions.append(('%root', root))
config.substitutions.append(('%pages', os.path.join(build, 'man', 'pages')))
config.substitutions.append(('%completion', os.path.join(build, 'man', 'inlinetune.bash-completion')))
config.substitutions.append(('%debs', os.path.join(build, 'deb')))
config.substitutions.append(('%ccs', ' '.join(ccs)))
config.substitutions.append(('%inputs', os.path.join(here, 'Inputs')))
config.substitutions.append(('%kt', 'bash %s' % os.path.join(root, 'harness', 'run.sh')))
# The kernel TU test compiles with the newest packaged cross compiler, as
# check-kernel does first.
cross = sorted((c for c in ccs if c.startswith('aarch64-linux-gnu-')), reverse=True)
if cross:
    config.substitutions.append(('%kcc', cross[0]))
    config.available_features.add('cross')
native = [c for c in ccs if not c.startswith('aarch64-linux-gnu-')]
config.substitutions.append(('%ncc', sorted(native, reverse=True)[0] if native else 'gcc'))
if native:
    config.available_features.add('native')
for tool in ('lintian', 'help2man', 'groff', 'lexgrog', 'man'):
    if shutil.which(tool):
        config.available_features.add(tool)

llvm_bin = '/usr/lib/llvm-14/bin'
config.environment['PATH'] = llvm_bin + os.pathsep + os.environ.get('PATH', '')
config.environment['LC_ALL'] = 'C'
for var in ('HOME', 'INLINETUNE_CACHE', 'XDG_CACHE_HOME', 'KSRC'):
    if var in os.environ:
        config.environment[var] = os.environ[var]
