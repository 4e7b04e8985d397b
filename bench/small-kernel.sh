#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/small-kernel.sh: builds the small arm64 kernel (tinyconfig +
# kernel-configs/qemu-small.config, `Image modules`) as named variants and
# prints what each build cost and made (`make small-kernel`).
#
#   bash bench/small-kernel.sh [VARIANT...]     default: baseline plugin-rfc
#
# Variants are harness/small_kernel.sh's standard ones: baseline,
# rfc-params, plugin-rfc. Each is built once into
# $INLINETUNE_CACHE/small/<CC>/<VARIANT>/ and reused while its inputs stay the
# same; the times shown are those of the build that made the tree (a
# "cached" row was not rebuilt now). Output: a table on stdout, the same rows
# in build/bench/small-kernel.csv (wall and CPU seconds of `make -j KT_JOBS
# Image modules`, the configure step apart; the load average when it ended;
# vmlinux .text bytes; Image bytes; modules).
# Environment: INLINETUNE_CACHE, KSRC, KT_JOBS (see harness/kernel.sh),
# CC_SMALL (default aarch64-linux-gnu-gcc-12).
set -eu

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL=small-kernel
# shellcheck source-path=SCRIPTDIR source=../harness/kernel.sh disable=SC2034
. "$here/../harness/kernel.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/small_kernel.sh
. "$here/../harness/small_kernel.sh"

cc=${CC_SMALL:-aarch64-linux-gnu-gcc-12}
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(baseline plugin-rfc)
csv=$KT_ROOT/build/bench/small-kernel.csv
mkdir -p "$(dirname "$csv")"

echo "compiler,variant,cached,build_seconds,build_cpu_seconds,configure_seconds,resumed,jobs,load_at_end,vmlinux_text_bytes,image_bytes,modules,kcflags" >"$csv"
for v in "${variants[@]}"; do
  ks_build_variant "$cc" "$v"
  d=$KS_DIR
  printf '%s,%s,%s,%s,%s,%s,%s,%s,"%s",%s,%s,%s,"%s"\n' "$cc" "$v" "$KS_CACHED" \
    "$(ks_info "$d" build_seconds)" "$(ks_info "$d" build_cpu_seconds)" "$(ks_info "$d" configure_seconds)" \
    "$(ks_info "$d" resumed)" "$(ks_info "$d" jobs)" "$(ks_info "$d" load)" \
    "$(kt_text_size "$d/vmlinux")" "$(stat -c %s "$d/arch/arm64/boot/Image")" \
    "$(find "$d" -name '*.ko' | wc -l)" "$(ks_info "$d" kcflags)" >>"$csv"
done

echo
printf '%-12s %8s %10s %10s %14s %12s %s\n' variant cached wall_s cpu_s vmlinux_text Image_bytes modules
tail -n +2 "$csv" | while IFS=, read -r _ v cached wall cpu _ _ _ _ text image mods _; do
  printf '%-12s %8s %10s %10s %14s %12s %s\n' "$v" "$([ "$cached" = 1 ] && echo yes || echo no)" "$wall" "$cpu" "$text" "$image" "$mods"
done
echo "small-kernel: ${#variants[@]} variants with $cc; $csv"
