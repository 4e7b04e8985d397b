# SPDX-License-Identifier: GPL-3.0-or-later
"""The directory of LLVM's test tools (FileCheck, not, count, split-file) for
the lit suites: Debian 12's llvm-14-tools on the host; in a root of
scripts/toolchains.sh, its suite's llvm-N-tools (the newest installed)."""

import glob
import os


def llvm_bin():
    default = '/usr/lib/llvm-14/bin'
    if os.path.exists(os.path.join(default, 'FileCheck')):
        return default
    found = sorted(glob.glob('/usr/lib/llvm-*/bin/FileCheck'), key=lambda p: int(p.split('/')[3][5:]))
    return os.path.dirname(found[-1]) if found else default
