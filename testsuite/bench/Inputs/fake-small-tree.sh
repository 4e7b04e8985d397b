#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# testsuite/bench/Inputs/fake-small-tree.sh TREE TEXT_BYTES [KCFLAG...]:
# makes in $INLINETUNE_CACHE a small-kernel O= tree that harness/
# small_kernel.sh takes for built (its stamp is the key of KSRC, the compiler
# and the KCFLAGs; without KCFLAGs, those of the standard variant TREE),
# holding what bench/bench-kernel.sh reads: a vmlinux with TEXT_BYTES of
# .text (three quarters of it in functions), a vmlinux.o with a decision-log section, an Image and .inlinetune/info.
set -eu
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck disable=SC2034  # read by harness/kernel.sh
KT_TOOL=fake-small-tree
# shellcheck source=../../../harness/kernel.sh
. "$here/../../../harness/kernel.sh"
# shellcheck source=../../../harness/small_kernel.sh
. "$here/../../../harness/small_kernel.sh"
cc=${CC_SMALL:-aarch64-linux-gnu-gcc-12}
tree=$1 text=$2
shift 2
flags=("$@")
[ ${#flags[@]} -gt 0 ] || mapfile -t flags < <(ks_variant_flags "$cc" "$tree")
kt_ensure_ksrc
d=$(ks_dir "$cc" "$tree")
mkdir -p "$d/.inlinetune" "$d/arch/arm64/boot"
# Two functions in it, half and a quarter of it (and an alias of the first,
# which a sum of function bytes counts once), then code of no function:
# kt_text_function_bytes gives three quarters of TEXT_BYTES.
half=$((text / 2)) quarter=$((text / 4))
printf '.text\n.globl a\n.type a, @function\na: .skip %s\n.size a, %s\n.globl a_alias\n.type a_alias, @function\n.set a_alias, a\n.size a_alias, %s\n.type b, @function\nb: .skip %s\n.size b, %s\n.skip %s\n' \
  "$half" "$half" "$half" "$quarter" "$quarter" "$((text - half - quarter))" | as -o "$d/vmlinux"
printf '.text\n.skip 4\n' | as -o "$d/vmlinux.o.tmp"
echo log >"$d/log.bin"
if [ "${FAKE_NO_LOG:-0}" = 1 ]; then
  mv "$d/vmlinux.o.tmp" "$d/vmlinux.o"
else
  objcopy --add-section .inlinetune.log="$d/log.bin" "$d/vmlinux.o.tmp" "$d/vmlinux.o"
  rm "$d/vmlinux.o.tmp"
fi
echo "Image of $tree" >"$d/arch/arm64/boot/Image"
printf 'variant=%s\ncc=%s\nkcflags=%s\nbuild_seconds=%s\nbuild_cpu_seconds=%s\nresumed=0\n' \
  "$tree" "$cc" "${flags[*]}" 100 90 >"$d/.inlinetune/info"
ks_key "$cc" "${flags[@]}" >"$d/.inlinetune/stamp"
