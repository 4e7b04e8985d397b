#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# scripts/qemu-plugin-src.sh [--print-dir]: puts QEMU's plugin header
# (include/qemu/qemu-plugin.h) and its contrib cache plugin (contrib/plugins/
# cache.c, for guestprof's comparison test) from Debian's own qemu source
# package, of the version of the installed qemu-system-arm, into
#   $INLINETUNE_CACHE/qemu-src/<version without epoch>/
# (default cache ~/.cache/inlinetune) and prints that directory.  Debian 12
# ships QEMU without the header; guestprof (make guestprof) is built against
# it.  Nothing of QEMU is kept in the repository.
#
# Steps: apt-get source --download-only qemu=VERSION into a scratch
# directory (scripts/apt-source.sh: deb-src added when apt has no source
# index);
# the two files out of the .orig tarball, with Debian's patches to them
# applied (dpkg-source -x of the whole package when a patch touches them).
# A no-op when the directory holds both files.  --print-dir prints the
# directory without fetching (for the Makefile).
set -eu

cache=${INLINETUNE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/inlinetune}
die() { echo "qemu-plugin-src: error: $*" >&2; exit 1; }

ver=$(dpkg-query -W -f='${source:Version}' qemu-system-arm 2>/dev/null || true)
[ -n "$ver" ] && [ "$(dpkg-query -W -f='${Status}' qemu-system-arm 2>/dev/null)" = "install ok installed" ] ||
  die "qemu-system-arm is not installed (run 'scripts/install-deps.sh boot'): the header must be the installed QEMU's"
dir=$cache/qemu-src/${ver#*:}
if [ "${1:-}" = --print-dir ]; then
  echo "$dir"
  exit 0
fi
if [ -f "$dir/qemu-plugin.h" ] && [ -f "$dir/cache.c" ] && [ -f "$dir/version" ]; then
  echo "$dir"
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/apt-source.sh"
apt_source_download qemu-plugin-src "qemu=$ver" "$tmp"
orig=$(ls "$tmp"/qemu_*.orig.tar.xz 2>/dev/null | head -n 1)
deb=$(ls "$tmp"/qemu_*.debian.tar.xz 2>/dev/null | head -n 1)
dsc=$(ls "$tmp"/qemu_*.dsc 2>/dev/null | head -n 1)
[ -n "$orig" ] && [ -n "$deb" ] && [ -n "$dsc" ] || die "the qemu source package has no .orig.tar.xz, .debian.tar.xz or .dsc"
mkdir -p "$tmp/x" "$tmp/d"
tar -xJf "$deb" -C "$tmp/d"
files=(include/qemu/qemu-plugin.h contrib/plugins/cache.c)
patched=
for f in "${files[@]}"; do
  if [ -f "$tmp/d/debian/patches/series" ] &&
    sed 's/#.*//' "$tmp/d/debian/patches/series" | while read -r p; do [ -z "$p" ] || cat "$tmp/d/debian/patches/$p"; done |
    grep -q "^+++ [^ ]*/$f"; then
    patched=1
  fi
done
if [ -n "$patched" ]; then
  command -v dpkg-source >/dev/null || die "Debian patches the plugin files; unpacking them needs dpkg-source (package dpkg-dev)"
  (cd "$tmp" && dpkg-source -x --no-check "$dsc" "$tmp/x/src") >"$tmp/dpkg-source.log" 2>&1 ||
    { cat "$tmp/dpkg-source.log" >&2; die "dpkg-source -x failed"; }
  top=$tmp/x/src
else
  tar -xJf "$orig" -C "$tmp/x" --wildcards "${files[@]/#/*/}"
  top=$(ls -d "$tmp"/x/*/ | head -n 1)
fi
for f in "${files[@]}"; do [ -f "$top/$f" ] || die "the qemu source package has no $f"; done
mkdir -p "$dir"
cp "$top/include/qemu/qemu-plugin.h" "$dir/qemu-plugin.h.tmp" && mv "$dir/qemu-plugin.h.tmp" "$dir/qemu-plugin.h"
cp "$top/contrib/plugins/cache.c" "$dir/cache.c.tmp" && mv "$dir/cache.c.tmp" "$dir/cache.c"
echo "$ver" >"$dir/version"
echo "qemu-plugin-src: $dir: qemu-plugin.h (QEMU_PLUGIN_VERSION $(sed -n 's/^#define QEMU_PLUGIN_VERSION //p' "$dir/qemu-plugin.h")), cache.c" >&2
echo "$dir"
