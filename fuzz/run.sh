#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# fuzz/run.sh: `make bench-fuzz` and `make check-fuzz`.
#
#   fuzz/run.sh bench TARGET...   fuzz each TARGET (build/fuzz/TARGET) for
#                                 FUZZ_SECONDS (default 600), one after another,
#                                 from a fresh copy of its seed corpus
#                                 (testsuite/fuzz-corpus/TARGET) in
#                                 build/fuzz/corpus/TARGET; print per target the
#                                 executions, exec/s, time, coverage gained and
#                                 the artifact of any crash.  With
#                                 FUZZ_UPDATE_CORPUS=1, inputs that add coverage
#                                 are merged back into testsuite/fuzz-corpus.
#   fuzz/run.sh check TARGET...   run each TARGET once over every input of its
#                                 checked-in corpus: no fuzzing, a regression test
#                                 (make check-fuzz: the targets of build/fuzz-check,
#                                 g++'s sanitized objects with libFuzzer.a's driver).
#
# Exits 1 when a target crashed (a crash, a sanitizer report, a timeout, an
# out-of-memory, a leak): bench leaves its input in FUZZ_BIN/artifacts/TARGET/,
# check names it in FUZZ_BIN/check/TARGET.log; reproduce with
# `FUZZ_BIN/TARGET FILE`.
# Environment: FUZZ_BIN (the targets' directory, where the logs, artifacts
# and scratch files go too; default build/fuzz), FUZZ_SECONDS,
# FUZZ_UPDATE_CORPUS, FUZZ_TIMEOUT (seconds one input may take, default 10),
# FUZZ_RSS_MB (default 2048).
set -eu

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FUZZ_BIN:-$root/build/fuzz}
seeds=$root/testsuite/fuzz-corpus
mode=${1:?usage: fuzz/run.sh bench|check TARGET...}
shift
[ $# -gt 0 ] || { echo "fuzz/run.sh: no targets" >&2; exit 2; }
seconds=${FUZZ_SECONDS:-600}
timeout=${FUZZ_TIMEOUT:-10}
rss=${FUZZ_RSS_MB:-2048}
# Nothing here should read stdin; log_reader_elf makes its scratch directory
# under TMPDIR (left behind when a crash ends the process).
exec </dev/null
export TMPDIR=$build/tmp
mkdir -p "$TMPDIR"

step() { echo "== fuzz: $*"; }

# Options every run shares.  A sanitizer report ends the run (libFuzzer then
# writes the input as an artifact).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

check() {
  local failed=0 t files n t0
  for t in "$@"; do
    mapfile -t files < <(find "$seeds/$t" -type f | sort)
    n=${#files[@]}
    [ "$n" -gt 0 ] || { echo "check-fuzz: $seeds/$t has no inputs" >&2; exit 1; }
    mkdir -p "$build/check"
    t0=$SECONDS
    if "$build/$t" -timeout="$timeout" -rss_limit_mb="$rss" "${files[@]}" >"$build/check/$t.log" 2>&1; then
      echo "check-fuzz: $t: $n inputs, no crash ($((SECONDS - t0)) s)"
    else
      echo "check-fuzz: $t: FAILED on an input of $seeds/$t; log: $build/check/$t.log" >&2
      grep -E '^Running: |ERROR: |runtime error|invariant broken' "$build/check/$t.log" | tail -n 5 >&2 || true
      failed=1
    fi
  done
  return $failed
}

# field NAME LOG: the value of libFuzzer's final "stat::NAME: V" line.
field() { sed -n "s/^stat::$1: *//p" "$2" | tail -n 1; }

# cov WHEN LOG: the "cov:" of libFuzzer's INITED line, or of its last status line.
cov() {
  case $1 in
  initial) grep -m 1 -E '^#[0-9]+[[:space:]]+INITED' "$2" ;;
  final) grep -E '^#[0-9]+[[:space:]]+[A-Z]+ +cov:' "$2" | tail -n 1 ;;
  esac | sed -n 's/.* cov: \([0-9]*\) ft: \([0-9]*\).*/\1 \2/p'
}

bench() {
  local t work art log rc crashed=0 t0 wall ic if_ fc ff
  local -a summary=() dict
  for t in "$@"; do
    work=$build/corpus/$t art=$build/artifacts/$t log=$build/$t.log
    rm -rf "$work" "$art"
    mkdir -p "$work" "$art"
    cp "$seeds/$t"/* "$work"/
    dict=()
    [ -f "$root/fuzz/$t.dict" ] && dict=(-dict="$root/fuzz/$t.dict")
    step "$t for ${seconds} s (log: $log)"
    t0=$SECONDS
    rc=0
    "$build/$t" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb="$rss" \
      -print_final_stats=1 -artifact_prefix="$art/" "${dict[@]}" "$work" >"$log" 2>&1 || rc=$?
    wall=$((SECONDS - t0))
    local execs eps added init fin found
    execs=$(field number_of_executed_units "$log")
    eps=$(field average_exec_per_sec "$log")
    added=$(field new_units_added "$log")
    read -r ic if_ <<<"$(cov initial "$log")" || true
    read -r fc ff <<<"$(cov final "$log")" || true
    init="${ic:-?}/${if_:-?}" fin="${fc:-?}/${ff:-?}"
    found=$(find "$art" -type f | sort | tr '\n' ' ')
    if [ "$rc" -ne 0 ] || [ -n "$found" ]; then
      crashed=1
      grep -E 'ERROR: |runtime error|invariant broken|Test unit written' "$log" | head -n 5 >&2 || true
    fi
    summary+=("$(printf '%-15s %10s %8s %6s  %-13s %-13s %6s  %s' "$t" "${execs:-?}" "${eps:-?}" \
      "${wall}s" "$init" "$fin" "${added:-?}" "${found:-none}")")
    if [ "${FUZZ_UPDATE_CORPUS:-0}" = 1 ]; then
      # Adds to the checked-in corpus only the inputs that reach new edges
      # (-use_counters=0: not new hit counts, which would take most of them);
      # the seeds already there stay.
      "$build/$t" -merge=1 -use_counters=0 "$seeds/$t" "$work" >"$build/$t.merge.log" 2>&1 ||
        { echo "fuzz: merging into $seeds/$t failed; log: $build/$t.merge.log" >&2; exit 1; }
      step "$t: corpus now $(find "$seeds/$t" -type f | wc -l) files, $(du -sk --apparent-size "$seeds/$t" | cut -f1) KiB"
    fi
  done
  echo
  echo "bench-fuzz: ${seconds} s per target (FUZZ_SECONDS); cov = edges/features, initial -> final"
  printf '%-15s %10s %8s %6s  %-13s %-13s %6s  %s\n' target execs exec/s time "cov initial" \
    "cov final" "new" "crashes (artifacts)"
  printf '%s\n' "${summary[@]}"
  return $crashed
}

case $mode in
check) check "$@" ;;
bench) bench "$@" ;;
*) echo "fuzz/run.sh: unknown mode '$mode' (bench, check)" >&2; exit 2 ;;
esac
