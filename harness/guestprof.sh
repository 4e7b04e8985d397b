# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# harness/guestprof.sh: what guestprof's own tests and bench boot (make
# check-guestprof, make bench-guestprof). Source it after harness/kernel.sh
# and harness/small_kernel.sh, from a bash script running under `set -eu`.
#
#   gp_small_kernel CC   prints the O= tree of the baseline small kernel of
#                        CC to boot: the baseline-log tree (baseline's code,
#                        with decision logs; the one check-kernel uses) when
#                        it is complete (its stamp written), whatever plugin
#                        path its key names, else built by ks_build_variant.
#
# Why not ks_build_variant alone: baseline-log's key holds the -fplugin= path
# of the build that made it (KT_PLUGIN_DIR), so each checkout (the lead's, a
# worktree) would rebuild the shared tree for its own path, though the code
# is the same. guestprof's tests need a kernel whose vmlinux and Image go
# together, not one keyed to this checkout's plugin.
gp_small_kernel() {
  local cc=$1 dir
  dir=$(ks_dir "$cc" baseline-log)
  if [ -f "$dir/.inlinetune/stamp" ] && [ -f "$dir/vmlinux" ] && [ -f "$dir/arch/arm64/boot/Image" ]; then
    kt_step "small kernel baseline-log ($cc): $dir (built already; its plugin path is not checked)"
    echo "$dir"
    return 0
  fi
  export KT_PLUGIN_DIR=${KT_PLUGIN_DIR:-$KT_ROOT/build}
  ks_build_variant "$cc" baseline-log >&2 ||
    kt_die "building the baseline-log small kernel failed; log: $dir/.inlinetune/build.log"
  echo "$KS_DIR"
}
