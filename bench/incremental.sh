#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/incremental.sh: `make bench-incremental`. What a small-kernel build
# under a new policy costs when each object is keyed on its TU's own
# settings: inlinetune-cc in front of ccache (docs/log-format.md, "ccache
# with inlinetune-cc"), as a policy search builds its candidates.
#
# Builds, each in a fresh O= tree (harness/small_kernel.sh, KS_CC_LAUNCHER),
# with the plugin, the never-inline list and log=obj:
#   plain   POLICY_A without launcher or ccache (the reference build);
#   cold    POLICY_A through the launcher and an empty ccache (every TU a miss);
#   warm    POLICY_A again (every TU a hit);
#   changed POLICY_B (the TUs whose settings differ from A's miss, the rest hit).
# Checks, and fails unless they hold: cold's and warm's vmlinux equal plain's
# byte for byte (the launcher changes no code); warm compiles nothing; changed
# compiles exactly the TUs whose settings key (the launcher's record) differs
# between A and B.  Prints the wall and CPU times of each build, its TU
# compiles (ccache's stats_log: misses and hits) and the ratios to plain;
# writes build/bench/incremental/builds.csv.
#
# Environment: POLICY_A (default kernel-configs/policies/rfc-net.ini),
# POLICY_B (default kernel-configs/policies/rfc-fs.ini), CC_SMALL (default
# aarch64-linux-gnu-gcc-12), BENCH_OUT (default build/bench/incremental),
# INLINETUNE_CACHE, KSRC, KT_JOBS (harness/kernel.sh).
set -eu

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL=bench-incremental
# shellcheck source-path=SCRIPTDIR source=../harness/kernel.sh disable=SC2034
. "$here/../harness/kernel.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/small_kernel.sh
. "$here/../harness/small_kernel.sh"

cc=${CC_SMALL:-aarch64-linux-gnu-gcc-12}
policy_a=$(realpath "${POLICY_A:-$KT_ROOT/kernel-configs/policies/rfc-net.ini}")
policy_b=$(realpath "${POLICY_B:-$KT_ROOT/kernel-configs/policies/rfc-fs.ini}")
out=${BENCH_OUT:-$KT_BUILD/bench/incremental}
launcher=$KT_BUILD/launcher/inlinetune-cc

kt_step "check the inputs"
[ -x "$launcher" ] || kt_die "step 'check the inputs': no $launcher; run 'make launcher'"
command -v ccache >/dev/null || kt_die "step 'check the inputs': no ccache; run 'make deps'"
[ -x "$(kt_plugin_path "$cc")" ] || kt_die "step 'check the inputs': no plugin for $cc; run 'make all'"
list=$(ks_never_inline_list)
rm -rf "$out"
mkdir -p "$out"
# A cache of this run's own, so that "cold" is cold.
export CCACHE_DIR=$out/ccache CCACHE_CONFIGPATH=$out/ccache.conf
printf 'max_size = 5G\n' >"$CCACHE_CONFIGPATH"

# build NAME POLICY [launcher]: the small kernel as tree bench-incremental-NAME,
# its policy copied to one path for every build (the launcher keys on
# content); prints nothing, leaves the figures in $out/NAME.*.
build() {
  local name=$1 policy=$2 how=${3:-}
  local -a flags
  cp "$policy" "$out/policy.ini"
  mapfile -t flags < <(kt_plugin_flags "$cc" "policy=$out/policy.ini" "policy=$list" log=obj)
  rm -rf "$(ks_dir "$cc" "bench-incremental-$name")"
  : >"$out/$name.stats"
  if [ -n "$how" ]; then
    CCACHE_STATSLOG=$out/$name.stats INLINETUNE_CC_RECORD=$out/$name.compiles.jsonl \
      KS_CC_LAUNCHER="$launcher --slices $out/slices ccache" ks_build "$cc" "bench-incremental-$name" "${flags[@]}"
  else
    ks_build "$cc" "bench-incremental-$name" "${flags[@]}"
  fi
  cp "$KS_DIR/vmlinux" "$out/$name.vmlinux"
  echo "$(ks_info "$KS_DIR" build_seconds) $(ks_info "$KS_DIR" build_cpu_seconds)" >"$out/$name.time"
  rm -rf "$KS_DIR"
}

# tu_compiles NAME: "MISSES HITS" of the kernel's C files in NAME's build.
tu_compiles() { ks_tu_compiles "$out/$1.stats"; }

# changed_tus A B: the TUs whose settings key differs between two builds'
# launcher records (a TU in one only counts too).
changed_tus() {
  python3 - "$out/$1.compiles.jsonl" "$out/$2.compiles.jsonl" <<'EOF'
import json, sys
def keys(path):
    out = {}
    for line in open(path):
        r = json.loads(line)
        if r['tu'] and r['source'].endswith('.c') and not r['tu'].startswith('/'):
            out[r['tu']] = r['settings']
    return out
a, b = keys(sys.argv[1]), keys(sys.argv[2])
print(sum(1 for t in set(a) | set(b) if a.get(t) != b.get(t)))
EOF
}

build plain "$policy_a"
build cold "$policy_a" launcher
build warm "$policy_a" launcher
build changed "$policy_b" launcher

kt_step "checks"
fail=0
for n in cold warm; do
  cmp -s "$out/plain.vmlinux" "$out/$n.vmlinux" ||
    { echo "bench-incremental: $n's vmlinux differs from plain's: the launcher changed code" >&2; fail=1; }
done
read -r warm_miss _ < <(tu_compiles warm)
[ "$warm_miss" = 0 ] || { echo "bench-incremental: warm compiled $warm_miss TUs, expected none" >&2; fail=1; }
want=$(changed_tus warm changed)
read -r changed_miss _ < <(tu_compiles changed)
[ "$changed_miss" = "$want" ] ||
  { echo "bench-incremental: changed compiled $changed_miss TUs; $want TUs' settings differ between the policies" >&2; fail=1; }

echo "build,wall_seconds,cpu_seconds,tu_misses,tu_hits" >"$out/builds.csv"
read -r pw _ <"$out/plain.time"
printf '\n%-8s %8s %8s %8s %8s %10s\n' build wall_s cpu_s misses hits wall/plain
for n in plain cold warm changed; do
  read -r w c <"$out/$n.time"
  if [ "$n" = plain ]; then m=-; h=-; else read -r m h < <(tu_compiles "$n"); fi
  echo "$n,$w,$c,$m,$h" >>"$out/builds.csv"
  printf '%-8s %8s %8s %8s %8s %10s\n' "$n" "$w" "$c" "$m" "$h" "$(awk -v a="$w" -v b="$pw" 'BEGIN { printf "%.2f", a / b }')"
done
echo
echo "bench-incremental: A=$(basename "$policy_a") B=$(basename "$policy_b") with $cc, -j$KT_JOBS;" \
  "B changes the settings of $want TUs; vmlinux of the launcher's builds $([ "$fail" = 0 ] && echo "equal to plain's" || echo "see above"); $out/builds.csv"
exit "$fail"
