#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# scripts/gcc-testsuite.sh [--print-dir] [GCC]: puts GCC's own tests that
# exercise the inliners (gcc/testsuite/gcc.c-torture/execute, gcc.dg/ipa,
# g++.dg/ipa) from Debian's source package of the installed GCC (default
# gcc-12) into
#   $INLINETUNE_CACHE/gcc-testsuite/<source version>/
# (default cache ~/.cache/inlinetune) and prints that directory.  The
# forcing and replay tests compile them (testsuite/torture/).  Nothing of
# GCC is kept in the repository.
#
# apt-get source --download-only (scripts/apt-source.sh); only the
# three test directories are unpacked from the .orig tarball (some 90 MB
# fetched once).  A no-op when the directory is complete.
set -eu

cache=${INLINETUNE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/inlinetune}
die() { echo "gcc-testsuite: error: $*" >&2; exit 1; }

print_only=
if [ "${1:-}" = --print-dir ]; then print_only=1; shift; fi
pkg=${1:-gcc-12}
ver=$(dpkg-query -W -f='${source:Version}' "$pkg" 2>/dev/null || true)
[ -n "$ver" ] && [ "$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null)" = "install ok installed" ] ||
  die "$pkg is not installed: the tests are taken from the installed compiler's source"
src=$(dpkg-query -W -f='${source:Package}' "$pkg")
dir=$cache/gcc-testsuite/$src-${ver#*:}
if [ -n "$print_only" ] || [ -f "$dir/complete" ]; then
  echo "$dir"
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/apt-source.sh"
apt_source_download gcc-testsuite "$src=$ver" "$tmp"
orig=$(ls "$tmp"/"${src}"_*.orig.tar.* 2>/dev/null | head -n 1)
[ -n "$orig" ] || die "the $src source package has no .orig tarball"
# Debian's gcc .orig holds the GCC tarball (gcc-VERSION-dfsg.tar.xz) among others.
mkdir -p "$tmp/x"
tar -xf "$orig" -C "$tmp/x" --wildcards '*/gcc-*.tar.*'
inner=$(ls "$tmp"/x/*/gcc-*.tar.* 2>/dev/null | head -n 1)
[ -n "$inner" ] || die "no GCC tarball inside $(basename "$orig")"
mkdir -p "$tmp/t"
tar -xf "$inner" -C "$tmp/t" --wildcards '*/gcc/testsuite/gcc.c-torture/execute/*' \
  '*/gcc/testsuite/gcc.dg/ipa/*' '*/gcc/testsuite/g++.dg/ipa/*'
top=$(ls -d "$tmp"/t/*/gcc/testsuite)
rm -rf "$dir"
mkdir -p "$dir"
cp -r "$top/gcc.c-torture" "$top/gcc.dg" "$top/g++.dg" "$dir/"
echo "$src $ver" >"$dir/complete"
echo "gcc-testsuite: $dir: $(ls "$dir/gcc.c-torture/execute" | grep -c '\.c$') execute tests" >&2
echo "$dir"
