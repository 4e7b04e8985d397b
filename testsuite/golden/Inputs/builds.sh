#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The golden check's two builds (golden.test), compiled with the plugin:
# DIR/base with GCC's -O2 params, DIR/new with the RFC's, both with
# policy.ini.  fs/open.c and mm/slab.c are the tools tests' miniatures
# (testsuite/tools/Inputs); lib/names.cc is C++.  base's lib/names.o logs
# into a log directory (DIR/base/logs, the JSONL form) instead of its object.
# usage: sh builds.sh CC CXX PLUGIN DIR
set -eu
cc=$1 cxx=$2 plugin=$3 dir=$4
here=$(cd "$(dirname "$0")" && pwd)
tools_inputs=$here/../../tools/Inputs

mkdir -p "$dir/src/fs" "$dir/src/mm" "$dir/src/lib"
cp "$tools_inputs/open.c" "$dir/src/fs/open.c"
cp "$tools_inputs/slab.c" "$dir/src/mm/slab.c"
cp "$here/names.cc" "$dir/src/lib/names.cc"
cp "$here/policy.ini" "$dir/src/policy.ini"
cd "$dir/src"
for build in base new; do
  profile=gcc
  [ $build = base ] || profile=rfc
  flags="-O2 -fplugin=$plugin -fplugin-arg-inlinetune-profile=$profile
         -fplugin-arg-inlinetune-policy=policy.ini -fplugin-arg-inlinetune-tag=$build"
  for tu in fs/open.c mm/slab.c lib/names.cc; do
    obj=../$build/${tu%.*}.o
    mkdir -p "$(dirname "$obj")"
    compiler=$cc
    case $tu in *.cc) compiler=$cxx ;; esac
    log=
    [ "$build/$tu" != base/lib/names.cc ] || log=-fplugin-arg-inlinetune-log=../base/logs
    # shellcheck disable=SC2086
    $compiler $flags $log -c "$tu" -o "$obj"
  done
done
