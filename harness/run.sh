#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# harness/run.sh LIB[,LIB...] FUNCTION ARG...: runs one function of the
# harness with harness/kernel.sh and the named libraries sourced, as a bench
# script would: LIB is a harness library (initramfs, kbuild_tree, qemu,
# small_kernel, ...) or the path of a file of the caller's own (a name with a
# slash, e.g. a test suite's check functions). "-" sources kernel.sh alone.
# Prints the variables the function sets that SHOW names. The lit suites
# (testsuite/bench, testsuite/kernel) call harness functions through it.
set -eu
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL=${KT_TOOL:-harness}
# shellcheck source-path=SCRIPTDIR source=kernel.sh
. "$here/kernel.sh"
IFS=, read -r -a libs <<<"$1"
shift
for lib in "${libs[@]}"; do
  # shellcheck disable=SC1090
  case $lib in
    -) ;;
    */*) . "$lib" ;;
    *) . "$here/$lib.sh" ;;
  esac
done
"$@"
for var in ${SHOW:-}; do
  echo "$var=${!var}"
done
