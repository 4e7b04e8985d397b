#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# testsuite/kernel/prepare.sh CC OUT PART...: builds (or finds in the cache)
# what the kernel lit tests of PART read, for cross compiler CC, and writes
# OUT: KEY=VALUE lines naming each input, which testsuite/kernel/lit.cfg.py
# turns into substitutions. The tests themselves only compile single TUs and
# read these trees; building them is kbuild's and the harness's job.
#   tus           KSRC (linux-source-6.1, harness/kernel.sh), the arm64
#                 defconfig O= tree of CC with every TU of harness/kernel-tus.txt
#                 built by kbuild, and two mirrors of KSRC/fs (plain, and with
#                 `noinline` patched into do_sys_openat2 and vfs_symlink)
#   small-kernel  the small kernel (harness/small_kernel.sh) as baseline-log
#                 and plugin-rfc; the CLI of testsuite/golden/REF
#                 (testsuite/golden/ref-tool.sh)
#   boot          the small kernel as plugin-rfc (the RFC's own kernel is
#                 plugin-rfc with a few TUs swapped: boot/rfc-params-fails.test)
#                 and the guest's initramfs
#   guest-profile the small kernel as baseline-log (the tree small-kernel
#                 builds), an initramfs with the workloads driver
#                 (harness/workloads.sh: seconds to compile), guestprof
#                 (harness/guest_profile.sh: found, or `make guestprof`)
# Environment: harness/kernel.sh's (INLINETUNE_CACHE, KSRC, KLINE, KT_JOBS), BUILD
# (default build).
set -eu
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL=check-kernel
# shellcheck source-path=SCRIPTDIR source=../../harness/kernel.sh disable=SC2034
. "$here/../../harness/kernel.sh"
# shellcheck source-path=SCRIPTDIR source=../../harness/small_kernel.sh
. "$here/../../harness/small_kernel.sh"
# shellcheck source-path=SCRIPTDIR source=../../harness/initramfs.sh
. "$here/../../harness/initramfs.sh"
# shellcheck source-path=SCRIPTDIR source=../../harness/qemu.sh
. "$here/../../harness/qemu.sh"
# shellcheck source-path=SCRIPTDIR source=../../harness/workloads.sh
. "$here/../../harness/workloads.sh"
# shellcheck source-path=SCRIPTDIR source=../../harness/guest_profile.sh
. "$here/../../harness/guest_profile.sh"

[ $# -ge 3 ] || kt_die "usage: prepare.sh CC OUT PART... (PART: tus, small-kernel, boot, guest-profile)"
cc=$1 out=$2
shift 2
build=$(cd "$KT_ROOT" && mkdir -p "${BUILD:-build}" && cd "${BUILD:-build}" && pwd)
export KT_PLUGIN_DIR=$build
TUS_FILE=$KT_ROOT/harness/kernel-tus.txt
for part in "$@"; do
  case $part in tus | small-kernel | boot | guest-profile) ;; *) kt_die "unknown part '$part' (known: tus, small-kernel, boot, guest-profile)" ;; esac
done
command -v "$cc" >/dev/null || kt_die "compiler $cc is not installed"
[ -f "$(kt_plugin_path "$cc")" ] || kt_die "no plugin build for $cc at $(kt_plugin_path "$cc"); run 'make all'"
kt_ensure_ksrc

# make_mirror DIR patched|plain: DIR/fs holds a symlink to every entry of
# KSRC/fs; with `patched`, fs/open.c and fs/namei.c are copies with `noinline`
# added to the definitions of do_sys_openat2 and vfs_symlink. (The RFC's own
# namei.c hunk, `noinline vfs_symlink(`, drops the return type and fails
# -Werror=implicit-int.) Includes of "internal.h" etc. resolve next to the
# file, through the symlinks.
make_mirror() {
  local dir=$1 kind=$2 f
  rm -rf "$dir"
  mkdir -p "$dir/fs"
  for f in "$KSRC"/fs/* "$KSRC"/fs/.[!.]*; do
    [ -e "$f" ] && ln -s "$f" "$dir/fs/"
  done
  [ "$kind" = patched ] || return 0
  patch_def "$dir/fs/open.c" 's/^static \(long\|int\) do_sys_openat2(/static noinline \1 do_sys_openat2(/' # int from 7.0 on
  patch_def "$dir/fs/namei.c" 's/^int vfs_symlink(/noinline int vfs_symlink(/'
}

# patch_def FILE SED: replaces the symlink FILE by a copy edited by SED, which
# must change exactly one line.
patch_def() {
  local file=$1 expr=$2 orig
  orig=$(readlink "$file")
  rm "$file"
  sed "$expr" "$orig" >"$file"
  [ "$(diff "$orig" "$file" | grep -c '^>')" = 1 ] ||
    kt_die "step 'patch sources': '$expr' did not change exactly one line of $orig"
}

# Another kernel line's mirrors are its own (KLINE, harness/kernel.sh).
line_tag=
[ "$KLINE" = 6.1 ] || line_tag=-$KLINE
mkdir -p "$(dirname "$out")"
{
  echo "CC=$cc"
  echo "KLINE=$KLINE"
  echo "KSRC=$KSRC"
  echo "INLINETUNE_CACHE=$KT_CACHE"
  echo "PLUGIN=$(kt_plugin_path "$cc")"
  echo "RFC_FLAGS=${KT_RFC_FLAGS[*]}"
  echo "TUS_FILE=$TUS_FILE"
} >"$out.tmp"
for part in "$@"; do
  case $part in
    tus)
      mapfile -t tus < <(kt_read_tus "$TUS_FILE")
      kt_ensure_kobj "$cc"
      kt_build_tus "$cc" "${tus[@]}"
      make_mirror "$build/check-kernel/mirror-plain$line_tag" plain
      make_mirror "$build/check-kernel/mirror-patched$line_tag" patched
      {
        echo "KOBJ=$(kt_kobj_dir "$cc")"
        echo "MIRROR_PLAIN=$build/check-kernel/mirror-plain$line_tag"
        echo "MIRROR_PATCHED=$build/check-kernel/mirror-patched$line_tag"
      } >>"$out.tmp"
      ;;
    small-kernel | boot)
      variants=(plugin-rfc)
      [ "$part" = boot ] || variants=(baseline-log plugin-rfc)
      for v in "${variants[@]}"; do
        grep -q "^SMALL_${v//-/_}=" "$out.tmp" && continue
        ks_build_variant "$cc" "$v" || kt_die "building the $v small kernel failed; log: $(ks_dir "$cc" "$v")/.inlinetune/build.log"
        echo "SMALL_${v//-/_}=$KS_DIR" >>"$out.tmp"
      done
      if [ "$part" = boot ]; then
        ir_build || kt_die "building the initramfs failed (the message above says where its log is)"
        echo "INITRAMFS=$IR_FILE" >>"$out.tmp"
      else
        echo "REF_INLINETUNE=$(bash "$KT_ROOT/testsuite/golden/ref-tool.sh" "$build/golden/ref")" >>"$out.tmp"
      fi
      ;;
    guest-profile)
      ks_build_variant "$cc" baseline-log || kt_die "building the baseline-log small kernel failed; log: $(ks_dir "$cc" baseline-log)/.inlinetune/build.log"
      grep -q "^SMALL_baseline_log=" "$out.tmp" || echo "SMALL_baseline_log=$KS_DIR" >>"$out.tmp"
      wl_build
      IR_EXTRA="/bin/workloads=$WL_BIN" ir_build || kt_die "building the initramfs with the workloads failed (the message above says where its log is)"
      echo "INITRAMFS_WORKLOADS=$IR_FILE" >>"$out.tmp"
      gp_plugin
      echo "GUESTPROF=$GP_PLUGIN" >>"$out.tmp"
      ;;
  esac
done
mv "$out.tmp" "$out"
kt_step "kernel test inputs for $cc ($*): $out"
