#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# packaging/gen-debian.sh DIR BUILD CC...: writes DIR/debian/ for
# dpkg-buildpackage: the CLI's package `inlinetune` (the command, its man pages,
# the plugin's and the policy format's pages, bash completion, docs) and one
# plugin package per compiler CC, named as Debian names what belongs to one GCC
# (gcc-12-plugin-dev, gcc-12-plugin-dev-aarch64-linux-gnu):
#   gcc-12                    -> gcc-12-plugin-inlinetune
#   aarch64-linux-gnu-gcc-12  -> gcc-12-plugin-inlinetune-aarch64-linux-gnu
# A plugin is tied to its compiler's build (the version check refuses any
# other), so each depends on exactly the version of the package that holds its
# compiler, as gcc-12-plugin-dev does.  The debian/ directory is generated, not
# kept at the root: its package list and those versions depend on the
# compilers installed where it is built, and a debian/ at the top of an
# upstream tree gets in the way of a distribution's own packaging.
# Version: the root VERSION file (a native package); maintainer: DEBFULLNAME and
# DEBEMAIL, else git's user.name and user.email, else the last commit's author.
# OPT (environment): the flags the tree's build was made with; -dbgsym
# packages only when they give debug info (-g).
set -eu
[ $# -ge 3 ] || { echo "usage: gen-debian.sh DIR BUILD CC..." >&2; exit 2; }
dir=$1 build=$2
shift 2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/.." && pwd)
version=$(cat "$top/VERSION")
die() { echo "gen-debian.sh: error: $*" >&2; exit 1; }

name=${DEBFULLNAME:-$(git -C "$top" config user.name || git -C "$top" log -1 --format=%an 2>/dev/null || true)}
email=${DEBEMAIL:-$(git -C "$top" config user.email || git -C "$top" log -1 --format=%ae 2>/dev/null || true)}
[ -n "$name" ] && [ -n "$email" ] || die "no maintainer: set DEBFULLNAME and DEBEMAIL"
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  SOURCE_DATE_EPOCH=$(git -C "$top" log -1 --format=%ct 2>/dev/null || date +%s)
fi

# plugin_package CC: the binary package name of CC's plugin.
plugin_package() {
  local cc=$1 triplet= base=$1
  case $cc in
    *-linux-*-gcc-*) triplet=${cc%-gcc-*} base=gcc-${cc##*-gcc-} ;;
  esac
  echo "$base-plugin-inlinetune${triplet:+-$triplet}"
}
# compiler_package CC: the Debian package that holds CC's driver.
compiler_package() {
  local path
  path=$(readlink -f "$(command -v "$1")") || die "compiler $1 is not installed"
  dpkg-query -S "$path" 2>/dev/null | sed -n '1s/: .*//p' | grep . ||
    die "no Debian package holds $path ($1): its plugin cannot depend on it"
}

rm -rf "$dir/debian"
mkdir -p "$dir/debian/source"
# The copyright years: those of the project's first and last commits.
first=$(git -C "$top" log --reverse --format=%cd --date=format:%Y 2>/dev/null | head -n 1)
last=$(LC_ALL=C date -u -d "@$SOURCE_DATE_EPOCH" +%Y)
years=${first:-$last}
[ "$years" = "$last" ] || years=$years-$last
sed "s|@YEARS@|$years|" "$here/debian/copyright" >"$dir/debian/copyright"
cp "$here/debian/source/format" "$dir/debian/source/format"
sed -e "s|@TOP@|$top|" -e "s|@BUILD@|$build|" -e "s|@CCS@|$*|" -e "s|@OPT@|${OPT:-}|" "$here/debian/rules.in" >"$dir/debian/rules"
chmod 755 "$dir/debian/rules"

{
  echo "inlinetune ($version) unstable; urgency=medium"
  echo
  echo "  * Packages of inlinetune $version, built by 'make deb'."
  echo
  echo " -- $name <$email>  $(LC_ALL=C date -u -R -d "@$SOURCE_DATE_EPOCH")"
} >"$dir/debian/changelog"

plugin_dev=()
for cc in "$@"; do
  case $cc in
    *-linux-*-gcc-*) plugin_dev+=("gcc-${cc##*-gcc-}-plugin-dev-${cc%-gcc-*}") ;;
    *) plugin_dev+=("$cc-plugin-dev") ;;
  esac
done
# What building needs (scripts/install-deps.sh installs it all): the plugin
# headers of every compiler packaged, and the CLI's libraries.
build_depends="debhelper-compat (= 13), help2man, python3, g++-11, g++-12, $(printf '%s, ' "${plugin_dev[@]}")libinih-dev, libzstd-dev, libiberty-dev, libcli11-dev, nlohmann-json3-dev, libsimdjson-dev, libfmt-dev, libelf-dev, libsqlite3-dev, libxxhash-dev"

{
  cat <<EOC
Source: inlinetune
Section: devel
Priority: optional
Maintainer: $name <$email>
Build-Depends: $build_depends
Standards-Version: 4.6.2
Rules-Requires-Root: no

Package: inlinetune
Architecture: any
Depends: \${shlibs:Depends}, \${misc:Depends}
Recommends: libjs-chart.js
Description: read the inlining decision logs of the inlinetune GCC plugin
 The inlinetune GCC plugin sets GCC's inliner params per translation unit,
 function and call site from a policy file, honours never-inline lists, and
 logs every inlining decision of GCC's early and IPA inliners into an ELF note
 of each object.
 .
 This package holds the inlinetune command, which reads those logs back from
 objects, archives, build directories and JSON Lines files: per-subsystem
 summaries, the decisions two builds differ in with their cost in real bytes,
 every call into or out of one function with the value at which each refusal
 would flip, a SQLite database, the correlation with measured workload results
 and an execution profile, and an offline HTML report.  The plugin's own
 manual page, inlinetune-plugin(7), and the policy format's,
 inlinetune-policy(5), are here too.
EOC
  for cc in "$@"; do
    pkg=$(plugin_package "$cc")
    ccpkg=$(compiler_package "$cc")
    ccver=$(dpkg-query -W -f='${Version}' "$ccpkg")
    gccver=$("$cc" -dumpfullversion)
    target=$("$cc" -dumpmachine)
    ma=
    case $cc in *-linux-*-gcc-*) ma="Multi-Arch: foreign" ;; esac
    cat <<EOC

Package: $pkg
Architecture: any
${ma:+$ma
}Depends: $ccpkg (= $ccver), \${shlibs:Depends}, \${misc:Depends}
Recommends: inlinetune
Description: GCC plugin scoping inliner params, for $cc
 The inlinetune GCC plugin sets GCC's inliner params per translation unit,
 function and call site from a policy file, honours never-inline lists, and
 logs every inlining decision of GCC's early and IPA inliners into an ELF note
 of each object.
 .
 This package installs the plugin into the plugin directory of
 $cc (GCC $gccver, target $target),
 so that it loads by name: -fplugin=inlinetune.  A plugin serves exactly
 the compiler build it was built against, hence the exact dependency on
 $ccpkg.  The inlinetune package reads its logs and documents
 the plugin's options (inlinetune-plugin(7)).
EOC
    plugindir=$("$cc" -print-file-name=plugin)
    [ "${plugindir#/}" != "$plugindir" ] || die "$cc has no plugin directory (-print-file-name=plugin: $plugindir)"
    echo "${plugindir#/}/inlinetune.so" >"$dir/debian/$pkg.install"
  done
} >"$dir/debian/control"

cat >"$dir/debian/inlinetune.install" <<'EOC'
usr/bin/inlinetune
usr/share/man/man1/inlinetune*.1
usr/share/man/man5/inlinetune-policy.5
usr/share/man/man7/inlinetune-plugin.7
usr/share/bash-completion/completions/inlinetune
usr/share/doc/inlinetune
EOC
