# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash disable=SC2034  # (variables here are for the sourcing script)
# harness/servers.sh: the RFC's servers and their load clients, Debian's
# arm64 builds, for the initramfs. Source it after harness/kernel.sh, from a
# bash script running under `set -eu`.
#
#   Redis       redis-server (redis-server, redis-tools) with redis-benchmark
#   Memcached   memcached with memcslap (libmemcached-tools)
#   Nginx       nginx with ab (apache2-utils)
# MongoDB, the RFC's fourth, is not packaged by Debian.
#
# The packages are downloaded (apt-get download) and unpacked (dpkg -x) into
# the cache, never installed: they are arm64 programs on an x86-64 machine.
# Their shared libraries come the same way: the Depends of every package
# fetched that name a library package (lib*, zlib1g) are fetched in turn;
# then the NEEDED entries of the programs the guest runs, and of their
# libraries, must all be found among the unpacked files, or the step fails
# naming the library.
#
# What it gives:
#   sv_fetch           fetches and unpacks them, or finds them; sets SV_ROOT
#                      (the unpacked tree) and SV_PACKAGES_FETCHED
#   sv_extra           prints IR_EXTRA words (harness/initramfs.sh) for the
#                      programs, their libraries (in /lib/aarch64-linux-gnu),
#                      the dynamic loader and harness/initramfs/servers/*
#
# Cache: $KT_CACHE/servers-arm64/ holds debs/, root/ and packages (name and
# version of each .deb, one a line, written last). Packages are fetched once;
# remove the directory to fetch newer ones.

SV_DIR=${SV_DIR:-$KT_CACHE/servers-arm64}
SV_PACKAGES=(redis-server redis-tools memcached libmemcached-tools nginx apache2-utils)
# The programs the guest runs: DEST in the initramfs and their path in root/.
SV_PROGRAMS=(/usr/bin/redis-server=usr/bin/redis-check-rdb /usr/bin/redis-benchmark=usr/bin/redis-benchmark
             /usr/bin/redis-cli=usr/bin/redis-cli /usr/bin/memcached=usr/bin/memcached
             /usr/bin/memcslap=usr/bin/memcslap /usr/bin/memcping=usr/bin/memcping
             /usr/sbin/nginx=usr/sbin/nginx /usr/bin/ab=usr/bin/ab)
SV_FILES_DIR=${SV_FILES_DIR:-$KT_ROOT/harness/initramfs/servers}
SV_INTERP=/lib/ld-linux-aarch64.so.1

# sv_deps PKG: the library packages PKG depends on (first alternative), arm64.
sv_deps() {
  apt-cache depends --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces \
    --no-enhances "$1:arm64" 2>/dev/null |
    sed -n 's/^ *|\{0,1\}\(Pre\)\{0,1\}Depends: \([^<][^ ]*\)$/\2/p' | sed 's/:arm64$//' |
    grep -E '^(lib|zlib1g)' || true
}

sv_fetch_unlocked() {
  local log=$SV_DIR/fetch.log queue=("${SV_PACKAGES[@]}") done=() p d deb
  if [ -f "$SV_DIR/packages" ] && [ -d "$SV_DIR/root" ]; then
    kt_step "servers: fetched already, $SV_DIR ($(wc -l <"$SV_DIR/packages") packages)"
    return 0
  fi
  dpkg --print-foreign-architectures | grep -qx arm64 ||
    kt_die "step 'fetch servers': dpkg has no arm64 architecture; run 'scripts/install-deps.sh boot'"
  rm -rf "$SV_DIR"
  mkdir -p "$SV_DIR/debs" "$SV_DIR/root"
  kt_step "servers: fetching ${SV_PACKAGES[*]} (arm64) and their libraries into $SV_DIR (log: $log)"
  : >"$log"
  while [ ${#queue[@]} -gt 0 ]; do
    p=${queue[0]}
    queue=("${queue[@]:1}")
    case " ${done[*]} " in *" $p "*) continue ;; esac
    done+=("$p")
    (cd "$SV_DIR/debs" && apt-get download -q "$p:arm64") >>"$log" 2>&1 ||
      kt_die "step 'fetch servers': 'apt-get download $p:arm64' failed; log: $log"
    for d in $(sv_deps "$p"); do queue+=("$d"); done
  done
  for deb in "$SV_DIR"/debs/*.deb; do
    dpkg -x "$deb" "$SV_DIR/root" >>"$log" 2>&1 || kt_die "step 'fetch servers': dpkg -x $deb failed; log: $log"
  done
  for deb in "$SV_DIR"/debs/*.deb; do basename "$deb"; done >"$SV_DIR/packages.tmp"
  mv "$SV_DIR/packages.tmp" "$SV_DIR/packages"
  kt_note "$(wc -l <"$SV_DIR/packages") packages"
}

sv_fetch() {
  command -v apt-get >/dev/null || kt_die "step 'fetch servers': no apt-get"
  kt_locked servers sv_fetch_unlocked || return 1
  SV_ROOT=$SV_DIR/root
  SV_PACKAGES_FETCHED=$(wc -l <"$SV_DIR/packages")
}

# sv_find_lib SONAME: its path in root/ (the multiarch library directories).
sv_find_lib() {
  local d
  for d in lib/aarch64-linux-gnu usr/lib/aarch64-linux-gnu lib usr/lib; do
    [ -e "$SV_ROOT/$d/$1" ] && { echo "$SV_ROOT/$d/$1"; return 0; }
  done
  return 1
}

# sv_needed FILE: its NEEDED sonames.
sv_needed() {
  "$KT_READELF" -dW "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'
}

sv_extra() {
  local w src queue=() seen=() lib path f
  [ -n "${SV_ROOT:-}" ] || kt_die "step 'servers': sv_fetch first"
  for w in "${SV_PROGRAMS[@]}"; do
    src=$SV_ROOT/${w#*=}
    [ -f "$src" ] || kt_die "step 'servers': no ${w#*=} in the unpacked packages ($SV_ROOT)"
    echo "${w%%=*}=$src"
    mapfile -t -O ${#queue[@]} queue < <(sv_needed "$src")
  done
  while [ ${#queue[@]} -gt 0 ]; do
    lib=${queue[0]}
    queue=("${queue[@]:1}")
    case " ${seen[*]} " in *" $lib "*) continue ;; esac
    seen+=("$lib")
    path=$(sv_find_lib "$lib") ||
      kt_die "step 'servers': no $lib (needed by the servers or their libraries) in the fetched packages; see $SV_DIR/packages"
    echo "/lib/aarch64-linux-gnu/$lib=$path"
    mapfile -t -O ${#queue[@]} queue < <(sv_needed "$path")
  done
  [ -e "$SV_ROOT$SV_INTERP" ] || kt_die "step 'servers': no dynamic loader $SV_INTERP in the fetched libc6"
  echo "$SV_INTERP=$SV_ROOT$SV_INTERP"
  for f in "$SV_FILES_DIR"/*; do
    [ -f "$f" ] || continue
    case $(basename "$f") in
      passwd | group) echo "/etc/$(basename "$f")=$f" ;;
      nginx.conf) echo "/etc/nginx/nginx.conf=$f" ;;
      index.html) echo "/var/www/html/index.html=$f" ;;
    esac
  done
}
