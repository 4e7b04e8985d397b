#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/demo.sh: what `make demo` shows. Compiles fs/open.c and fs/namei.c of
# linux-source-6.1, arm64 defconfig, with aarch64-linux-gnu-gcc-12, three ways:
#   baseline  kbuild's own command
#   rfc       plus the arm64 RFC's five --param flags (RFC_FLAGS)
#   plugin    plus -fplugin=inlinetune.so profile=rfc noinline=vfs_symlink,do_sys_openat2
# and prints .text bytes per object and variant, and whether the two functions
# the ftrace selftest probes stay callable: do_sys_openat2 a symbol of fs/open.o
# that is called, vfs_symlink called by do_symlinkat in fs/namei.o.
# Output: a table on stdout, the same rows in build/demo/demo.csv.
# Environment: INLINETUNE_CACHE, KSRC (see bench/lib/kernel.sh), CC_DEMO.
set -eu

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL=demo
# shellcheck source-path=SCRIPTDIR source=lib/kernel.sh disable=SC2034
. "$here/lib/kernel.sh"

cc=${CC_DEMO:-aarch64-linux-gnu-gcc-12}
out=$KT_ROOT/build/demo
csv=$out/demo.csv
noinline=vfs_symlink,do_sys_openat2
plugin=$(kt_plugin_path "$cc")
[ -f "$plugin" ] || kt_die "no plugin build at $plugin; run 'make all'"

kt_ensure_kobj "$cc"
kt_build_tus "$cc" fs/open.o fs/namei.o
mapfile -t pflags < <(kt_plugin_flags "$cc" profile=rfc "noinline=$noinline")
mkdir -p "$out"

# compile VARIANT TU: one object; plugin-free variants come from the cache.
compile() {
  local variant=$1 tu=$2
  local obj=$out/$variant/$tu
  kt_step "compile $tu, $variant"
  case $variant in
    baseline) kt_compile_ref "$cc" "$tu" "$obj" ;;
    rfc) kt_compile_ref "$cc" "$tu" "$obj" "${KT_RFC_FLAGS[@]}" ;;
    plugin) kt_compile "$cc" "$tu" "$obj" "${pflags[@]}" ;;
  esac || kt_die "compiling $tu ($variant) failed; log: $obj.log; reproduce: $(kt_repro "$cc" "$tu" "$obj")"
}

variants=(baseline rfc plugin)
for v in "${variants[@]}"; do
  for tu in fs/open.o fs/namei.o; do compile "$v" "$tu"; done
done

# callable TU OBJ: prints "yes" when the probed function of TU stays callable.
callable() {
  case $1 in
    fs/open.o) kt_has_symbol "$2" do_sys_openat2 && kt_calls "$2" "" do_sys_openat2 ;;
    fs/namei.o) kt_calls "$2" do_symlinkat vfs_symlink ;;
  esac && echo yes || echo no
}
probe() {
  case $1 in fs/open.o) echo do_sys_openat2 ;; fs/namei.o) echo vfs_symlink ;; esac
}

echo "compiler,object,variant,text_bytes,text_delta_pct,function,callable" >"$csv"
printf '\n%-11s %-9s %8s %9s  %s\n' object variant .text "vs base" "probed function callable"
for tu in fs/open.o fs/namei.o; do
  base=$(kt_text_size "$out/baseline/$tu")
  for v in "${variants[@]}"; do
    obj=$out/$v/$tu
    size=$(kt_text_size "$obj")
    pct=$(awk -v a="$size" -v b="$base" 'BEGIN { printf "%+.1f", 100 * (a - b) / b }')
    fn=$(probe "$tu")
    ok=$(callable "$tu" "$obj")
    echo "$cc,$tu,$v,$size,$pct,$fn,$ok" >>"$csv"
    printf '%-11s %-9s %8d %8s%%  %s: %s\n' "$tu" "$v" "$size" "$pct" "$fn" "$ok"
  done
done

# The summary: what the RFC costs and breaks, what the plugin gives back.
summary=$(awk -F, 'NR > 1 {
    t[$3] += $4; ok[$3] = ok[$3] ($7 == "yes" ? "" : "x")
  } END {
    printf "demo: .text of both objects: baseline %d, rfc %d (%+.1f%%), plugin %d (%+.1f%%); ",
      t["baseline"], t["rfc"], 100 * (t["rfc"] - t["baseline"]) / t["baseline"],
      t["plugin"], 100 * (t["plugin"] - t["baseline"]) / t["baseline"]
    printf "probed functions callable: baseline %s, rfc %s, plugin %s",
      ok["baseline"] == "" ? "both" : "not both", ok["rfc"] == "" ? "both" : "not both",
      ok["plugin"] == "" ? "both" : "not both"
  }' "$csv")
echo
echo "$summary (table: $csv)"
