#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/demo.sh: `make demo`, the newcomer's first run. The small arm64 kernel
# of Debian's linux-source-6.1 built twice with aarch64-linux-gnu-gcc-12:
#   baseline    GCC's own decisions (the plugin loaded with log=obj and no
#               policy: decisions logged, the code the same)
#   plugin-rfc  the plugin with the RFC's thresholds as a policy
#               (kernel-configs/policies/rfc.ini) and the never-inline list
#               derived from the kernel's ftrace selftests
# both booted under QEMU to run the selftests of test.d/kprobe and the
# kernel-path workloads (instructions per operation under -icount), and once
# more each with guestprof, inlinetune's QEMU plugin (the profiling boots:
# per workload and kernel function, instructions and the misses of the n1
# and small cache models, docs/guest-profile.md); then
#   1. the tables of bench/bench-kernel.sh: .text, selftests, workloads with
#      the .text growth beside each change; the cache model's misses and
#      modelled cycles per op, baseline against plugin-rfc (a model, not a
#      measurement of a real core);
#   1b. where plugin-rfc took fewer or more misses per op than baseline,
#      per model (bench/kernel_results.py cache-summary), and, per workload
#      of DEMO_ATTRIBUTION (default stat pipe_rw tcp_send_recv, those that
#      were profiled), the attribution of its change to kernel functions
#      (inlinetune correlate --guest-profiles ... --workload NAME; skipped
#      with a note when this inlinetune lacks the option);
#   2. kprobe_args_user.tc, the selftest the RFC's flags break, on both;
#   3. the top decision flips: by reason, and the functions whose bytes
#      changed most with the flips that caused it (inlinetune diff);
#   4. what the never-inline list kept out of line (inlinetune db + SQL);
#   5. the HTML report (inlinetune report), joined with the measured results.
# The steps are bench/bench-kernel.sh's (WORKLOADS, SELFTESTS, PROFILE_MODELS,
# PROFILE_WORKLOADS as there, PROFILE_MODELS=none skips 1b's figures; the
# profiling boots run getppid, open_close, stat, read_4k, write_4k, pipe_rw,
# tcp_send_recv and epoll_wait unless PROFILE_WORKLOADS or WORKLOADS names others; LAYOUTS default 1 and no
# servers here: a first run, not a benchmark).
# Output in build/demo/ (DEMO_OUT; in a root of `make toolchains`, build/SUITE/demo/): bench-kernel's files (profiles/ too),
# diff.json, flips-by-reason.txt, attribution-WORKLOAD.txt, demo.sqlite,
# report-plugin-rfc.html.
set -eu

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL=demo
# shellcheck source-path=SCRIPTDIR source=../harness/kernel.sh disable=SC2034
. "$here/../harness/kernel.sh"
# shellcheck source-path=SCRIPTDIR source=../harness/small_kernel.sh
. "$here/../harness/small_kernel.sh"

t_start=$SECONDS
cc=${CC_SMALL:-aarch64-linux-gnu-gcc-12}
out=${DEMO_OUT:-$KT_BUILD/demo}
inlinetune=${INLINETUNE:-$KT_BUILD/tools/inlinetune}

kt_step "demo: the small arm64 kernel as baseline and plugin-rfc, built, booted, measured (a cold run builds two kernels: some 10 minutes on 2 idle cores; progress every 15 s)"
models=${PROFILE_MODELS:-n1+small}
# The profiling boots run eight of the seventeen workloads (those of the
# attribution among them; about 40% of the instructions of all), or all of
# WORKLOADS when it names some: a profiling boot of all seventeen costs about
# 5.5 plain ones (docs/kernel.md), and a cold demo must stay under 15 minutes.
wl=${WORKLOADS:-all}
if [ "$wl" = all ]; then
  pwl=${PROFILE_WORKLOADS:-getppid+open_close+stat+read_4k+write_4k+pipe_rw+tcp_send_recv+epoll_wait}
else
  pwl=${PROFILE_WORKLOADS:-$wl}
fi
CC_SMALL=$cc BENCH_OUT=$out INLINETUNE=$inlinetune LAYOUTS=${LAYOUTS:-1} RUNS=1 SERVERS=none \
  POLICIES='' WORKLOADS=$wl SELFTESTS=${SELFTESTS:-test.d/kprobe} PROFILE_MODELS=$models PROFILE_WORKLOADS=$pwl \
  bash "$here/bench-kernel.sh" baseline plugin-rfc
kt_wait_cli "$inlinetune"
base=$(ks_dir "$cc" baseline-log)
new=$(ks_dir "$cc" plugin-rfc)

if [ "$models" != none ]; then
  echo
  echo "== The cache model's misses per op, plugin-rfc against baseline (guestprof; a MODEL, not a measurement of a real core):"
  python3 "$here/kernel_results.py" cache-summary "$out/results.csv" --base baseline --new plugin-rfc | tail -n +2
  echo
  echo "== Where the change of three workloads goes, per kernel function (inlinetune correlate --guest-profiles):"
  if ! "$inlinetune" correlate --help 2>&1 | grep -q -- '--guest-profiles'; then
    echo "   skipped: this inlinetune's correlate has no --guest-profiles option yet (issue 15, the CLI's part);"
    echo "   the profiles are in $out/profiles/ (format: docs/guest-profile.md)"
  else
    shown=0
    for w in ${DEMO_ATTRIBUTION:-stat pipe_rw tcp_send_recv}; do
      # Only a workload both profiles measured.
      grep -q "\"workload\": \"$w\"" "$out/profiles/baseline.jsonl" || continue
      kt_run_step "inlinetune correlate --workload $w" "$out/logs/attribution-$w.log" \
        "$inlinetune" correlate "$base" "$new" --results "$out/results.csv" \
        --guest-profiles "$out/profiles/baseline.jsonl" "$out/profiles/plugin-rfc.jsonl" \
        --workload "$w" -o "$out/attribution-$w.txt" ||
        kt_die "step 'correlate --workload $w' failed; log: $out/logs/attribution-$w.log"
      echo "-- $w ($out/attribution-$w.txt):"
      head -n "${DEMO_ATTRIBUTION_LINES:-16}" "$out/attribution-$w.txt" | sed 's/^/   /'
      shown=$((shown + 1))
    done
    [ "$shown" -gt 0 ] || echo "   none of ${DEMO_ATTRIBUTION:-stat pipe_rw tcp_send_recv} was profiled (PROFILE_WORKLOADS=$pwl)"
  fi
fi

echo
echo "== The selftest the RFC's --param flags break (make check shows it failing with them):"
for v in baseline plugin-rfc; do
  r=$(awk -F, -v v="$v" '$2 == v && $4 ~ /kprobe_args_user\.tc$/ { print $5 }' "$out/selftests.csv")
  printf '   %-11s kprobe_args_user.tc  %s\n' "$v" "${r:-not run (SELFTESTS=$SELFTESTS)}"
done

kt_run_step "inlinetune diff baseline plugin-rfc" "$out/logs/diff.log" \
  "$inlinetune" diff "$base" "$new" --top 0 --format json -o "$out/diff.json" ||
  kt_die "step 'diff' failed; log: $out/logs/diff.log"
kt_run_step "inlinetune diff --by reason" "$out/logs/diff-by-reason.log" \
  "$inlinetune" diff "$base" "$new" --by reason --top 0 -o "$out/flips-by-reason.txt" ||
  kt_die "step 'diff --by reason' failed; log: $out/logs/diff-by-reason.log"
echo
echo "== Decision flips, baseline -> plugin-rfc, by the reason GCC gave (inlinetune diff --by reason):"
# The summary line and the table by reason: the text up to its second blank line.
awk '/^$/ { if (++blank == 2) exit; next } { print "   " $0 }' "$out/flips-by-reason.txt" | head -n 16
echo
python3 "$here/demo_flips.py" "$out/diff.json" --top 10

kt_run_step "inlinetune db (both builds and the results)" "$out/logs/db.log" \
  bash -c '"$1" db "$2" --build baseline -o "$4" && "$1" db "$3" --build plugin-rfc --append --results "$5" -o "$4"' \
  db "$inlinetune" "$base" "$new" "$out/demo.sqlite" "$out/results.csv" ||
  kt_die "step 'db' failed; log: $out/logs/db.log"
echo
echo "== Call sites the never-inline list kept out of line in plugin-rfc (SQL on $out/demo.sqlite):"
query="SELECT callee, COUNT(DISTINCT tu || ':' || id) FROM sites WHERE build = 'plugin-rfc' AND reason = 'NEVER_INLINE_LIST' GROUP BY callee ORDER BY 2 DESC, 1"
echo "   sqlite3 $out/demo.sqlite \"$query\""
sqlite3 -separator '  ' "$out/demo.sqlite" "$query" | awk '{ printf "   %-24s %s call site%s\n", $1, $2, $2 == 1 ? "" : "s" }'

echo
echo "demo: done in $((SECONDS - t_start)) s. Open $out/report-plugin-rfc.html (offline, self-contained);"
echo "      results $out/results.csv, decisions $out/demo.sqlite (schema: docs/cli.md), diff $out/diff.json."
