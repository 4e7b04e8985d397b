# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash disable=SC2034  # (variables here are for the sourcing script)
# harness/qemu.sh: boots an arm64 kernel Image under QEMU with an initramfs
# (harness/initramfs.sh) and reads back what its /init reported. Source it
# after harness/kernel.sh, from a bash script running under `set -eu`.
#
# What it gives:
#   qm_run IMAGE INITRD SPEC LOGDIR
#       boots IMAGE with `inlinetune.run=SPEC` on the kernel command line (see
#       harness/initramfs/init for SPEC) and waits for the machine to power
#       off. The console goes to LOGDIR/console.log, QEMU's own messages to
#       LOGDIR/qemu.log. On success (the run's result block is complete and
#       says status=ok) sets
#         QM_RESULTS        LOGDIR/results.txt: "SUITE TEST RESULT" lines
#                           (empty for a run of workloads only)
#         QM_METRICS        LOGDIR/metrics.txt: "WORKLOAD METRIC VALUE
#                           ITERATIONS" lines (empty without workloads)
#         QM_BOOT_SECONDS   wall seconds from QEMU's start to the boot marker
#         QM_RUN_SECONDS    wall seconds from QEMU's start to the end marker
#         QM_GUEST_BOOT     the guest's /proc/uptime at the boot marker
#       and returns 0. Otherwise it prints which step failed and where its
#       log is, writes no results.txt, and returns 1:
#         - no qemu-system-aarch64, IMAGE or INITRD missing;
#         - did not boot: no boot marker within QM_BOOT_TIMEOUT, or QEMU
#           stopped before it (a kernel panic: panic=-1 and -no-reboot make
#           QEMU exit);
#         - booted, did not finish: no end marker within QM_TIMEOUT, or QEMU
#           stopped before it (the console's last line says where);
#         - finished with status=error (the init's error lines are shown), or
#           a result block that is malformed, counts a different number of
#           results or metrics than it holds, or holds none at all.
#   qm_cmd IMAGE INITRD SPEC
#       prints the QEMU command (one shell line) with the console on the
#       terminal (-nographic), to boot by hand; SPEC `shell` gives a shell.
#   qm_selftests_spec TESTS
#       the SPEC of a boot running ftrace selftests TESTS (comma-separated,
#       test.d/kprobe,...): ftrace:test.d/kprobe,...
#   qm_measure_spec WORKLOADS SERVERS
#       the SPEC of a boot measuring WORKLOADS (all, none, or names joined
#       by '+') and then each of SERVERS (blank-separated): one boot runs the
#       workloads, then each server under its client; empty for none and no
#       servers
#
# The machine (docs/kernel.md, "Booting"): -M virt,dtb-randomness=off -cpu
# cortex-a72 -m 512, one CPU, no NIC (the virt machine's default NIC needs a
# boot ROM from another package and nothing here uses it), the console on
# the PL011 UART written to a file (rather than -nographic's stdio: no
# terminal to restore, nothing to read from stdin), -no-reboot; kernel
# command line "console=ttyAMA0 rdinit=/init norandmaps panic=-1". With
# dtb-randomness=off and norandmaps, boots of one kernel run the same layout.
#
# Environment:
#   QEMU_AARCH64      the QEMU binary (default qemu-system-aarch64)
#   QM_BOOT_TIMEOUT   seconds to wait for the boot marker (default 120)
#   QM_TIMEOUT        seconds to wait for the whole run (default 900)
#   QM_ICOUNT         1: add -icount shift=0,sleep=off (the guest clock
#                     counts one nanosecond per instruction and skips idle
#                     time: instruction counts for workloads; also makes
#                     the selftests' sleeps instant)
#   QM_APPEND         more words for the kernel command line
#   QM_MEMORY         guest memory in MiB (default 512)
#   QM_PLUGIN         a QEMU TCG plugin and its arguments, as one -plugin
#                     word (FILE,ARG=VALUE,...): guestprof for guest profiles
#                     (harness/guest_profile.sh, docs/guest-profile.md)

QEMU_AARCH64=${QEMU_AARCH64:-qemu-system-aarch64}
QM_BOOT_TIMEOUT=${QM_BOOT_TIMEOUT:-120}
QM_TIMEOUT=${QM_TIMEOUT:-900}
QM_ICOUNT=${QM_ICOUNT:-0}
QM_APPEND=${QM_APPEND:-}
QM_MEMORY=${QM_MEMORY:-512}
QM_PLUGIN=${QM_PLUGIN:-}
QM_MARK='@@inlinetune'

# qm_fail MESSAGE: prints the error; the caller returns 1 after adding detail
# (a plain `return 1` here would end a `set -e` caller before the detail).
qm_fail() { echo "$KT_TOOL: error: $*" >&2; }

# qm_argv IMAGE INITRD SPEC CONSOLE: sets QM_ARGV, the QEMU command; CONSOLE
# is a file, or - for the terminal (-nographic: Ctrl-A X quits).
# shellcheck disable=SC2054  # the commas are QEMU's, inside one word
qm_argv() {
  local append="console=ttyAMA0 rdinit=/init norandmaps panic=-1 inlinetune.run=$3${QM_APPEND:+ $QM_APPEND}"
  QM_ARGV=("$QEMU_AARCH64" -M virt,dtb-randomness=off -cpu cortex-a72 -m "$QM_MEMORY" -nic none)
  if [ "$4" = - ]; then
    QM_ARGV+=(-nographic)
  else
    QM_ARGV+=(-display none -monitor none -serial "file:$4")
  fi
  QM_ARGV+=(-no-reboot)
  [ "$QM_ICOUNT" = 0 ] || QM_ARGV+=(-icount shift=0,sleep=off)
  [ -z "$QM_PLUGIN" ] || QM_ARGV+=(-plugin "$QM_PLUGIN")
  QM_ARGV+=(-kernel "$1" -initrd "$2" -append "$append")
}

# qm_quote WORD...: the words as one shell line (printf %q, without its
# needless escaping of commas).
qm_quote() {
  printf '%q ' "$@" | sed 's/\\,/,/g; s/ $//'
  echo
}

qm_selftests_spec() {
  tr ',' '\n' <<<"$1" | sed '/^$/d; s/^/ftrace:/' | paste -sd, -
}

qm_measure_spec() {
  local spec sv
  case $1 in
    all) spec=workloads ;;
    none) spec= ;;
    *) spec=workloads:$1 ;;
  esac
  for sv in $2; do spec=${spec:+$spec,}server:$sv; done
  echo "$spec"
}

qm_cmd() {
  qm_argv "$1" "$2" "$3" -
  qm_quote "${QM_ARGV[@]}"
}

# qm_console LOG: the console log without carriage returns.
qm_console() { tr -d '\r' <"$1"; }

# qm_tail LOG: the last lines of the console, indented, for error messages.
qm_tail() {
  if [ -s "$1" ]; then
    qm_console "$1" | tail -n "${2:-15}" | sed 's/^/    | /' >&2
  else
    echo "    (the console log is empty)" >&2
  fi
}

qm_run() {
  local image=$1 initrd=$2 spec=$3 logdir=$4
  local console=$logdir/console.log qlog=$logdir/qemu.log pid t0 now booted='' ended='' rc=0
  QM_RESULTS=
  QM_METRICS=
  command -v "$QEMU_AARCH64" >/dev/null ||
    { qm_fail "step 'boot': $QEMU_AARCH64 is not installed (Debian package qemu-system-arm; run 'scripts/install-deps.sh boot')"; return 1; }
  [ -f "$image" ] || { qm_fail "step 'boot': no kernel image $image"; return 1; }
  [ -f "$initrd" ] || { qm_fail "step 'boot': no initramfs $initrd"; return 1; }
  [[ $spec =~ ^[A-Za-z0-9_.,:/+-]+$ ]] || { qm_fail "step 'boot': run spec '$spec' has characters the kernel command line cannot carry"; return 1; }
  mkdir -p "$logdir"
  rm -f "$console" "$qlog" "$logdir/results.txt" "$logdir/metrics.txt"
  : >"$console"
  qm_argv "$image" "$initrd" "$spec" "$console"
  qm_quote "${QM_ARGV[@]}" >"$logdir/command.sh"
  kt_step "boot $image, inlinetune.run=$spec (console: $console)"
  t0=$(date +%s.%N)
  "${QM_ARGV[@]}" </dev/null >"$qlog" 2>&1 &
  pid=$!
  # Poll the console: the boot marker within QM_BOOT_TIMEOUT, the end marker
  # within QM_TIMEOUT, or QEMU gone.
  local alive
  while :; do
    now=$(date +%s.%N)
    # Whether QEMU still runs is asked before the console is read, so that
    # what it wrote before exiting is always seen.
    # The end marker is looked for before the boot marker, which the guest
    # writes first: a console read between the two cannot lose the boot.
    alive=1
    kill -0 "$pid" 2>/dev/null || alive=
    grep -aq "^$QM_MARK end " <(qm_console "$console") && ended=$(echo "$now - $t0" | bc)
    if [ -z "$booted" ] && grep -aq "$QM_MARK boot " "$console"; then
      booted=$(echo "$now - $t0" | bc)
    fi
    [ -z "$ended" ] && [ -n "$alive" ] || break
    if [ -z "$booted" ] && [ "$(echo "$now - $t0 > $QM_BOOT_TIMEOUT" | bc)" = 1 ]; then
      kill "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
      qm_fail "step 'boot': the kernel did not reach /init within $QM_BOOT_TIMEOUT s (QM_BOOT_TIMEOUT); console log: $console; last lines:"
      qm_tail "$console"
      return 1
    fi
    if [ "$(echo "$now - $t0 > $QM_TIMEOUT" | bc)" = 1 ]; then
      kill "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
      qm_fail "step 'run $spec': booted but not finished within $QM_TIMEOUT s (QM_TIMEOUT); console log: $console; last lines:"
      qm_tail "$console"
      return 1
    fi
    sleep 0.2
  done
  # After the end marker the init powers off at once; give QEMU a moment.
  local i
  for i in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null || true
    kt_note "QEMU did not exit after the end marker; stopped it"
  fi
  wait "$pid" 2>/dev/null || rc=$?
  if [ -z "$booted" ]; then
    qm_fail "step 'boot': QEMU exited (status $rc) before the kernel reached /init; console log: $console; QEMU's messages: $qlog; last lines:"
    qm_tail "$console"
    [ ! -s "$qlog" ] || sed 's/^/    qemu: /' "$qlog" | tail -n 5 >&2
    return 1
  fi
  if [ -z "$ended" ]; then
    qm_fail "step 'run $spec': the guest stopped (QEMU status $rc) before its end marker; console log: $console; last lines:"
    qm_tail "$console"
    return 1
  fi
  QM_BOOT_SECONDS=$(printf '%.2f' "$booted")
  QM_RUN_SECONDS=$(printf '%.2f' "$ended")
  QM_GUEST_BOOT=$(qm_console "$console" | sed -n "s/^.*$QM_MARK boot uptime=\([0-9.]*\) .*/\1/p" | head -n 1)
  qm_parse "$console" "$spec" "$logdir/results.txt" "$logdir/metrics.txt" || return 1
  QM_RESULTS=$logdir/results.txt
  QM_METRICS=$logdir/metrics.txt
  kt_note "booted in $QM_BOOT_SECONDS s (guest uptime $QM_GUEST_BOOT s), finished in $QM_RUN_SECONDS s: $(wc -l <"$QM_RESULTS") results, $(wc -l <"$QM_METRICS") metrics"
}

# qm_parse CONSOLE SPEC OUT METRICS: checks the result block of CONSOLE and
# writes its results to OUT, its metrics to METRICS. The block is one begin
# line, result, metric and error lines, one end line; nothing else may sit
# between begin and end (the init lowers the console log level first, so
# kernel messages cannot). The end line's metrics=M is optional (an init
# without workloads does not print it) and then means 0.
qm_parse() {
  local console=$1 spec=$2 out=$3 mout=$4 block status count mcount n m errors
  block=$(qm_console "$console" | sed -n "/^$QM_MARK begin /,/^$QM_MARK end /p")
  if [ "$(grep -c "^$QM_MARK begin " <<<"$block")" != 1 ] || [ "$(grep -c "^$QM_MARK end " <<<"$block")" != 1 ]; then
    qm_fail "step 'read results of $spec': no single begin/end block in $console"
    return 1
  fi
  if [ "$(sed -n "s/^$QM_MARK begin run=//p" <<<"$block")" != "$spec" ]; then
    qm_fail "step 'read results of $spec': the block in $console is for run '$(sed -n "s/^$QM_MARK begin run=//p" <<<"$block")'"
    return 1
  fi
  if grep -v -E "^$QM_MARK (begin run=.*|result [a-z]+ [^ ]+ (PASS|FAIL|UNRESOLVED|UNTESTED|UNSUPPORTED|XFAIL|UNDEFINED)|metric [a-z0-9_]+ [a-z0-9_]+ [0-9]+(\.[0-9]+)? [1-9][0-9]*|error .*|end status=(ok|error) results=[0-9]+( metrics=[0-9]+)?)\$" <<<"$block" >"$out.bad"; then
    qm_fail "step 'read results of $spec': malformed lines in the result block of $console:"
    sed 's/^/    | /' "$out.bad" >&2
    rm -f "$out.bad"
    return 1
  fi
  rm -f "$out.bad"
  status=$(sed -n "s/^$QM_MARK end status=\([a-z]*\) .*/\1/p" <<<"$block")
  count=$(sed -n "s/^$QM_MARK end .* results=\([0-9]*\).*\$/\1/p" <<<"$block")
  mcount=$(sed -n "s/^$QM_MARK end .* metrics=\([0-9]*\)\$/\1/p" <<<"$block")
  errors=$(sed -n "s/^$QM_MARK error //p" <<<"$block")
  if [ "$status" != ok ]; then
    qm_fail "step 'run $spec': the guest's init reported errors (console log: $console):"
    sed 's/^/    /' <<<"$errors" >&2
    return 1
  fi
  sed -n "s/^$QM_MARK result //p" <<<"$block" >"$out.tmp"
  sed -n "s/^$QM_MARK metric //p" <<<"$block" >"$mout.tmp"
  n=$(wc -l <"$out.tmp")
  m=$(wc -l <"$mout.tmp")
  if [ "$n" != "$count" ]; then
    rm -f "$out.tmp" "$mout.tmp"
    qm_fail "step 'read results of $spec': the block in $console holds $n results but counts $count"
    return 1
  fi
  if [ "$m" != "${mcount:-0}" ]; then
    rm -f "$out.tmp" "$mout.tmp"
    qm_fail "step 'read results of $spec': the block in $console holds $m metrics but counts ${mcount:-0}"
    return 1
  fi
  if [ "$n" = 0 ] && [ "$m" = 0 ]; then
    rm -f "$out.tmp" "$mout.tmp"
    qm_fail "step 'read results of $spec': the block in $console holds no results and no metrics"
    return 1
  fi
  mv "$out.tmp" "$out"
  mv "$mout.tmp" "$mout"
}
