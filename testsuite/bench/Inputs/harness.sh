#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# testsuite/bench/Inputs/harness.sh LIB[,LIB...] FUNCTION ARG...: runs a
# function of harness/ with harness/kernel.sh and the named libraries
# (initramfs, qemu, small_kernel) sourced, as a bench script would.
# Prints the variables a function sets that the test names in SHOW.
set -eu
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL=harness
# shellcheck source=../../../harness/kernel.sh
. "$here/../../../harness/kernel.sh"
IFS=, read -r -a libs <<<"$1"
shift
for lib in "${libs[@]}"; do
  # shellcheck disable=SC1090
  . "$here/../../../harness/$lib.sh"
done
"$@"
for var in ${SHOW:-}; do
  echo "$var=${!var}"
done
