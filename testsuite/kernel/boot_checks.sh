# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# testsuite/kernel/boot_checks.sh: the end-to-end test (CHECKS=boot of
# testsuite/kernel/run.sh, which sources this file after harness/kernel.sh,
# small_kernel.sh, initramfs.sh and qemu.sh, and defines result()).
#
# The RFC's failure and its fix, on a booted kernel: the small kernel built
# with the RFC's five --param flags (variant rfc-params) and with the plugin
# (plugin-rfc: kernel-configs/policies/rfc.ini plus the never-inline list
# derived from the kernel's own ftrace selftests), each booted under QEMU with
# the initramfs of harness/initramfs.sh:
#   boot-rfc-params-fails   kprobe_args_user.tc FAILS on rfc-params (the
#                           params inline do_sys_openat2 away, so the test
#                           cannot probe it; without this the pass below would
#                           prove nothing)
#   boot-plugin-rfc-passes  kprobe_args_user.tc PASSES on plugin-rfc
#   boot-plugin-rfc-kprobe  the whole test.d/kprobe directory on plugin-rfc:
#                           no test FAILS (UNRESOLVED and UNSUPPORTED are the
#                           small kernel's missing options, docs/kernel.md)
# Outputs: build/check-kernel/boot/<CC>/<variant>/ (console.log, qemu.log,
# results.txt; command.sh boots it by hand).

BOOT_TEST=test.d/kprobe/kprobe_args_user.tc

# boot_result_of RESULTS TEST: TEST's result in a qm_run results file ("" if none).
boot_result_of() {
  awk -v t="$2" '$1 == "ftrace" && $2 == t { print $3 }' "$1"
}

# boot_variant CC VARIANT CHECK: builds (or finds) VARIANT; sets BOOT_IMAGE.
# On failure records CHECK as failed and returns 1.
boot_variant() {
  local cc=$1 v=$2 check=$3
  if ! ks_build_variant "$cc" "$v"; then
    result "$cc" "$check" "$v" fail "building the $v small kernel failed; log: $(ks_dir "$cc" "$v")/.inlinetune/build.log"
    return 1
  fi
  BOOT_IMAGE=$KS_DIR/arch/arm64/boot/Image
  kt_note "$v: $(ks_info "$KS_DIR" build_seconds) s wall, $(ks_info "$KS_DIR" build_cpu_seconds) s CPU$([ "$KS_CACHED" = 0 ] || echo ', built by an earlier run')"
}

# boot_run CC VARIANT CHECK SPEC: boots VARIANT's Image with inlinetune.run=SPEC;
# sets BOOT_RESULTS. On failure records CHECK as failed and returns 1.
boot_run() {
  local cc=$1 v=$2 check=$3 spec=$4 dir=$OUT/boot/$1/$2
  if ! qm_run "$BOOT_IMAGE" "$IR_FILE" "$spec" "$dir"; then
    result "$cc" "$check" "$v" fail "booting $v with inlinetune.run=$spec failed (the message above says which step); console: $dir/console.log"
    return 1
  fi
  BOOT_RESULTS=$QM_RESULTS
  kt_note "$v: booted in $QM_BOOT_SECONDS s, ran in $QM_RUN_SECONDS s (inlinetune.run=$spec)"
}

check_boot() {
  local cc=$1 got failed n
  rm -rf "$OUT/boot/$cc"
  mkdir -p "$OUT/boot/$cc"
  if ! ir_build; then
    result "$cc" boot-initramfs initramfs fail "building the initramfs failed (the message above says where its log is)"
    return 0
  fi

  # The RFC's params: the test must fail, or the next check proves nothing.
  if boot_variant "$cc" rfc-params boot-rfc-params-fails &&
    boot_run "$cc" rfc-params boot-rfc-params-fails "ftrace:$BOOT_TEST"; then
    got=$(boot_result_of "$BOOT_RESULTS" "$BOOT_TEST")
    if [ "$got" = FAIL ]; then
      result "$cc" boot-rfc-params-fails "$BOOT_TEST" pass "FAIL on the kernel built with the RFC's --param flags, as the RFC reports"
    else
      result "$cc" boot-rfc-params-fails "$BOOT_TEST" fail "expected FAIL on rfc-params, got '${got:-no result}'; console: $OUT/boot/$cc/rfc-params/console.log"
    fi
  fi

  # The plugin with the rfc policy and the derived never-inline list.
  boot_variant "$cc" plugin-rfc boot-plugin-rfc-passes || return 0
  boot_run "$cc" plugin-rfc boot-plugin-rfc-passes "ftrace:test.d/kprobe" || return 0
  got=$(boot_result_of "$BOOT_RESULTS" "$BOOT_TEST")
  if [ "$got" = PASS ]; then
    result "$cc" boot-plugin-rfc-passes "$BOOT_TEST" pass "PASS on the kernel built with the plugin (rfc.ini + $(basename "$(ks_never_inline_list)"))"
  else
    result "$cc" boot-plugin-rfc-passes "$BOOT_TEST" fail "expected PASS on plugin-rfc, got '${got:-no result}'; console: $OUT/boot/$cc/plugin-rfc/console.log"
  fi
  n=$(grep -c '^ftrace ' "$BOOT_RESULTS" || true)
  failed=$(awk '$1 == "ftrace" && $3 == "FAIL" { print $2 }' "$BOOT_RESULTS" | paste -sd' ' -)
  if [ -n "$failed" ]; then
    result "$cc" boot-plugin-rfc-kprobe test.d/kprobe fail "failed on plugin-rfc: $failed; console: $OUT/boot/$cc/plugin-rfc/console.log"
  elif [ "$n" -lt 10 ]; then
    result "$cc" boot-plugin-rfc-kprobe test.d/kprobe fail "only $n results from test.d/kprobe; console: $OUT/boot/$cc/plugin-rfc/console.log"
  else
    result "$cc" boot-plugin-rfc-kprobe test.d/kprobe pass "$n tests: $(awk '$1 == "ftrace" { print $3 }' "$BOOT_RESULTS" | sort | uniq -c | awk '{ printf "%s%d %s", sep, $1, $2; sep = ", " }'), none FAIL"
  fi
}
