#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# testsuite/bench/Inputs/fake-kbuild-tree.sh TREE ref|plugin: a finished
# kbuild O= tree in miniature, for `bench/fullkernel.sh check`: what it reads
# is real (objects compiled by aarch64-linux-gnu-gcc-12, with the plugin and
# log=obj for "plugin", the RFC's --param flags for "ref"; .cmd files in
# kbuild's words; modules.order and the .ko it lists; a vmlinux with .text),
# only smaller. Three target C objects (one in a module), one more at -O0, one host C object
# (compiled by gcc, never with the plugin) and an assembly object. The build
# log holds a warning that names a file inside TREE, as generated files' do.
set -eu
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$here/../../..
tree=$1 kind=$2
cc=aarch64-linux-gnu-gcc-12
flags=(-O2 --param=max-inline-insns-auto=30)
[ "$kind" = ref ] ||
  flags+=("-fplugin=$root/build/$cc/inlinetune.so" "-fplugin-arg-inlinetune-policy=$root/kernel-configs/policies/rfc.ini" -fplugin-arg-inlinetune-log=obj)
src=$tree.src
mkdir -p "$tree/.inlinetune" "$tree/fs" "$tree/kernel" "$tree/samples" "$tree/scripts/basic" "$tree/arch/arm64/boot" "$tree/arch/arm64/lib" "$src"

printf 'static int helper(int x) { return x * 3; }\nint open_it(int x) { return helper(x) + 1; }\n' >"$src/open.c"
printf 'int fork_it(int x) { return x - 1; }\n' >"$src/fork.c"
printf 'int module_init_fn(void) { return 0; }\n' >"$src/m.c"
printf 'int main(void) { return 0; }\n' >"$src/fixdep.c"

# target TREE-relative-object source [FLAG...]: compile as kbuild would, and
# write its .cmd.
target() {
  local o=$1 c=$2
  shift 2
  (cd "$tree" && "$cc" "${flags[@]}" "$@" -c -o "$o" "$c")
  printf 'savedcmd_%s := %s %s -c -o %s %s\n\nsource_%s := %s\n\ndeps_%s := \\\n  %s \\\n' \
    "$o" "$cc" "${flags[*]} $*" "$o" "$c" "$o" "$c" "$o" "$c" >"$tree/$(dirname "$o")/.$(basename "$o").cmd"
}
target fs/open.o "$src/open.c"
target kernel/fork.o "$src/fork.c"
target samples/m.o "$src/m.c"
# crypto/jitterentropy.o's way: -O0 after -O2, so no inliner runs and no log.
mkdir -p "$tree/crypto"
printf 'int jent(int x) { return x; }\n' >"$src/jent.c"
target crypto/jent.o "$src/jent.c" -O0
gcc -O2 -c -o "$tree/scripts/basic/fixdep.o" "$src/fixdep.c"
printf 'savedcmd_scripts/basic/fixdep.o := gcc -O2 -c -o scripts/basic/fixdep.o %s\n\nsource_scripts/basic/fixdep.o := %s\n' \
  "$src/fixdep.c" "$src/fixdep.c" >"$tree/scripts/basic/.fixdep.o.cmd"
printf '.text\nret\n' | aarch64-linux-gnu-as -o "$tree/arch/arm64/lib/memcpy.o"
printf 'savedcmd_arch/arm64/lib/memcpy.o := %s -c -o arch/arm64/lib/memcpy.o memcpy.S\n\nsource_arch/arm64/lib/memcpy.o := memcpy.S\n' \
  "$cc" >"$tree/arch/arm64/lib/.memcpy.o.cmd"

aarch64-linux-gnu-ld -r -o "$tree/samples/m.ko" "$tree/samples/m.o"
echo samples/m.ko >"$tree/modules.order"
# A final link drops the log (SHF_EXCLUDE), as vmlinux's does.
aarch64-linux-gnu-ld -e 0 -o "$tree/vmlinux" "$tree/fs/open.o" "$tree/kernel/fork.o" "$tree/arch/arm64/lib/memcpy.o"
echo "Image" >"$tree/arch/arm64/boot/Image"

cat >"$tree/.inlinetune/build.log" <<EOF
  CC      fs/open.o
  CC      kernel/fork.o
$tree/include/generated/autoconf.h:3: warning: "CONFIG_X" redefined
fs/open.c:12:5: warning: unused variable 'y' [-Wunused-variable]
WARNING: modpost: missing MODULE_LICENSE() in samples/m.o
  LD      vmlinux
EOF
printf 'variant=%s\ncc=%s\nkcflags=%s\nbuild_seconds=%s\nbuild_cpu_seconds=%s\njobs=1\nresumed=0\nload=1.00 1.00 1.00\n' \
  "fake-$kind" "$cc" "${flags[*]}" "$([ "$kind" = ref ] && echo 100 || echo 104)" "$([ "$kind" = ref ] && echo 90 || echo 95)" \
  >"$tree/.inlinetune/info"
