# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# deb-kernel.test's steps, called through harness/run.sh (which sources
# harness/kernel.sh first): each runs in its own process, so each sets KSRC.
# ki_build CC TU: the O= tree of CC (made once, cached) with TU built by kbuild.
ki_build() {
  kt_ensure_kobj "$1"
  kt_build_tus "$1" "$2"
}
# ki_compile CC TU OUT FLAG...: kbuild's command of TU with FLAGs appended.
ki_compile() {
  kt_ensure_ksrc
  kt_compile "$@"
}
