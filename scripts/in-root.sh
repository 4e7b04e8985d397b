#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a command inside one of the Debian roots scripts/toolchains.sh makes
# (docs/toolchains.md), with this repository and the cache bind-mounted at
# their own paths and the current directory kept (the repository's top when
# the current one is outside both):
#   scripts/in-root.sh trixie -- make plugin TARGET_CC=gcc-14
#   scripts/in-root.sh forky -- make check-compile
#   scripts/in-root.sh --bind /srv/linux trixie -- make -C /srv/linux ...
# --bind DIR (repeatable) mounts one more host directory at its own path
# (a KSRC= kernel tree outside both, scripts/bench-in-root.sh).
# The Makefile inside a root builds into build/SUITE/ (it reads the root's
# /etc/inlinetune-root), so the host's and each root's builds never meet.
# A missing root is an error that says how to make it; a stale one (made by
# another version of toolchains.sh) is used with a warning.
# /proc, /dev and /dev/shm are mounted in a private mount namespace for as
# long as the command runs: nothing stays mounted after it.
set -eu
here=$(dirname "$(readlink -f "$0")")
. "$here/toolchains.sh"
repo=$(dirname "$here")

usage() { echo "usage: in-root.sh [--bind DIR]... SUITE -- COMMAND [ARG...]   (SUITE: trixie, forky)" >&2; exit 2; }
extra=()
while [ "${1:-}" = --bind ]; do
  [ $# -ge 2 ] || usage
  [ -d "$2" ] || { echo "in-root: --bind $2: not a directory" >&2; exit 2; }
  extra+=("$(readlink -f "$2")")
  shift 2
done
[ $# -ge 1 ] || usage
suite=$1; shift
suite_gccs "$suite" >/dev/null 2>&1 || { echo "in-root: unknown suite '$suite' (trixie, forky)" >&2; exit 2; }
[ "${1:-}" = -- ] && shift
[ $# -ge 1 ] || usage
[ "$(id -u)" -eq 0 ] || { echo "in-root: error: entering a root needs root (chroot, mount)" >&2; exit 1; }

root=$roots/$suite/root
case $(status_of "$suite" "$(mirror)") in
  missing) echo "in-root: error: no $suite root at $root: make it with 'make toolchains' (scripts/toolchains.sh $suite)" >&2; exit 1 ;;
  stale) echo "in-root: warning: the $suite root was made by another version of scripts/toolchains.sh; 'make toolchains' remakes it" >&2 ;;
esac

cwd=$(pwd -P)
case $cwd/ in
  "$repo"/* | "$(readlink -f "$cache")"/*) ;;
  *) cwd=$repo ;;
esac
mkdir -p "$cache"
binds=("$repo" "$(readlink -f "$cache")" "${extra[@]}")
run_in_root "$root" "${binds[@]}" -- /bin/bash -c 'cd "$0" && exec "$@"' "$cwd" "$@"
