#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# scripts/apt-source.sh: sourced by the scripts that take files from a
# Debian source package (qemu-plugin-src.sh, gcc-testsuite.sh).
#   apt_source_download NAME PKG=VERSION DIR
# downloads the source package into DIR (apt-get source --download-only);
# when apt has no source index, it adds the deb-src type to the Types: of
# /etc/apt/sources.list.d/debian.sources, runs apt-get update and tries
# again.  NAME prefixes the messages; it exits 1, with apt's output, when
# the package cannot be had.

apt_source_download() {
  local name=$1 spec=$2 dir=$3 sudo= list=/etc/apt/sources.list.d/debian.sources
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  fetch() { (cd "$dir" && apt-get source -qq --download-only "$spec") >"$dir/apt.log" 2>&1; }
  echo "$name: fetching Debian's ${spec%%=*} ${spec#*=} source package" >&2
  fetch && return 0
  if [ -f "$list" ] && grep -q '^Types:' "$list" && grep '^Types:' "$list" | grep -vq 'deb-src'; then
    echo "$name: adding deb-src to the Types: of $list" >&2
    $sudo sed -i '/^Types:/{/deb-src/!s/$/ deb-src/}' "$list"
  fi
  # One apt-get update of ours at a time (make check's lanes: apt takes its
  # lists lock without waiting).
  $sudo flock "${TMPDIR:-/tmp}/inlinetune-apt.lock" apt-get update -qq
  fetch && return 0
  cat "$dir/apt.log" >&2
  echo "$name: error: 'apt-get source --download-only $spec' failed (no deb-src entry for the suite that has it?)" >&2
  exit 1
}
