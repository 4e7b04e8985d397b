#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-debs.sh DEBS VERSION_FILE CC...: the packages make deb left in DEBS:
# inlinetune (the CLI, man pages, completion) and per compiler CC its plugin
# package, whose Depends names the package holding CC's driver at exactly its
# installed version and which ships inlinetune.so in CC's plugin directory.
set -eu
debs=$1 version=$(cat "$2")
shift 2
fail() { echo "check-debs: $*"; exit 1; }
deb() { # PACKAGE: its .deb
  local f
  f=$(ls "$debs/$1_${version}_"*.deb 2>/dev/null) || fail "no package $1 of version $version in $debs"
  echo "$f"
}
cli=$(deb inlinetune)
files=$(dpkg-deb -c "$cli" | awk '{print $6}')
for f in ./usr/bin/inlinetune ./usr/share/man/man1/inlinetune.1.gz ./usr/share/man/man7/inlinetune-plugin.7.gz \
  ./usr/share/man/man5/inlinetune-policy.5.gz ./usr/share/bash-completion/completions/inlinetune; do
  grep -qxF "$f" <<<"$files" || fail "inlinetune lacks $f"
done
echo "inlinetune: version $(dpkg-deb -f "$cli" Version), files: usr/bin/inlinetune, man pages, completion"
for cc in "$@"; do
  case $cc in
    *-linux-*-gcc-*) pkg=gcc-${cc##*-gcc-}-plugin-inlinetune-${cc%-gcc-*} ;;
    *) pkg=$cc-plugin-inlinetune ;;
  esac
  f=$(deb "$pkg")
  driver=$(readlink -f "$(command -v "$cc")")
  ccpkg=$(dpkg-query -S "$driver" | sed -n '1s/: .*//p')
  want="$ccpkg (= $(dpkg-query -W -f='${Version}' "$ccpkg"))"
  depends=$(dpkg-deb -f "$f" Depends)
  [[ ", $depends, " == *", $want, "* ]] || fail "$pkg depends on '$depends', not on '$want'"
  so=$("$cc" -print-file-name=plugin)/inlinetune.so
  dpkg-deb -c "$f" | awk '{print $6}' | grep -qxF ".$so" || fail "$pkg does not ship $so"
  echo "plugin of $cc: $pkg depends on $want, ships $so"
done
echo "all packages checked"
