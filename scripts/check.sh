#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# scripts/check.sh MAKE BUILD 'BUILD_TARGETS' 'PARTS' 'KERNEL_PARTS' AFTER:
# the run of `make check` (Makefile, check).
#
#   1. The roots of `make toolchains` (minutes of downloading and unpacking
#      when missing, little CPU) are made in the background, outside make's
#      job slots; their log is BUILD/check-toolchains.log.
#   2. BUILD_TARGETS are built with every core.
#   3. Two lanes of test parts run side by side, each part after the other
#      in its lane: PARTS (the compile, tools and GCC-testsuite parts, most
#      of them keeping both cores busy only part of the time) here, and
#      KERNEL_PARTS (kernel builds, QEMU boots: single-threaded stretches of
#      configuring, linking, booting) in the background, its output in
#      BUILD/check-kernel-lane.log, printed when the lane ends.  Run one
#      after the other, a cold check left about a quarter of the two cores'
#      time idle (build/check-times.txt of 2026-12-03: 5,884 s of CPU in
#      3,766 s, under load from other jobs); in two lanes a cold run, alone
#      on the machine, took 2,530 s.  A part that needs the roots waits for them
#      (check-toolchains, check-compile-roots, check-kernel-roots); AFTER
#      (check-compile-roots) must pass before check-kernel-roots starts,
#      whichever lane each is in: both build the plugins inside the same
#      roots' build trees.
#   4. Each part's wall and CPU time (its processes', children included) is
#      said as it ends and all of them at the end, in BUILD/check-times.txt.
#
# A failed part stops its lane; the other lane is stopped too (its process
# group: no QEMU or compile is left behind), and the run exits 1 naming the
# part.
set -eu
[ $# -eq 6 ] || { echo "usage: check.sh MAKE BUILD 'BUILD_TARGETS' 'PARTS' 'KERNEL_PARTS' AFTER" >&2; exit 2; }
make=$1 build=$2 build_targets=$3 parts=$4 kernel_parts=$5 after=$6
start=$(date +%s)
mkdir -p "$build"
build=$(cd "$build" && pwd)
times=$build/check-times.txt
roots_log=$build/check-toolchains.log
lane_log=$build/check-kernel-lane.log
marks=$build/check-marks
rm -rf "$marks" "$roots_log.status"
mkdir -p "$marks"
echo "part wall_s cpu_s" >"$times"

{
  "$make" -s --no-print-directory toolchains >"$roots_log" 2>&1
  echo $? >"$roots_log.status"
} &
echo "make check: the roots of make toolchains are made meanwhile (log: $roots_log)"

# timed NAME COMMAND...: runs COMMAND, appends NAME's times to the table.
timed() {
  local name=$1
  shift
  /usr/bin/time -f '%e %U %S' -o "$marks/$name.time" "$@" || return 1
  awk -v p="$name" '{ printf "%s %d %d\n", p, $1, $2 + $3 }' "$marks/$name.time" | tee -a "$times" |
    awk '{ printf "make check: %s passed in %d s (%d s of CPU)\n", $1, $2, $3 }'
}

# wait_for FILE NAME WHAT: until FILE exists (a mark another lane writes);
# fails when it says the step failed.  The wait goes in the table as
# waited(NAME).
wait_for() {
  local file=$1 name=$2 what=$3 t
  t=$(date +%s)
  while [ ! -f "$file" ]; do sleep 5; done
  [ "$(cat "$file")" = 0 ] || { echo "make check: $what failed" >&2; return 1; }
  echo "waited($name) $(($(date +%s) - t)) -" >>"$times"
}

# run_part PART: one part, after what it needs.
run_part() {
  local part=$1
  case $part in
    check-toolchains | check-compile-roots | check-kernel-roots)
      if ! wait_for "$roots_log.status" toolchains "make toolchains (log: $roots_log)"; then
        cat "$roots_log"
        return 1
      fi
      ;;
  esac
  [ "$part" != check-kernel-roots ] || wait_for "$marks/$after.status" "$after" "$after"
  [ "$part" != check-toolchains ] || cat "$roots_log"
  local status=0
  timed "$part" "$make" "$part" || status=$?
  echo "$status" >"$marks/$part.status"
  return "$status"
}

# run_lane PART...: the parts one after the other; the first failure ends it
# and marks the parts after it failed (a lane waiting on one does not wait
# for ever); a failure in the other lane ends it before its next part.
run_lane() {
  local part
  while [ $# -gt 0 ]; do
    part=$1
    shift
    [ ! -f "$marks/failed" ] || return 1
    if ! run_part "$part"; then
      echo "make check: $part failed" >&2
      echo "$part" >"$marks/failed"
      for part in "$@"; do echo 1 >"$marks/$part.status"; done
      return 1
    fi
  done
}

# shellcheck disable=SC2086 # a list of targets
timed build "$make" -j"$(nproc)" $build_targets

# setsid: the lane leads a process group of its own, which a failure
# elsewhere stops whole.
# shellcheck disable=SC2086
setsid bash -c "$(declare -f timed wait_for run_part run_lane)
  make=\$1 times=\$2 marks=\$3 roots_log=\$4 after=\$5
  shift 5
  run_lane \"\$@\"" check-lane "$make" "$times" "$marks" "$roots_log" "$after" $kernel_parts \
  >"$lane_log" 2>&1 &
lane=$!
echo "make check: $kernel_parts run beside the other parts (log: $lane_log)"

status=0
# shellcheck disable=SC2086
run_lane $parts || status=1
if [ $status != 0 ]; then
  kill -TERM -- -"$lane" 2>/dev/null || true
fi
lane_status=0
wait "$lane" || lane_status=$?
echo "make check: the kernel lane's output ($lane_log):"
cat "$lane_log"
[ $status = 0 ] && [ $lane_status = 0 ] || exit 1
echo "make check: every part passed in $(($(date +%s) - start)) s:"
awk '{ printf "  %-20s %7s %7s\n", $1, $2, $3 }' "$times"
