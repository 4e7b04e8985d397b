#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# testsuite/golden/inputs.sh INLINETUNE CC PLUGIN DIR: the golden check on
# the testsuite's inputs: builds Inputs/builds.sh's two builds in DIR (made
# if needed) and writes outputs.sh's files to DIR/out.  golden.test compares
# DIR/out with expected/; `make golden-update` copies it there.
set -eu
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tool=$1 cc=$2 plugin=$3 dir=$4
mkdir -p "$dir"
sh "$here/Inputs/builds.sh" "$cc" "${cc/gcc/g++}" "$plugin" "$dir"
cp "$here/Inputs/results.csv" "$here/Inputs/profile.csv" "$dir/"
cd "$dir"
GOLDEN_SOURCE_ROOT=src bash "$here/outputs.sh" "$tool" out base new results.csv profile.csv do_sys_openat2 h5 'ns::pick(int)'
