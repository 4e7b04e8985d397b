#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# scripts/guestprof-probe.sh SO HEADER: whether the installed QEMU accepts
# the guestprof plugin SO, built against HEADER (make guestprof runs it
# after the link).  QEMU reads a plugin's qemu_plugin_version and refuses
# one outside the API versions it supports before calling its
# qemu_plugin_install; guestprof's install, given no arguments, refuses at
# once with "argument vmlinux=PATH is required".  So a probe load with no
# arguments on a machine with no board (-M none) exits at once, and that
# message means QEMU accepted the version; anything else is QEMU refusing
# the plugin (its message is shown).  QEMU_AARCH64: another QEMU.
set -eu
so=$1 header=$2
qemu=${QEMU_AARCH64:-qemu-system-aarch64}
die() { echo "guestprof: error: $*" >&2; exit 1; }
command -v "$qemu" >/dev/null ||
  die "no $qemu to check $so against (Debian package qemu-system-arm; run 'make deps')"
hver=$(sed -n 's/^#define QEMU_PLUGIN_VERSION \([0-9]*\).*/\1/p' "$header")
qver=$("$qemu" --version | head -n 1)
out=$(timeout 60 "$qemu" -M none -display none -monitor none -serial none -plugin "$so" </dev/null 2>&1 || true)
if grep -q '^guestprof: error: argument vmlinux=PATH is required' <<<"$out"; then
  exit 0
fi
{
  echo "guestprof: error: the installed QEMU refuses $so, built against $header (QEMU_PLUGIN_VERSION ${hver:-unknown}):"
  sed 's/^/    /' <<<"$out"
  echo "    QEMU: $(command -v "$qemu"): $qver"
  echo "    Build against the header of the installed QEMU's own source package: 'make deps' fetches it"
  echo "    (scripts/qemu-plugin-src.sh); do not set QEMU_PLUGIN_H."
} >&2
exit 1
