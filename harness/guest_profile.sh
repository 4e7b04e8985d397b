# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash disable=SC2034  # (variables here are for the sourcing script)
# harness/guest_profile.sh: profiling boots, with guestprof (inlinetune's
# QEMU TCG plugin, guestprof/, docs/guest-profile.md) loaded into QEMU.
# Source it after harness/kernel.sh and harness/qemu.sh, from a bash script
# running under `set -eu`.
#
# What it gives:
#   gp_plugin          finds the plugin, or builds it (`make guestprof`);
#                      sets GP_PLUGIN. Dies with the way to get it when
#                      neither works.
#   gp_models_ok M     whether M is a list of cache presets joined by '+'
#                      (n1+small), or none
#   gp_run IMAGE INITRD SPEC LOGDIR VMLINUX MODELS
#       one profiling boot: qm_run with -icount (QM_ICOUNT=1) and
#       QM_PLUGIN=GP_PLUGIN,vmlinux=VMLINUX,out=LOGDIR/raw-profile.jsonl,cache=MODELS,
#       then the join (harness/guest_profile.py): the plugin's raw profile
#       and the boot's metrics.txt make LOGDIR/profile.jsonl, each region
#       named by the metric line of the same rank. Sets GP_PROFILE (that
#       file) and qm_run's variables (QM_METRICS, QM_RUN_SECONDS, ...);
#       returns 0. Returns 1, with the step's name and no profile.jsonl,
#       when the boot fails (and then says what the raw profile says, if
#       QEMU wrote one), when the raw profile is missing (QEMU killed before
#       its exit), says "complete": false (a region opened and never closed,
#       an end without a start, the guest dead mid-region), holds another
#       number of regions than the boot printed metric lines, or has a
#       region whose function lines do not sum to its totals.
#
# The plain -icount numbers never come from a profiling boot: the plugin's
# callbacks run on every instruction and memory access, and only QEMU's
# instruction count stays exact (docs/guest-profile.md, "What is counted").
#
# Environment:
#   GUESTPROF   the plugin (default: $KT_PLUGIN_DIR/guestprof/guestprof.so,
#               KT_PLUGIN_DIR defaulting to build/, in a root build/SUITE/; built by
#               `make BUILD=$KT_PLUGIN_DIR guestprof` in KT_ROOT when missing)

GP_PY=$KT_LIB_DIR/guest_profile.py

gp_plugin() {
  local build=${KT_PLUGIN_DIR:-$KT_BUILD}
  local so=${GUESTPROF:-$build/guestprof/guestprof.so}
  if [ -n "${GUESTPROF:-}" ]; then
    [ -f "$so" ] || kt_die "step 'guest profile': GUESTPROF=$so: no such file (build it: make guestprof)"
  elif [ ! -f "$so" ]; then
    kt_step "guestprof: building it (make guestprof)"
    # Under a lock: two evaluations started at once on one host (a search's
    # two references, --jobs 2) would each link the same guestprof.so.tmp,
    # and the probe of one read the other's half-written file ("invalid ELF
    # header").  make itself does not lock.
    mkdir -p "$build"
    if ! flock "$build/.guestprof.lock" make -C "$KT_ROOT" --no-print-directory BUILD="$build" guestprof >&2 ||
      [ ! -f "$so" ]; then
      kt_die "step 'guest profile': no guestprof plugin at $so and 'make guestprof' did not make it (it needs QEMU's plugin header: run 'make deps'; docs/guest-profile.md)"
    fi
  fi
  GP_PLUGIN=$so
}

gp_models_ok() { [[ $1 =~ ^(none|[a-z0-9_]+(\+[a-z0-9_]+)*)$ ]]; }

gp_run() {
  local image=$1 initrd=$2 spec=$3 logdir=$4 vmlinux=$5 models=$6 raw
  raw=$logdir/raw-profile.jsonl
  GP_PROFILE=
  [ -n "${GP_PLUGIN:-}" ] || gp_plugin
  [ -f "$vmlinux" ] || { qm_fail "step 'guest profile': no vmlinux $vmlinux (its symbols name the functions)"; return 1; }
  if [[ $raw == *,* || $vmlinux == *,* ]]; then
    qm_fail "step 'guest profile': $raw or $vmlinux holds a comma, which QEMU's -plugin argument cannot carry"
    return 1
  fi
  mkdir -p "$logdir"
  rm -f "$raw" "$logdir/profile.jsonl"
  if ! QM_ICOUNT=1 QM_PLUGIN="$GP_PLUGIN,vmlinux=$vmlinux,out=$raw,cache=$models" qm_run "$image" "$initrd" "$spec" "$logdir"; then
    # What the plugin saw (it writes its file at QEMU's exit, whatever the guest did).
    if [ -f "$raw" ]; then
      python3 "$GP_PY" --tool "$KT_TOOL" check --raw "$raw" >/dev/null 2>"$logdir/profile-check.err" ||
        sed 's/^/    /' "$logdir/profile-check.err" >&2
    else
      echo "    (no profile: QEMU exited before guestprof could write $raw; QEMU's messages: $logdir/qemu.log)" >&2
    fi
    return 1
  fi
  python3 "$GP_PY" --tool "$KT_TOOL" join "$raw" "$QM_METRICS" -o "$logdir/profile.jsonl" || return 1
  GP_PROFILE=$logdir/profile.jsonl
  kt_note "profile: $GP_PROFILE ($(grep -c '"kind": "region"' "$GP_PROFILE") regions)"
}
