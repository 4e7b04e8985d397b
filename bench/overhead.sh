#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/overhead.sh: `make bench-overhead`. The compile-time cost of the plugin.
#
# Compiles NTUS TUs of harness/kernel-tus.txt (default 20, the smallest kbuild
# objects first) with aarch64-linux-gnu-gcc-12, four ways:
#   plain   kbuild's command
#   param   plus the RFC's five --param flags
#   plugin  plus -fplugin=inlinetune.so -fplugin-arg-inlinetune-profile=rfc
#   replay  plugin, replaying the TU's own log recorded at the same params
#           (docs/replay.md; a log directory written once before the runs)
# RUNS times (default 5), interleaved: in each run, for each TU, the four
# variants in an order that rotates with run and TU, so that drift in machine
# load or caches spreads over all four. One compile at a time; each is timed
# by /usr/bin/time (wall, and user+sys CPU of the driver and its children: cc1
# and as).
# Prints per-variant totals and, over runs, the median of the per-run ratios
# plugin/param (goal: <= 1.01), replay/plugin (goal: <= 1.02) and
# param/plain, in CPU and wall time; and how many replayed objects equal the
# plugin's (a self replay is a fixed point).
# INSTRUCTIONS=1 adds a count that machine noise does not move: each TU
# compiled once more per variant under valgrind's cachegrind (no cache
# simulation), every process of the compile counted (the driver, cc1, as);
# prints the same ratios in instructions and, for replay against plugin, the
# cc1 functions whose instructions differ most (cg_diff): what replay costs,
# and where.  Instructions are not time (a VM here has no hardware counters
# for perf stat), but GCC's own compile-time work is judged by them too.
# Output: raw timings in OUT/overhead.csv, the summary in
# OUT/overhead-summary.csv, the instruction counts in
# OUT/overhead-instructions.csv and OUT/instructions/ (OUT: OVERHEAD_OUT,
# default build/bench).
# Environment: RUNS, NTUS, TUS_FILE, CC_BENCH, INSTRUCTIONS, OVERHEAD_OUT,
# INLINETUNE_CACHE, KSRC.
set -eu

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL='bench-overhead'
# shellcheck source-path=SCRIPTDIR source=../harness/kernel.sh disable=SC2034
. "$here/../harness/kernel.sh"

cc=${CC_BENCH:-aarch64-linux-gnu-gcc-12}
runs=${RUNS:-5}
ntus=${NTUS:-20}
TUS_FILE=${TUS_FILE:-$KT_ROOT/harness/kernel-tus.txt}
out=${OVERHEAD_OUT:-$KT_ROOT/build/bench}
csv=$out/overhead.csv
sumcsv=$out/overhead-summary.csv
plugin=$(kt_plugin_path "$cc")
[ -f "$plugin" ] || kt_die "no plugin build at $plugin; run 'make all'"
[ -x /usr/bin/time ] || kt_die "/usr/bin/time is missing (Debian package time)"
case $runs in '' | *[!0-9]* | 0) kt_die "RUNS=$runs: want a positive number" ;; esac
count=${INSTRUCTIONS:-0}
case $count in 0 | 1) ;; *) kt_die "INSTRUCTIONS=$count: want 0 or 1" ;; esac
if [ "$count" = 1 ]; then
  for t in valgrind cg_merge cg_diff cg_annotate; do
    command -v "$t" >/dev/null || kt_die "INSTRUCTIONS=1 needs $t (Debian package valgrind)"
  done
fi

mapfile -t all < <(kt_read_tus "$TUS_FILE")
[ "$ntus" -le "${#all[@]}" ] || kt_die "NTUS=$ntus, but $TUS_FILE lists ${#all[@]} TUs"
kt_ensure_kobj "$cc"
kt_build_tus "$cc" "${all[@]}"
kobj=$(kt_kobj_dir "$cc")
# The NTUS smallest objects: keeps the run short without favouring a directory.
mapfile -t tus < <(for tu in "${all[@]}"; do echo "$(stat -c %s "$kobj/$tu") $tu"; done |
  sort -n | head -n "$ntus" | awk '{ print $2 }')

variants=(plain param plugin replay)
nv=${#variants[@]}
# log=off: this measures the plugin core; bench/log.sh measures the decision log.
mapfile -t pflags < <(kt_plugin_flags "$cc" profile=rfc log=off)
replay_logs=$out/replay-logs
mapfile -t rflags < <(kt_plugin_flags "$cc" profile=rfc log=off replay="$replay_logs")
flags_of() {
  case $1 in
    plain) ;;
    param) printf '%s\n' "${KT_RFC_FLAGS[@]}" ;;
    plugin) printf '%s\n' "${pflags[@]}" ;;
    replay) printf '%s\n' "${rflags[@]}" ;;
  esac
}

mkdir -p "$out"
# The logs replay reads: each TU compiled once with the plugin's flags and
# log=DIR, to the object path the replay variant compiles to (a log
# directory names a TU's log after it).
rm -rf "$replay_logs"
mapfile -t lflags < <(kt_plugin_flags "$cc" profile=rfc log="$replay_logs")
for tu in "${tus[@]}"; do
  kt_tu_argv "$cc" "$tu"
  KT_ARGV[KT_ARGV_O]=$out/obj/replay/$tu
  mkdir -p "$(dirname "$out/obj/replay/$tu")"
  (cd "$kobj" && "${KT_ARGV[@]}" "${lflags[@]}") >"$out/obj/replay/$tu.record.log" 2>&1 ||
    kt_die "recording the log of $tu failed; log: $out/obj/replay/$tu.record.log"
done
echo "run,tu,variant,position,wall_s,user_s,sys_s" >"$csv"
ncomp=$((runs * ${#tus[@]} * nv))
kt_step "bench: $runs runs x ${#tus[@]} TUs x $nv variants = $ncomp compiles with $cc, one at a time"
t0=$SECONDS
done_n=0
for ((r = 1; r <= runs; r++)); do
  for ((i = 0; i < ${#tus[@]}; i++)); do
    tu=${tus[i]}
    for ((p = 0; p < nv; p++)); do
      v=${variants[(r + i + p) % nv]}
      obj=$out/obj/$v/$tu
      mapfile -t extra < <(flags_of "$v")
      tfile=$out/obj/time.txt
      mkdir -p "$(dirname "$obj")"
      # Time the compiler alone: resolve the command first, then run it
      # under /usr/bin/time from the O= dir.
      kt_tu_argv "$cc" "$tu"
      KT_ARGV[KT_ARGV_O]=$obj
      (cd "$kobj" && /usr/bin/time -f '%e %U %S' -o "$tfile" "${KT_ARGV[@]}" "${extra[@]}") >"$obj.log" 2>&1 ||
        kt_die "compile of $tu ($v) failed; log: $obj.log; reproduce: $(kt_repro "$cc" "$tu" "$obj" "${extra[@]}")"
      read -r wall user sys <"$tfile"
      echo "$r,$tu,$v,$p,$wall,$user,$sys" >>"$csv"
      done_n=$((done_n + 1))
    done
  done
  kt_note "run $r/$runs done ($done_n/$ncomp compiles, $((SECONDS - t0)) s)"
done

# Sanity: the plugin's objects must be the --param ones, else the timing compares
# different work.
same=0 same_replay=0
for tu in "${tus[@]}"; do
  kt_compare -q "$out/obj/param/$tu" "$out/obj/plugin/$tu" && same=$((same + 1))
  kt_compare -q "$out/obj/plugin/$tu" "$out/obj/replay/$tu" && same_replay=$((same_replay + 1))
done

# Per run: totals per variant; then the medians over runs of the ratios.
awk -F, -v runs="$runs" -v ntus="${#tus[@]}" -v same="$same" -v same_replay="$same_replay" -v sumcsv="$sumcsv" '
  function median(a, n,   i, j, t) {
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  NR > 1 {
    cpu[$1, $3] += $6 + $7; wall[$1, $3] += $5
    tcpu[$3] += $6 + $7; twall[$3] += $5
    one[$1, $2, $3] = $6 + $7
    if ($3 == "plugin") pairs[++npairs] = $1 SUBSEP $2
  }
  END {
    for (r = 1; r <= runs; r++) {
      pp_cpu[r] = cpu[r, "plugin"] / cpu[r, "param"]; pp_wall[r] = wall[r, "plugin"] / wall[r, "param"]
      qp_cpu[r] = cpu[r, "param"] / cpu[r, "plain"]; qp_wall[r] = wall[r, "param"] / wall[r, "plain"]
      rp_cpu[r] = cpu[r, "replay"] / cpu[r, "plugin"]; rp_wall[r] = wall[r, "replay"] / wall[r, "plugin"]
    }
    m_rp_cpu = median(rp_cpu, runs); m_rp_wall = median(rp_wall, runs)
    m_pp_cpu = median(pp_cpu, runs); m_pp_wall = median(pp_wall, runs)
    m_qp_cpu = median(qp_cpu, runs); m_qp_wall = median(qp_wall, runs)
    printf "\n%-8s %12s %12s %14s\n", "variant", "cpu_s", "wall_s", "cpu_s per run"
    n = split("plain param plugin replay", v, " ")
    for (k = 1; k <= n; k++)
      printf "%-8s %12.2f %12.2f %14.2f\n", v[k], tcpu[v[k]], twall[v[k]], tcpu[v[k]] / runs
    printf "\nmedian over %d runs of the per-run ratio (cpu, wall):\n", runs
    printf "  plugin/param  %.4f  %.4f   (goal <= 1.01: %s)\n", m_pp_cpu, m_pp_wall, m_pp_cpu <= 1.01 ? "met" : "NOT met"
    printf "  replay/plugin %.4f  %.4f   (goal <= 1.02: %s)\n", m_rp_cpu, m_rp_wall, m_rp_cpu <= 1.02 ? "met" : "NOT met"
    printf "  param/plain   %.4f  %.4f\n", m_qp_cpu, m_qp_wall
    # The spread of single compiles, to judge the medians above by.
    for (k = 1; k <= npairs; k++) pr[k] = one[pairs[k], "plugin"] / one[pairs[k], "param"]
    m_pair = median(pr, npairs)
    printf "  per compile, plugin/param cpu: median %.4f, quartiles %.4f .. %.4f (%d pairs)\n",
      m_pair, pr[int((npairs + 3) / 4)], pr[int((3 * npairs + 3) / 4)], npairs
    printf "plugin objects equal to --param objects: %d of %d TUs\n", same, ntus
    printf "replayed objects equal to the plugin ones (self replay): %d of %d TUs\n", same_replay, ntus
    print "metric,cpu,wall" > sumcsv
    for (k = 1; k <= n; k++) printf "total_%s_s,%.3f,%.3f\n", v[k], tcpu[v[k]], twall[v[k]] > sumcsv
    printf "median_ratio_plugin_param,%.5f,%.5f\n", m_pp_cpu, m_pp_wall > sumcsv
    printf "median_ratio_param_plain,%.5f,%.5f\n", m_qp_cpu, m_qp_wall > sumcsv
    printf "median_ratio_replay_plugin,%.5f,%.5f\n", m_rp_cpu, m_rp_wall > sumcsv
    printf "median_pair_ratio_plugin_param,%.5f,\n", m_pair > sumcsv
    printf "bench-overhead: %d runs x %d TUs: plugin/param %.4f (cpu), %.4f (wall), goal <= 1.01 %s; replay/plugin %.4f (cpu), goal <= 1.02 %s, %d of %d objects a fixed point; param/plain %.4f (cpu)\n",
      runs, ntus, m_pp_cpu, m_pp_wall, m_pp_cpu <= 1.01 ? "met" : "NOT met", m_rp_cpu, m_rp_cpu <= 1.02 ? "met" : "NOT met", same_replay, ntus, m_qp_cpu > "/dev/stderr"
  }' "$csv" 2>"$out/summary-line.txt"
echo
cat "$out/summary-line.txt"
echo "raw timings: $csv; summary: $sumcsv"
[ "$count" = 1 ] || exit 0

# Instructions: one compile of each TU per variant under cachegrind.  Each
# process writes its own file (%p); the compile's count is the sum of their
# totals ("summary:"), and cc1's files are merged per variant for cg_diff.
irdir=$out/instructions
ircsv=$out/overhead-instructions.csv
rm -rf "$irdir"
mkdir -p "$irdir"
echo "tu,variant,instructions,cc1_instructions" >"$ircsv"
kt_step "instructions: ${#tus[@]} TUs x $nv variants under valgrind --tool=cachegrind"
for tu in "${tus[@]}"; do
  for v in "${variants[@]}"; do
    obj=$irdir/obj/$v/$tu
    files=$irdir/cg/$v/${tu//\//_}
    mkdir -p "$(dirname "$obj")" "$files"
    mapfile -t extra < <(flags_of "$v")
    kt_tu_argv "$cc" "$tu"
    KT_ARGV[KT_ARGV_O]=$obj
    (cd "$kobj" && valgrind -q --tool=cachegrind --cache-sim=no --trace-children=yes \
      --cachegrind-out-file="$files/cg.%p" "${KT_ARGV[@]}" "${extra[@]}") >"$obj.log" 2>&1 ||
      kt_die "compile of $tu ($v) under valgrind failed; log: $obj.log"
    # A file per process: "cmd:" names the program, "summary:" its total.
    read -r all cc1 < <(awk '/^cmd:/ { is_cc1 = ($2 ~ /\/cc1(plus)?$/) }
      /^summary:/ { all += $2; if (is_cc1) cc1 += $2 } END { printf "%.0f %.0f\n", all, cc1 }' "$files"/cg.*)
    [ "$cc1" -gt 0 ] || kt_die "no cc1 process counted for $tu ($v); files in $files"
    echo "$tu,$v,$all,$cc1" >>"$ircsv"
  done
done
for v in "${variants[@]}"; do
  mapfile -t cc1files < <(grep -l -E '^cmd: [^ ]*/cc1(plus)? ' "$irdir"/cg/"$v"/*/cg.*)
  cg_merge -o "$irdir/cc1-$v.cg" "${cc1files[@]}" >>"$irdir/cg_merge.log" 2>&1
done
cg_diff "$irdir/cc1-plugin.cg" "$irdir/cc1-replay.cg" >"$irdir/replay-minus-plugin.cg"
cg_annotate --auto=no --threshold=0 "$irdir/replay-minus-plugin.cg" >"$irdir/replay-minus-plugin.txt"
awk -F, -v irsum="$irdir/summary.txt" '
  NR > 1 { ir[$2] += $3 }
  END {
    printf "\n%-8s %16s\n", "variant", "instructions"
    n = split("plain param plugin replay", v, " ")
    for (k = 1; k <= n; k++) printf "%-8s %16.0f\n", v[k], ir[v[k]]
    pp = ir["plugin"] / ir["param"]; rp = ir["replay"] / ir["plugin"]; qp = ir["param"] / ir["plain"]
    printf "\ninstruction ratios (one compile of each TU, all of its processes):\n"
    printf "  plugin/param  %.4f   (goal <= 1.01: %s)\n", pp, pp <= 1.01 ? "met" : "NOT met"
    printf "  replay/plugin %.4f   (goal <= 1.02: %s)\n", rp, rp <= 1.02 ? "met" : "NOT met"
    printf "  param/plain   %.4f\n", qp
    printf "bench-overhead instructions: plugin/param %.4f, goal <= 1.01 %s; replay/plugin %.4f, goal <= 1.02 %s; param/plain %.4f\n",
      pp, pp <= 1.01 ? "met" : "NOT met", rp, rp <= 1.02 ? "met" : "NOT met", qp > irsum
  }' "$ircsv"
# The functions: cg_annotate lists them by the difference, largest first
# (negative ones, where replay saves, last).
echo
echo "replay - plugin, cc1's instructions by function (cg_diff; the 15 largest; whole list: $irdir/replay-minus-plugin.txt):"
awk '/^-+$/ { dash++; next } dash >= 4 && NF >= 2 && $1 ~ /^-?[0-9,]+$/ { print "  " $0; if (++n == 15) exit }' \
  "$irdir/replay-minus-plugin.txt"
echo
cat "$irdir/summary.txt"
echo "instruction counts: $ircsv; cachegrind files: $irdir"
