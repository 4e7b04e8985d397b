# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash disable=SC2034  # (variables here are for the sourcing script)
# harness/workloads.sh: the kernel workloads program (harness/workloads/*.c),
# compiled for the guest, and what it measured. Source it after
# harness/kernel.sh, from a bash script running under `set -eu`.
#
# What it gives:
#   wl_build           compiles harness/workloads/*.c into one static aarch64
#                      program, or finds it compiled; sets WL_BIN, WL_CACHED
#                      (1 when nothing was compiled). The initramfs takes it as
#                      IR_EXTRA=/bin/workloads=$WL_BIN.
#   wl_layout_word I   the kernel command-line word of layout I (1, 2, ...):
#                      pad= and a string of 7*(I-1)+1 digits. The kernel hands
#                      a word with '=' and no '.' to /init as an environment
#                      variable, so each layout starts every process with its
#                      stack (and what the kernel allocated for the command
#                      line) at another offset: a different but fixed layout.
#
# Cache: $KT_CACHE/workloads/<first 16 hex digits of sha256(key)>/ holds
# workloads, key, build.log. The key is the compiler's --version line, the
# flags, and the name and sha256 of every source; binaries are never kept in
# the repository.

WL_SRC_DIR=${WL_SRC_DIR:-$KT_ROOT/harness/workloads}
# The host's GCC 12 cross compiler; in a root of `make toolchains` (whose
# suite may have no GCC 12, forky's has not) the kernels' compiler CC_SMALL.
if [ -n "$KT_ROOT_SUITE" ]; then
  WL_CC=${WL_CC:-${CC_SMALL:-aarch64-linux-gnu-gcc-12}}
else
  WL_CC=${WL_CC:-aarch64-linux-gnu-gcc-12}
fi
# -static: the initramfs has no dynamic loader or libc. -pthread: futex_pingpong.
WL_CFLAGS=(-static -O2 -Wall -Wextra -Werror -pthread)

wl_key() {
  local f
  printf 'cc %s\n' "$("$WL_CC" --version | head -n 1)"
  printf 'flags %s\n' "${WL_CFLAGS[*]}"
  for f in "$WL_SRC_DIR"/*.c "$WL_SRC_DIR"/*.h; do
    [ -f "$f" ] || continue
    printf 'source %s %s\n' "$(basename "$f")" "$(sha256sum <"$f" | cut -c1-64)"
  done
}

wl_build() {
  local key dir log
  command -v "$WL_CC" >/dev/null ||
    kt_die "step 'compile workloads': compiler $WL_CC is not installed (Debian package gcc-12-aarch64-linux-gnu; run 'make deps')"
  ls "$WL_SRC_DIR"/*.c >/dev/null 2>&1 || kt_die "step 'compile workloads': no sources in $WL_SRC_DIR"
  key=$(wl_key)
  dir=$KT_CACHE/workloads/$(printf '%s\n' "$key" | sha256sum | cut -c1-16)
  WL_BIN=$dir/workloads
  log=$dir/build.log
  if [ -x "$WL_BIN" ] && [ -f "$dir/key" ] && [ "$(cat "$dir/key")" = "$key" ]; then
    kt_step "workloads: compiled already, $WL_BIN"
    WL_CACHED=1
    return 0
  fi
  mkdir -p "$dir"
  kt_step "workloads: compiling $WL_BIN (log: $log)"
  if ! "$WL_CC" "${WL_CFLAGS[@]}" -I"$WL_SRC_DIR" "$WL_SRC_DIR"/*.c -o "$WL_BIN.tmp" >"$log" 2>&1; then
    sed 's/^/    | /' "$log" | tail -n 15 >&2
    grep -q 'No such file' "$log" &&
      kt_note "(a static aarch64 program needs Debian's libc6-dev-arm64-cross; run 'scripts/install-deps.sh boot')"
    kt_die "step 'compile workloads' failed; log: $log"
  fi
  mv "$WL_BIN.tmp" "$WL_BIN"
  printf '%s\n' "$key" >"$dir/key"
  WL_CACHED=0
}

wl_layout_word() {
  local i=$1 digits=''
  while [ ${#digits} -lt $((7 * (i - 1) + 1)) ]; do digits=$digits$(( (${#digits} + 1) % 10 )); done
  echo "pad=$digits"
}
