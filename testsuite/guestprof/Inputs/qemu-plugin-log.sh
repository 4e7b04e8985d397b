#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The installed QEMU with its plugin log on stderr (-d plugin): a plugin's
# qemu_plugin_outs, where QEMU's contrib cache plugin prints its totals,
# goes there, and harness/qemu.sh keeps stderr in LOGDIR/qemu.log.  Used as
# QEMU_AARCH64.
exec "${GP_REAL_QEMU:-qemu-system-aarch64}" -d plugin "$@"
