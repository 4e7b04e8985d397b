# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash disable=SC2034  # (variables here are for the sourcing script)
# harness/initramfs.sh: the initramfs the small arm64 kernel boots with.
# Source it after harness/kernel.sh, from a bash script running under
# `set -eu`.
#
# What is in it (a gzip'd newc cpio, made by the kernel's own
# usr/gen_init_cpio from a staged copy of the files, so no root and no
# fakeroot are needed for /dev/console):
#   /init              harness/initramfs/init: mounts proc, sysfs, devtmpfs,
#                      tmpfs, debugfs, tracefs; brings lo up; runs what
#                      inlinetune.run= on the kernel command line asks; prints
#                      the results between markers; powers off
#   /bin/busybox       Debian's busybox-static:arm64 (scripts/install-deps.sh
#                      boot unpacks it into $KT_CACHE/busybox-arm64/); its
#                      applet links are made at boot (busybox --install -s)
#   /ftrace/           tools/testing/selftests/ftrace of KSRC (ftracetest,
#                      test.d/, samples/), minus any logs/ a host run left
#   /dev/console       the kernel opens it for init before init runs
#   extra files        IR_EXTRA: "DEST=SRC" words, e.g. workload programs
#                      (/bin/openclose=build/workloads/openclose)
#
# What it gives:
#   ir_build           builds the initramfs or finds it built; sets IR_FILE,
#                      IR_CACHED (1 when nothing was built), IR_SECONDS (time
#                      of the build that made it), IR_BYTES
#   ir_key             the text that determines it (see below)
#
# Cache: $KT_CACHE/initramfs/<first 16 hex digits of sha256(key)>/ holds
# initramfs.cpio.gz, key, info, list (gen_init_cpio's input), build.log. The
# key lists the sha256 of: the busybox .deb, the selftests tree (paths, modes,
# contents), /init, every extra file, gen_init_cpio.c, and this file (it lays
# the archive out). Equal inputs give a byte-identical archive (every mtime 0,
# gzip -n), so a cached file is what a rebuild would make. Old entries are
# not pruned (about 1 MB each).

IR_INIT=${IR_INIT:-$KT_ROOT/harness/initramfs/init}
IR_BUSYBOX_DIR=${IR_BUSYBOX_DIR:-$KT_CACHE/busybox-arm64}
IR_EXTRA=${IR_EXTRA:-}

# ir_busybox_deb: the cached busybox-static:arm64 .deb (dies when missing).
ir_busybox_deb() {
  local deb
  deb=$(ls "$IR_BUSYBOX_DIR"/busybox-static_*_arm64.deb 2>/dev/null | head -n 1)
  [ -n "$deb" ] && [ -x "$IR_BUSYBOX_DIR/root/bin/busybox" ] ||
    kt_die "step 'initramfs': no arm64 busybox in $IR_BUSYBOX_DIR; run 'scripts/install-deps.sh boot'"
  echo "$deb"
}

ir_ftrace_dir() { echo "$KSRC/tools/testing/selftests/ftrace"; }

# ir_tree_digest DIR: sha256 over the paths, modes and contents of the files
# and directories of DIR (one sha256sum run: the tree has about 110 files).
ir_tree_digest() {
  (
    cd "$1" || exit 1
    find . -path ./logs -prune -o \( -type f -o -type d \) -printf '%m %y %P\n' | LC_ALL=C sort
    find . -path ./logs -prune -o -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum
  ) | sha256sum | cut -c1-64
}

# ir_key: see the top of this file.
ir_key() {
  local deb f
  deb=$(ir_busybox_deb)
  printf 'busybox %s %s\n' "$(basename "$deb")" "$(sha256sum <"$deb" | cut -c1-64)"
  printf 'init %s\n' "$(sha256sum <"$IR_INIT" | cut -c1-64)"
  printf 'gen_init_cpio %s\n' "$(sha256sum <"$KSRC/usr/gen_init_cpio.c" | cut -c1-64)"
  printf 'builder %s\n' "$(sha256sum <"$KT_LIB_DIR/initramfs.sh" | cut -c1-64)"
  printf 'selftests %s\n' "$(ir_tree_digest "$(ir_ftrace_dir)")"
  for f in $IR_EXTRA; do
    printf 'extra %s %s\n' "${f%%=*}" "$(sha256sum <"${f#*=}" | cut -c1-64)"
  done
}

# ir_stage ROOT: the archive's files laid out under ROOT, every mtime 0.
ir_stage() {
  local root=$1 f d
  rm -rf "$root"
  mkdir -p "$root"/{dev,proc,sys,root,bin,sbin,usr/bin,usr/sbin,tmp,ftrace}
  chmod 1777 "$root/tmp"
  cp "$IR_INIT" "$root/init"
  chmod 0755 "$root/init"
  cp "$IR_BUSYBOX_DIR/root/bin/busybox" "$root/bin/busybox"
  (cd "$(ir_ftrace_dir)" && find . -path ./logs -prune -o -print0 | cpio -0 -pdm --quiet "$root/ftrace")
  for f in $IR_EXTRA; do
    d=$root$(dirname "${f%%=*}")
    mkdir -p "$d"
    cp "${f#*=}" "$root${f%%=*}"
  done
  find "$root" -exec touch -h -d @0 {} +
}

# ir_list ROOT: gen_init_cpio's list of the staged tree (see
# usr/gen_init_cpio.c's usage), plus /dev/console, which only root could
# create in ROOT.
ir_list() {
  local root=$1
  echo "nod /dev/console 0600 0 0 c 5 1"
  (cd "$root" && find . -mindepth 1 -printf '%y %m %P\n' | LC_ALL=C sort -k3) |
    while read -r type mode path; do
      case $type in
        d) echo "dir /$path $mode 0 0" ;;
        f) echo "file /$path $root/$path $mode 0 0" ;;
        *) echo "initramfs: $root/$path is neither a file nor a directory" >&2; return 1 ;;
      esac
    done
}

ir_build() {
  local f
  kt_ensure_ksrc
  ir_busybox_deb >/dev/null
  [ -f "$IR_INIT" ] || kt_die "step 'initramfs': no init script $IR_INIT"
  [ -d "$(ir_ftrace_dir)" ] || kt_die "step 'initramfs': $KSRC has no tools/testing/selftests/ftrace"
  [ -f "$KSRC/usr/gen_init_cpio.c" ] || kt_die "step 'initramfs': $KSRC has no usr/gen_init_cpio.c"
  for f in $IR_EXTRA; do
    [[ $f == /*=* ]] || kt_die "step 'initramfs': IR_EXTRA word '$f' is not DEST=SRC with an absolute DEST"
    [ -f "${f#*=}" ] || kt_die "step 'initramfs': IR_EXTRA: no file ${f#*=}"
  done
  local key dir
  key=$(ir_key)
  dir=$KT_CACHE/initramfs/$(printf '%s\n' "$key" | sha256sum | cut -c1-16)
  IR_FILE=$dir/initramfs.cpio.gz
  kt_locked "initramfs" ir_build_unlocked "$dir" "$key" || return 1
  IR_CACHED=$(cat "$dir/cached")
  IR_SECONDS=$(sed -n 's/^build_seconds=//p' "$dir/info")
  IR_BYTES=$(stat -c %s "$IR_FILE")
}

ir_build_unlocked() {
  local dir=$1 key=$2 t0 tool log
  if [ -f "$dir/initramfs.cpio.gz" ] && [ -f "$dir/key" ] && [ "$(cat "$dir/key")" = "$key" ]; then
    kt_step "initramfs: built already, $dir/initramfs.cpio.gz"
    echo 1 >"$dir/cached"
    return 0
  fi
  t0=$(date +%s.%N)
  mkdir -p "$dir"
  log=$dir/build.log
  kt_step "initramfs: building $dir/initramfs.cpio.gz (log: $log)"
  # The kernel's own cpio writer, built for this machine once per source.
  tool=$KT_CACHE/initramfs/gen_init_cpio-$(sha256sum <"$KSRC/usr/gen_init_cpio.c" | cut -c1-16)
  if [ ! -x "$tool" ]; then
    cc -O2 -o "$tool.tmp" "$KSRC/usr/gen_init_cpio.c" >"$log" 2>&1 ||
      kt_die "step 'initramfs: build gen_init_cpio' failed; log: $log"
    mv "$tool.tmp" "$tool"
  fi
  { ir_stage "$dir/rootfs" && ir_list "$dir/rootfs" >"$dir/list"; } >>"$log" 2>&1 ||
    kt_die "step 'initramfs: stage the files' failed; log: $log"
  # -t 0: directories and nodes get mtime 0 too, so equal inputs give equal bytes.
  (set -o pipefail; "$tool" -t 0 "$dir/list" | gzip -9 -n >"$dir/initramfs.cpio.gz.tmp") 2>>"$log" ||
    kt_die "step 'initramfs: pack' failed; log: $log; list: $dir/list"
  mv "$dir/initramfs.cpio.gz.tmp" "$dir/initramfs.cpio.gz"
  rm -rf "$dir/rootfs"
  printf 'build_seconds=%s\nbytes=%s\nfinished=%s\n' "$(echo "$(date +%s.%N) - $t0" | bc | xargs printf '%.2f')" \
    "$(stat -c %s "$dir/initramfs.cpio.gz")" "$(date -u +%FT%TZ)" >"$dir/info"
  printf '%s\n' "$key" >"$dir/key"
  echo 0 >"$dir/cached"
  kt_note "done in $(sed -n 's/^build_seconds=//p' "$dir/info") s, $(stat -c %s "$dir/initramfs.cpio.gz") bytes"
}
