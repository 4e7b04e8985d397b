#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A stand-in for qemu-system-aarch64 (QEMU_AARCH64=this file) for
# testsuite/bench/qemu.test: writes to the -serial file: what a guest would,
# as FAKE_QEMU says, with the console's \r\n line ends.
#   ok        boots, prints a complete result block, powers off
#   silent    prints nothing and never ends (a kernel that does not boot)
#   panic     prints a kernel panic and exits (panic=-1, -no-reboot)
#   hang      boots, starts a test, never ends
#   stop      boots, prints half a block, exits
#   error     boots, the init reports an error
#   miscount  a block whose end line counts 3 results but holds 2
#   garbled   a kernel message inside the block
#   otherrun  a block for another run than the one asked for
#   workloads a block of two metric lines (the workloads' protocol)
#   metriccount  a block whose end line counts 3 metrics but holds 2
#   badmetric a metric line without its iterations
#   bench     what bench/bench-kernel.sh boots: for an ftrace: run two
#             results; for a workloads run the metrics of getppid and
#             open_close (those of them a workloads:A+B run names), whose
#             values depend on the kernel (FAKE_COST_<dir
#             name of -kernel's tree, '-' as '_'>, default 1000), on the
#             layout word pad=... (+ its length) and on -icount (without it
#             the run is refused: bench-kernel must measure with it). A boot
#             whose "-kernel path + command line" matches the glob
#             FAKE_FAIL stops before its end marker; kprobe_args_user.tc
#             fails on a -kernel path that matches FAKE_ARGS_USER_FAIL.
#             With -plugin FILE,vmlinux=V,out=OUT,cache=MODELS (guestprof's
#             arguments, docs/guest-profile.md) a workloads run also writes
#             OUT as guestprof would (Inputs/fake-guestprof.py): one region
#             per metric line, getppid with cost/100 L1I, cost/200 L1D and
#             cost/1000 L2 misses per op under the first model, open_close
#             with a tenth of that, each model 4 times the one before; a boot
#             matching the glob FAKE_PROFILE_FAIL writes it "complete": false
#             (a region left open), FAKE_PROFILE_NONE writes none.
set -eu
console=
append=
kernel=
icount=
plugin=
while [ $# -gt 0 ]; do
  case $1 in
    -serial) console=${2#file:}; shift ;;
    -append) append=$2; shift ;;
    -kernel) kernel=$2; shift ;;
    -icount) icount=$2; shift ;;
    -plugin) plugin=$2; shift ;;
  esac
  shift
done
spec=$(tr ' ' '\n' <<<"$append" | sed -n 's/^inlinetune\.run=//p')
out() { printf '%s\r\n' "$@" >>"$console"; }
boot() {
  out "Booting Linux on physical CPU 0x0000000000 [0x410fd083]" "Run /init as init process"
  out "@@inlinetune boot uptime=1.25 kernel=6.1.192"
}
case ${FAKE_QEMU:-ok} in
  ok)
    boot
    out "[1] Kprobe dynamic event - adding and removing	[PASS]" "trace_kprobe: Could not probe notrace function ret_to_user"
    out "@@inlinetune begin run=$spec" "@@inlinetune result ftrace test.d/kprobe/add_and_remove.tc PASS" \
      "@@inlinetune result ftrace test.d/kprobe/kprobe_args_user.tc FAIL" "@@inlinetune end status=ok results=2" \
      "reboot: Power down" ;;
  silent) exec sleep 60 ;;
  panic) out "Run /init as init process" "Kernel panic - not syncing: No working init found." ;;
  hang) boot; out "[1] Kprobe dynamic event - adding and removing"; exec sleep 60 ;;
  stop) boot; out "@@inlinetune begin run=$spec" "@@inlinetune result ftrace a.tc PASS" ;;
  error)
    boot
    out "@@inlinetune begin run=$spec" "@@inlinetune error ftrace:test.d/nope: no such test or directory in /ftrace" \
      "@@inlinetune end status=error results=0" ;;
  miscount)
    boot
    out "@@inlinetune begin run=$spec" "@@inlinetune result ftrace a.tc PASS" "@@inlinetune result ftrace b.tc PASS" \
      "@@inlinetune end status=ok results=3" ;;
  garbled)
    boot
    out "@@inlinetune begin run=$spec" "@@inlinetune result ftrace a.tc PA[   12.5] random: crng init done" \
      "@@inlinetune end status=ok results=1" ;;
  otherrun)
    boot
    out "@@inlinetune begin run=ftrace:samples" "@@inlinetune result ftrace a.tc PASS" "@@inlinetune end status=ok results=1" ;;
  workloads)
    boot
    out "@@inlinetune begin run=$spec" "@@inlinetune metric getppid instructions_per_op 251.4 200000" \
      "@@inlinetune metric open_close instructions_per_op 4065.4 10000" "@@inlinetune end status=ok results=0 metrics=2" ;;
  metriccount)
    boot
    out "@@inlinetune begin run=$spec" "@@inlinetune metric getppid instructions_per_op 251.4 200000" \
      "@@inlinetune metric stat instructions_per_op 2544.3 40000" "@@inlinetune end status=ok results=0 metrics=3" ;;
  badmetric)
    boot
    out "@@inlinetune begin run=$spec" "@@inlinetune metric getppid instructions_per_op 251.4" \
      "@@inlinetune end status=ok results=0 metrics=1" ;;
  bench)
    boot
    # shellcheck disable=SC2053  # FAKE_FAIL is a glob
    if [[ "$kernel $append" == ${FAKE_FAIL:-no-such-boot} ]]; then
      out "@@inlinetune begin run=$spec"
      exit 0
    fi
    out "@@inlinetune begin run=$spec"
    case $spec in
      ftrace:*)
        # shellcheck disable=SC2053  # FAKE_ARGS_USER_FAIL is a glob
        if [[ "$kernel" == ${FAKE_ARGS_USER_FAIL:-no-such-kernel} ]]; then r=FAIL; else r=PASS; fi
        out "@@inlinetune result ftrace test.d/kprobe/add_and_remove.tc PASS" \
          "@@inlinetune result ftrace test.d/kprobe/kprobe_args_user.tc $r" "@@inlinetune end status=ok results=2" ;;
      workloads*)
        if [ -z "$icount" ]; then
          out "@@inlinetune error workloads measured without -icount" "@@inlinetune end status=error results=0 metrics=0"
          exit 0
        fi
        tree=$(basename "$(dirname "$(dirname "$(dirname "$(dirname "$kernel")")")")")
        var=FAKE_COST_${tree//-/_}
        cost=${!var:-1000}
        pad=$(tr ' ' '\n' <<<"$append" | sed -n 's/^pad=//p')
        # The names of workloads:A+B, or both; each one metric line and region.
        names=getppid+open_close
        case $spec in workloads:*) names=${spec#workloads:}; names=${names%%,*} ;; esac
        lines=() regions=()
        if [[ "+$names+" == *+getppid+* ]]; then
          lines+=("@@inlinetune metric getppid instructions_per_op $((cost / 4)).5 200000")
          regions+=("$((cost / 4 * 200000)):$((cost * 2000)):$((cost * 1000)):$((cost * 200))")
        fi
        if [[ "+$names+" == *+open_close+* ]]; then
          lines+=("@@inlinetune metric open_close instructions_per_op $((cost + ${#pad})).0 10000")
          regions+=("$(((cost + ${#pad}) * 10000)):$((cost * 10)):$((cost * 5)):$((cost))")
        fi
        out "${lines[@]}" "@@inlinetune end status=ok results=0 metrics=${#lines[@]}"
        if [ -n "$plugin" ]; then
          pout=$(tr ',' '\n' <<<"$plugin" | sed -n 's/^out=//p')
          models=$(tr ',' '\n' <<<"$plugin" | sed -n 's/^cache=//p')
          flags=()
          # shellcheck disable=SC2053  # globs
          [[ "$kernel $append" != ${FAKE_PROFILE_FAIL:-no-such-boot} ]] || flags=(--incomplete 'region 2 still open when QEMU exited')
          # shellcheck disable=SC2053
          [[ "$kernel $append" != ${FAKE_PROFILE_NONE:-no-such-boot} ]] ||
            { echo "fake qemu: killed" >&2; exit 0; }
          python3 "$(dirname "$0")/fake-guestprof.py" "$pout" "$models" "${flags[@]}" "${regions[@]}"
        fi ;;
    esac ;;
esac
