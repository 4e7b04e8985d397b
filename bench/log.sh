#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/log.sh: `make bench-log`. What the decision log costs, and its size.
#
# 1. Compiles NTUS TUs of harness/kernel-tus.txt (default 20, the smallest
#    first) with aarch64-linux-gnu-gcc-12 and the plugin (profile=rfc), with
#    log=off and log=obj, RUNS times (default 3), interleaved, one compile at a
#    time under /usr/bin/time: CPU time and peak memory (max RSS) of each.
#    Goals: log=obj/log=off <= 1.01 in time and <= 1.02 in peak memory.
# 2. For NSIZE of those TUs (default 5), the log's bytes in the object against
#    what GCC's own reports take for the same compile: -fsave-optimization-record
#    (.opt-record.json.gz) and -fopt-info-inline-all=FILE, and their cost.
#    Goal: the log <= 1/10 of GCC's JSON while carrying sizes and reasons.
# Output: build/bench/log-time.csv, build/bench/log-size.csv, a summary on stdout.
# Environment: RUNS, NTUS, NSIZE, TUS_FILE, CC_BENCH, INLINETUNE_CACHE, KSRC.
set -eu

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL='bench-log'
# shellcheck source-path=SCRIPTDIR source=../harness/kernel.sh disable=SC2034
. "$here/../harness/kernel.sh"

cc=${CC_BENCH:-aarch64-linux-gnu-gcc-12}
runs=${RUNS:-3}
ntus=${NTUS:-20}
nsize=${NSIZE:-5}
TUS_FILE=${TUS_FILE:-$KT_ROOT/harness/kernel-tus.txt}
out=$KT_ROOT/build/bench
plugin=$(kt_plugin_path "$cc")
[ -f "$plugin" ] || kt_die "no plugin build at $plugin; run 'make all'"
[ -x /usr/bin/time ] || kt_die "/usr/bin/time is missing (Debian package time)"

mapfile -t all < <(kt_read_tus "$TUS_FILE")
[ "$ntus" -le "${#all[@]}" ] || kt_die "NTUS=$ntus, but $TUS_FILE lists ${#all[@]} TUs"
kt_ensure_kobj "$cc"
kt_build_tus "$cc" "${all[@]}"
kobj=$(kt_kobj_dir "$cc")
mapfile -t tus < <(for tu in "${all[@]}"; do echo "$(stat -c %s "$kobj/$tu") $tu"; done |
  sort -n | head -n "$ntus" | awk '{ print $2 }')

# timed VARIANT TU OBJ FLAG...: one compile from the O= dir; prints "cpu_s max_rss_kb".
timed() {
  local v=$1 tu=$2 obj=$3
  shift 3
  mkdir -p "$(dirname "$obj")"
  kt_tu_argv "$cc" "$tu"
  KT_ARGV[KT_ARGV_O]=$obj
  (cd "$kobj" && srctree=$KSRC /usr/bin/time -f '%U %S %M' -o "$obj.time" "${KT_ARGV[@]}" "$@") >"$obj.log" 2>&1 ||
    kt_die "compile of $tu ($v) failed; log: $obj.log; reproduce: $(kt_repro "$cc" "$tu" "$obj" "$@")"
  awk '{ printf "%.3f %d\n", $1 + $2, $3 }' "$obj.time"
}

mkdir -p "$out"
csv=$out/log-time.csv
echo "run,tu,variant,cpu_s,max_rss_kb" >"$csv"
variants=(off obj)
kt_step "bench-log: $runs runs x ${#tus[@]} TUs x log=off/log=obj with $cc, one at a time"
t0=$SECONDS
for ((r = 1; r <= runs; r++)); do
  for ((i = 0; i < ${#tus[@]}; i++)); do
    tu=${tus[i]}
    for ((p = 0; p < 2; p++)); do
      v=${variants[(r + i + p) % 2]}
      mapfile -t flags < <(kt_plugin_flags "$cc" profile=rfc "log=$v")
      read -r cpu rss < <(timed "$v" "$tu" "$out/log-obj/$v/$tu" "${flags[@]}")
      echo "$r,$tu,$v,$cpu,$rss" >>"$csv"
    done
  done
  kt_note "run $r/$runs done ($((SECONDS - t0)) s)"
done

sizecsv=$out/log-size.csv
echo "tu,log_bytes,log_records,opt_record_json_gz_bytes,opt_info_inline_all_bytes,cpu_log_s,cpu_opt_record_s,cpu_opt_info_s,rss_log_kb,rss_opt_record_kb" >"$sizecsv"
kt_step "bench-log: sizes against GCC's reports on ${nsize} TUs"
for tu in "${tus[@]:${#tus[@]}-nsize}"; do
  d=$out/log-size/$tu
  rm -rf "$d" && mkdir -p "$d"
  mapfile -t flags < <(kt_plugin_flags "$cc" profile=rfc)
  read -r cpu_log rss_log < <(timed obj "$tu" "$d/log.o" "${flags[@]}")
  kt_log "$d/log.o" "$d/log.jsonl"
  log_bytes=$(printf '%d' "0x$("$KT_READELF" -SW "$d/log.o" | sed -n 's/.*\.inlinetune\.log *NOTE *[0-9a-f]* *[0-9a-f]* *\([0-9a-f]*\).*/\1/p')")
  read -r cpu_rec rss_rec < <(timed record "$tu" "$d/rec.o" "${KT_RFC_FLAGS[@]}" -fsave-optimization-record)
  # GCC names the record after -dumpbase: rec.o -> rec.c.opt-record.json.gz.
  rec_file=$d/rec.c.opt-record.json.gz
  [ -f "$rec_file" ] || kt_die "no $rec_file for $tu"
  rec_bytes=$(stat -c %s "$rec_file")
  read -r cpu_info _ < <(timed info "$tu" "$d/info.o" "${KT_RFC_FLAGS[@]}" "-fopt-info-inline-all=$d/info.txt")
  info_bytes=$(stat -c %s "$d/info.txt")
  echo "$tu,$log_bytes,$(wc -l <"$d/log.jsonl"),$rec_bytes,$info_bytes,$cpu_log,$cpu_rec,$cpu_info,$rss_log,$rss_rec" >>"$sizecsv"
  rm -f "$rec_file"
done

awk -F, -v runs="$runs" '
  function median(a, n,   i, j, t) {
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  NR > 1 { cpu[$1, $3] += $4; rss[$2, $3] = rss[$2, $3] > $5 ? rss[$2, $3] : $5; tus[$2] = 1 }
  END {
    for (r = 1; r <= runs; r++) t[r] = cpu[r, "obj"] / cpu[r, "off"]
    n = 0; for (tu in tus) m[++n] = rss[tu, "obj"] / rss[tu, "off"]
    printf "\nlog=obj / log=off, CPU time: median over %d runs %.4f (goal <= 1.01)\n", runs, median(t, runs)
    printf "log=obj / log=off, peak memory: median over %d TUs %.4f (goal <= 1.02)\n", n, median(m, n)
  }' "$out/log-time.csv"
awk -F, 'NR > 1 {
    printf "%-28s log %8d B (%5d records)  opt-record.json.gz %8d B (1/%.1f)  opt-info-inline-all %8d B\n",
      $1, $2, $3, $4, $4 / $2, $5
    lb += $2; rb += $4; ib += $5; cl += $6; cr += $7; ci += $8; ml += $9; mr += $10; n++
  }
  END {
    printf "total: log %d B, GCC JSON %d B (log = 1/%.1f of it; goal 1/10), opt-info-inline-all %d B\n", lb, rb, rb / lb, ib
    printf "CPU: plugin+log %.1f s, -fsave-optimization-record %.1f s (x%.2f), -fopt-info-inline-all %.1f s (x%.2f)\n",
      cl, cr, cr / cl, ci, ci / cl
    printf "peak memory (sum over TUs): plugin+log %d kB, -fsave-optimization-record %d kB\n", ml, mr
  }' "$sizecsv"
echo "bench-log: results in $out/log-time.csv and $sizecsv"
