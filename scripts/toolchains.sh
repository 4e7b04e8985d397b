#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes the Debian roots the newer compilers are tested in (docs/toolchains.md):
# a debootstrap --variant=minbase root per suite, cached outside the repository
# in $INLINETUNE_CACHE/roots/SUITE/root, with that suite's native and aarch64
# cross GCCs, their plugin headers, and what building the plugin and the CLI
# and running testsuite/compile need.  Run things inside with scripts/in-root.sh.
#
# Usage: scripts/toolchains.sh [--status | --packages | --dir] [SUITE...]
#   (no option)  make each root that is missing or stale; print where it is
#   --status     say for each root whether it is up to date, stale or missing
#                (exit 1 unless all are up to date); makes nothing
#   --packages   print the packages each suite's root is made with; makes nothing
#   --dir        print each root's directory; makes nothing
# SUITE: trixie, forky (default: both).
#
# A root is keyed: SUITE/manifest records the suite, the mirror, the key (a
# hash of the package lists and of the code below that makes a root, the
# suite and the mirror) and every installed package with its version.  A root whose manifest has the key is up
# to date and left alone; any other is made anew beside it and swapped in.
# Environment: INLINETUNE_CACHE (default ~/.cache/inlinetune), INLINETUNE_MIRROR
# (default: the URI /etc/apt/sources.list.d/debian.sources gives for the host's
# own suite), DEBOOTSTRAP (default debootstrap).
#
# Mounts: /proc, /dev and a fresh /dev/shm exist only inside a private mount
# namespace (unshare) for as long as a command runs in the root, and are
# unmounted on every exit (a trap; the namespace's end drops them too).
set -eu

self=$(readlink -f "${BASH_SOURCE[0]}")
here=$(dirname "$self")
cache=${INLINETUNE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/inlinetune}
roots=$cache/roots
log() { echo "toolchains: $*" >&2; }
die() { echo "toolchains: error: $*" >&2; exit 1; }

# ---- what goes into each root ------------------------------------------------
# The GCC majors each suite packages: native gcc-N, g++-N, gcc-N-plugin-dev and
# the aarch64 cross gcc-N-aarch64-linux-gnu, g++-N-..., gcc-N-plugin-dev-...
# A trailing '?' marks a major taken only where the suite still has it.
suite_gccs() {
  case $1 in
    trixie) echo "12? 13 14" ;;
    forky) echo "14 15 16" ;;
    *) return 1 ;;
  esac
}
# Building the plugin (make, binutils, libinih, libzstd) and the CLI (g++,
# the suite's default, and its libraries: the Makefile's TOOLS_LIBS), and
# running testsuite/compile: lit and FileCheck, not, count, split-file (the
# suite's llvm-N-tools, N its default LLVM, added below), python3 and
# jsonschema (testsuite/scripts/validate_log.py), zstd, objdump, readelf,
# objcopy of both targets, ccache and distcc (ccache.test, distcc.test), mount
# (the full-disk tests mount a tmpfs).
common_packages=(make g++ binutils binutils-aarch64-linux-gnu libinih-dev libzstd-dev zstd
  python3 python3-jsonschema mount ccache distcc
  libelf-dev libfmt-dev libiberty-dev libsimdjson-dev libcli11-dev nlohmann-json3-dev
  libsqlite3-dev sqlite3 libxxhash-dev)
# Building the roots' kernel lines there with their compilers and booting
# them (KLINE, docs/kernel.md): kbuild's tools and QEMU, the host's lists.
for list in kernel-tools boot-tools; do
  mapfile -t -O ${#common_packages[@]} common_packages < <(bash "$(dirname "${BASH_SOURCE[0]}")/install-deps.sh" --list $list)
done
# The demo and bench-kernel in a root (SUITE=, docs/kernel.md): the static
# libc the workloads program links (libc6-dev-arm64-cross: a Recommends of
# the cross compilers, which these roots do not install), the Chart.js that
# `inlinetune report` inlines, and dpkg-dev for scripts/qemu-plugin-src.sh,
# which fetches the root's own QEMU's plugin header for guestprof from the
# suite's source package (the deb-src line, make_root below), and glib's
# headers with pkgconf: QEMU's qemu-plugin.h includes glib.h from QEMU 8 on
# (trixie's is 10.0).
common_packages+=(libc6-dev-arm64-cross libjs-chart.js dpkg-dev libglib2.0-dev pkgconf)

gcc_packages() { # MAJOR
  echo "gcc-$1 g++-$1 gcc-$1-plugin-dev gcc-$1-aarch64-linux-gnu g++-$1-aarch64-linux-gnu gcc-$1-plugin-dev-aarch64-linux-gnu"
}

# ---- the host's mirror -------------------------------------------------------
mirror() {
  if [ -n "${INLINETUNE_MIRROR:-}" ]; then echo "$INLINETUNE_MIRROR"; return; fi
  local f=/etc/apt/sources.list.d/debian.sources host
  host=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
  [ -r "$f" ] || die "no $f to take the mirror from: set INLINETUNE_MIRROR=URI"
  # The URIs: of the stanza whose Suites: holds the host's own suite (not -security).
  awk -v host="$host" '
    /^[[:space:]]*$/ { if (uri != "" && ok) { print uri; exit } uri = ""; ok = 0; next }
    /^URIs:/ { uri = $2 }
    /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == host) ok = 1 }
    END { if (uri != "" && ok) print uri }' "$f" | head -n1 | grep . ||
    die "$f names no URI for suite '$host': set INLINETUNE_MIRROR=URI"
}

# The key: what makes a root (the package lists and the functions that make
# it, as bash prints them, so comments and this script's other parts do not
# count), the suite, the mirror and the host's architecture.
key() { # SUITE MIRROR
  { declare -p common_packages; declare -f suite_gccs gcc_packages make_root run_in_root absent_packages; echo "suite=$1 mirror=$2 arch=$(dpkg --print-architecture)"; } | sha256sum | cut -c1-16
}

# ---- mounts, only inside a private namespace ---------------------------------
# Runs CMD... chrooted in ROOT with /proc, /dev and /dev/shm mounted, plus each
# BIND given before '--': a host directory DIR (mounted at the same path
# inside) or DIR:INSIDE.
# Exported for scripts/in-root.sh, which sources this file.
run_in_root() { # ROOT [BIND...] -- CMD...
  local root=$1; shift
  local binds=()
  while [ "$1" != -- ]; do binds+=("$1"); shift; done
  shift
  unshare --mount --propagation private -- bash -c '
    set -eu
    root=$1; nb=$2; shift 2
    mounted=()
    cleanup() { local i; for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount "${mounted[i]}" 2>/dev/null || umount -l "${mounted[i]}"; done; }
    trap cleanup EXIT
    mount -t proc proc "$root/proc"; mounted+=("$root/proc")
    mount --bind /dev "$root/dev"; mounted+=("$root/dev")
    mkdir -p "$root/dev/shm"; mount -t tmpfs -o mode=1777 shm "$root/dev/shm"; mounted+=("$root/dev/shm")
    for ((i = 0; i < nb; i++)); do
      d=${1%%:*}; at=${1#*:}; shift
      mkdir -p "$root$at"; mount --bind "$d" "$root$at"; mounted+=("$root$at")
    done
    # Not exec: the trap must run after the command.
    status=0
    chroot "$root" /usr/bin/env -u LD_LIBRARY_PATH PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@" || status=$?
    exit $status
  ' run_in_root "$root" "${#binds[@]}" "${binds[@]}" "$@"
}

# Refuses to delete a directory that anything is mounted under (a bind mount
# of the repository would be deleted with it).
safe_rm() { # DIR
  [ -e "$1" ] || return 0
  if awk -v d="$(readlink -f "$1")/" '{ if (index($2 "/", d) == 1) { print $2; found = 1 } } END { exit !found }' /proc/mounts; then
    die "something is still mounted under $1 (above): not deleting it"
  fi
  rm -rf "$1"
}

status_of() { # SUITE MIRROR -> up-to-date | stale | missing
  local m=$roots/$1/manifest
  if [ ! -f "$m" ] || [ ! -d "$roots/$1/root" ]; then echo missing
  elif grep -qx "key: $(key "$1" "$2")" "$m"; then echo up-to-date
  else echo stale; fi
}

# Prints each PKG that ROOT's apt does not know (one a line).
absent_packages() { # ROOT PKG...
  local root=$1; shift
  run_in_root "$root" -- bash -c \
    'for p; do apt-cache show --no-all-versions "$p" >/dev/null 2>&1 || echo "$p"; done' _ "$@"
}

# ---- making one root -----------------------------------------------------------
make_root() { # SUITE MIRROR
  local suite=$1 uri=$2 dir=$roots/$1 new=$roots/$1.new script k start
  start=$(date +%s)
  k=$(key "$suite" "$uri")
  command -v "${DEBOOTSTRAP:-debootstrap}" >/dev/null ||
    bash "$here/install-deps.sh" toolchains
  # Debian 12's debootstrap has no script for forky: sid's serves (testing is
  # made the same way).
  script=/usr/share/debootstrap/scripts/$suite
  [ -e "$script" ] || script=/usr/share/debootstrap/scripts/sid
  safe_rm "$new"
  mkdir -p "$new" "$roots/debs/$suite"
  log "$suite: debootstrap --variant=minbase $suite from $uri (log: $new/debootstrap.log)"
  if ! "${DEBOOTSTRAP:-debootstrap}" --variant=minbase --cache-dir="$roots/debs/$suite" \
    "$suite" "$new/root" "$uri" "$script" >"$new/debootstrap.log" 2>&1; then
    tail -n 5 "$new/debootstrap.log" >&2
    die "$suite: debootstrap from $uri failed (no network, or no such suite there?): $new/debootstrap.log"
  fi
  # forky's InRelease on the mirror can be past its Valid-Until date; these
  # roots are test environments, pinned to what the mirror serves.
  echo 'Acquire::Check-Valid-Until "false";' >"$new/root/etc/apt/apt.conf.d/90inlinetune"
  echo 'APT::Install-Recommends "false";' >>"$new/root/etc/apt/apt.conf.d/90inlinetune"
  echo "deb $uri $suite main" >"$new/root/etc/apt/sources.list"
  # Source packages too: guestprof is built against the root's QEMU's
  # qemu-plugin.h, from the suite's qemu source package (qemu-plugin-src.sh).
  echo "deb-src $uri $suite main" >>"$new/root/etc/apt/sources.list"
  # The Makefile builds into build/SUITE/ when it finds this (docs/toolchains.md).
  echo "$suite" >"$new/root/etc/inlinetune-root"
  local apt=(env DEBIAN_FRONTEND=noninteractive apt-get -q -y -o Dpkg::Use-Pty=0)
  log "$suite: apt-get update"
  run_in_root "$new/root" -- "${apt[@]}" update >"$new/apt.log" 2>&1 ||
    { tail -n 5 "$new/apt.log" >&2; die "$suite: apt-get update failed (no network?): $new/apt.log"; }

  # The packages: the suite's own GCCs and its default LLVM's tools.
  local want=() optional=() major llvm p
  llvm=$(run_in_root "$new/root" -- apt-cache show --no-all-versions llvm 2>/dev/null |
    sed -n 's/^Depends:.*\bllvm-\([0-9][0-9]*\)\b.*/\1/p' | head -n1)
  [ -n "$llvm" ] || die "$suite: cannot tell its default LLVM (apt-cache show llvm names no llvm-N)"
  want+=("${common_packages[@]}" "llvm-$llvm-tools")
  for major in $(suite_gccs "$suite"); do
    case $major in
      *\?) for p in $(gcc_packages "${major%\?}"); do optional+=("$p"); done ;;
      *) for p in $(gcc_packages "$major"); do want+=("$p"); done ;;
    esac
  done
  # Which of them (and of the optional ones) the suite lacks, in one look.
  local absent
  absent=" $(absent_packages "$new/root" "${want[@]}" "${optional[@]}" | tr '\n' ' ')"
  local missing=()
  for p in "${want[@]}"; do
    case $absent in *" $p "*) missing+=("$p") ;; esac
  done
  [ ${#missing[@]} -eq 0 ] || die "$suite: the suite has no package ${missing[*]} (apt-cache show in its root, from $uri)"
  # An optional major is taken whole or not at all.
  for major in $(suite_gccs "$suite"); do
    case $major in *\?) ;; *) continue ;; esac
    local all=1
    for p in $(gcc_packages "${major%\?}"); do
      case $absent in *" $p "*) all=0 ;; esac
    done
    if [ $all = 1 ]; then
      for p in $(gcc_packages "${major%\?}"); do want+=("$p"); done
    else
      log "$suite: no GCC ${major%\?} packages in this suite: left out"
    fi
  done
  log "$suite: apt-get install ${#want[@]} packages (log: $new/apt.log)"
  # The .debs stay in the cache beside the roots (debootstrap's too): a
  # remade root downloads only what changed.
  mkdir -p "$roots/debs/$suite/partial"
  run_in_root "$new/root" "$roots/debs/$suite:/var/cache/apt/archives" -- \
    "${apt[@]}" install "${want[@]}" >>"$new/apt.log" 2>&1 ||
    { tail -n 5 "$new/apt.log" >&2; die "$suite: apt-get install failed: $new/apt.log"; }

  {
    echo "suite: $suite"
    echo "mirror: $uri"
    echo "key: $k"
    echo "made: $(date -u +%Y-%m-%dT%H:%M:%SZ) in $(($(date +%s) - start)) s"
    echo "requested: ${want[*]}"
    echo "packages:"
    run_in_root "$new/root" -- dpkg-query -W -f='  ${Package} ${Version}\n'
  } >"$new/manifest"
  echo "size: $(du -sm "$new/root" | cut -f1) MB" >>"$new/manifest"
  safe_rm "$dir"
  mv "$new" "$dir"
  log "$suite: made $dir/root in $(($(date +%s) - start)) s, $(du -sh "$dir/root" | cut -f1)"
}

# ---- main ------------------------------------------------------------------------
# (scripts/in-root.sh sources this file for run_in_root and status_of.)
main() {
  mode=make
  case ${1:-} in
    --status) mode=status; shift ;;
    --packages) mode=packages; shift ;;
    --dir) mode=dir; shift ;;
    -h | --help) sed -n '3,/^set -eu/p' "$self" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "toolchains: unknown option '$1' (--status, --packages, --dir)" >&2; exit 2 ;;
  esac
  [ $# -gt 0 ] || set -- trixie forky
  for s in "$@"; do
    suite_gccs "$s" >/dev/null || { echo "toolchains: unknown suite '$s' (trixie, forky)" >&2; exit 2; }
  done

  rc=0
  for s in "$@"; do
    case $mode in
      dir) echo "$roots/$s/root" ;;
      packages)
        echo "$s: ${common_packages[*]} llvm-N-tools (N: the suite's default LLVM)"
        for major in $(suite_gccs "$s"); do
          echo "$s: $(gcc_packages "${major%\?}")$(case $major in *\?) echo " (where the suite has them)" ;; esac)"
        done ;;
      status)
        st=$(status_of "$s" "$(mirror)")
        echo "$s: $st ($roots/$s/root)"
        [ "$st" = up-to-date ] || rc=1 ;;
      make)
        [ "$(id -u)" -eq 0 ] || die "making a root needs root (debootstrap, chroot, mount)"
        uri=$(mirror)
        if [ "$(status_of "$s" "$uri")" = up-to-date ]; then
          log "$s: up to date ($roots/$s/root)"
        else
          make_root "$s" "$uri"
        fi ;;
    esac
  done
  return $rc
}
if [ "${BASH_SOURCE[0]}" = "$0" ]; then main "$@"; fi
