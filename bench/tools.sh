#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/tools.sh: `make bench-tools`. How fast `inlinetune` reads a whole kernel.
#
# 1. Real logs: compiles the TUs of testsuite/kernel/tus.txt (25) with
#    aarch64-linux-gnu-gcc-12 and the plugin twice, profile=gcc (BASE) and
#    profile=rfc (NEW), log=obj; keeps the objects and their logs as JSONL.
#    Cached in build/bench/tools/real/ (key: plugin, compiler, TU list, the
#    kbuild commands).
# 2. A synthetic build of a full arm64 defconfig kernel's size, made from those
#    real logs by bench/synth_logs.py (NTUS copies, round robin over the 25,
#    each renamed to a TU of its own; see its header), as log directories
#    (log=DIR layout, *.jsonl) and, with LAYOUTS containing obj, as objects
#    carrying the log in .inlinetune.log with their symbols renamed alike.
#    Deterministic; cached in build/bench/tools/synth-NTUS/ (key: the real
#    logs' key, the generator's sha256, NTUS).
# 3. Times `inlinetune summary BASE`, `inlinetune diff BASE NEW` and, for
#    reference, `inlinetune extract BASE -o FILE`, RUNS times (default 3)
#    interleaved, under /usr/bin/time: wall, CPU (user+sys), peak RSS.
#    Goal: <= 10 s wall and <= 1 GiB peak each.
#
# The size of a full build (the default NTUS), measured on linux-source-6.1:
#   TUs: a dry run of kbuild (`make -n vmlinux modules`, ARCH=arm64 defconfig,
#   aarch64-linux-gnu-gcc-12, in a copy of the prepared O= tree; 40 s) prints
#   every compile command of a full build: 6962 distinct C objects compiled by
#   the cross compiler (3766 built in, 3196 with -DMODULE for modules), besides
#   67 assembly files.  `bench/tools.sh count` repeats that count.
#   Records per TU: measured on the 25 TUs of tus.txt by step 1 (printed as
#   "real logs: ..."); see the report of the run for the figures.
#
# Output: build/bench/tools.csv (one row per run and command), a summary on
# stdout.
# Environment: RUNS, NTUS, LAYOUTS (default "jsonl obj"), TUS_FILE, CC_BENCH,
# INLINETUNE_CACHE, KSRC.
set -eu

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL='bench-tools'
# shellcheck source-path=SCRIPTDIR source=lib/kernel.sh disable=SC2034
. "$here/lib/kernel.sh"

cc=${CC_BENCH:-aarch64-linux-gnu-gcc-12}
runs=${RUNS:-3}
sample=${SAMPLE:-100}
layouts=${LAYOUTS:-jsonl obj}
out=$KT_ROOT/build/bench
work=$out/tools
tool=$KT_ROOT/build/tools/inlinetune
plugin=$(kt_plugin_path "$cc")
case $runs in '' | *[!0-9]* | 0) kt_die "RUNS=$runs: want a positive number" ;; esac
case $sample in '' | *[!0-9]* | 0) kt_die "SAMPLE=$sample: want a positive number" ;; esac

# ---- 0. the TUs of a full build ------------------------------------------------
# build_tus: the C objects a full build compiles (kbuild's dry run), one a line
# as "y OBJ" (built in), "m OBJ" (for a module) or "S OBJ" (assembly).
build_tus() {
  local tmp
  tmp=$(mktemp -d)
  # A copy: make -n still remakes included makefiles, which must not touch the cache's tree.
  kt_locked "kobj-$cc" cp -a "$(kt_kobj_dir "$cc")" "$tmp/kobj"
  rm -rf "$tmp/kobj/.inlinetune-ref"
  # It stops at vmlinux.o ("No rule to make target 'vmlinux.a'"), after every compile.
  make -n -C "$KSRC" O="$tmp/kobj" ARCH=arm64 CROSS_COMPILE=$KT_CROSS CC="$cc" vmlinux modules \
    >"$tmp/n.txt" 2>"$tmp/n.err" || true
  awk -v cc="$cc" 'index($0, cc " ") && match($0, / -c -o [^ ]+\.o [^ ]+\.[cS]( |;|$)/) {
      split(substr($0, RSTART, RLENGTH), w, " ")
      if (!seen[w[3]]++) print (w[4] ~ /\.S/ ? "S" : $0 ~ / -DMODULE / ? "m" : "y"), w[3]
    }' "$tmp/n.txt" | sort -k2
  rm -rf "$tmp"
}

kt_ensure_kobj "$cc"
kobj=$(kt_kobj_dir "$cc")
mkdir -p "$work"
list=$work/build-tus.txt
list_key=$(cat "$kobj/.inlinetune-stamp" "$kobj/.config" | sha256sum | cut -c1-32)
if [ "$(head -n 1 "$list" 2>/dev/null)" != "# $list_key" ]; then
  kt_step "bench-tools: the TUs of a full build (kbuild dry run: make -n vmlinux modules, in a copy of $kobj)"
  { echo "# $list_key"; build_tus; } >"$list.tmp"
  mv "$list.tmp" "$list"
fi
n_y=$(grep -c '^y ' "$list" || true)
n_m=$(grep -c '^m ' "$list" || true)
n_s=$(grep -c '^S ' "$list" || true)
n_c=$((n_y + n_m))
[ "$n_c" -gt 1000 ] || kt_die "the dry run found only $n_c C objects ($list); see the kbuild output"
kt_note "a full build compiles $n_c C TUs ($n_y built in, $n_m for modules) and $n_s assembly files"
if [ "${1:-}" = count ]; then
  exit 0
fi
ntus=${NTUS:-$n_c}
case $ntus in '' | *[!0-9]* | 0) kt_die "NTUS=$ntus: want a positive number" ;; esac

[ -f "$plugin" ] || kt_die "no plugin build at $plugin; run 'make all'"
[ -x /usr/bin/time ] || kt_die "/usr/bin/time is missing (Debian package time)"

# ---- 1. real logs ------------------------------------------------------------
# The templates: every (n_c / SAMPLE)-th C object of the sorted list, so that
# subsystems come in their shares of the build (drivers/ is 72% of it); an
# object not named after its source (arch/arm64/kvm/hyp/nvhe/*.nvhe.o), which
# kt_compile cannot replay, is replaced by the next one.
mapfile -t all_c < <(awk '$1 != "S" { print $2 }' "$list")
stride=$((n_c / sample))
[ "$stride" -ge 1 ] || kt_die "SAMPLE=$sample: more than the $n_c TUs of the build"
tus=()
for ((k = 0; k < sample; k++)); do
  for ((i = k * stride + stride / 2; i < n_c; i++)); do
    [ -f "$KSRC/${all_c[i]%.o}.c" ] && break
  done
  [ "$i" -lt "$n_c" ] && tus+=("${all_c[i]}")
done
kt_build_tus "$cc" "${tus[@]}"
# Cached per TU, in a directory named after what the logs depend on besides the TU.
real_key=$( {
  sha256sum <"$plugin"
  "$cc" --version | head -n 1
  echo "$list_key"
} | sha256sum | cut -c1-16)
real=$work/real-$real_key
for d in "$work"/real-*; do [ "$d" = "$real" ] || rm -rf "$d"; done

# real_compile PROFILE TU: the object with its log, and the log as JSONL beside
# it (written last: it marks the TU done).
real_compile() {
  local o=$real/$1/$2
  mapfile -t flags < <(kt_plugin_flags "$cc" "profile=$1")
  mkdir -p "$(dirname "$o")"
  # A subshell: kt_compile's kt_die must not end the script from a background job.
  (kt_compile "$cc" "$2" "$o" "${flags[@]}") || {
    echo "compile of $2 (profile=$1) failed; log: $o.log; reproduce: $(kt_repro "$cc" "$2" "$o" "${flags[@]}" 2>&1)" >"$o.failed"
    return 0
  }
  kt_log "$o" "$o.jsonl.tmp" && mv "$o.jsonl.tmp" "$o.jsonl" || echo "no log in $o" >"$o.failed"
}

todo=()
for tu in "${tus[@]}"; do
  for p in gcc rfc; do [ -f "$real/$p/$tu.jsonl" ] || todo+=("$p $tu"); done
done
if [ ${#todo[@]} -gt 0 ]; then
  kt_step "bench-tools: ${#todo[@]} compiles with the plugin (profile=gcc, profile=rfc) of ${#tus[@]} TUs ($cc, $KT_JOBS at a time)"
  t0=$SECONDS
  find "$real" -name '*.failed' -delete 2>/dev/null || true
  for job in "${todo[@]}"; do
    # shellcheck disable=SC2086 # "PROFILE TU"
    kt_bg real_compile $job
  done
  wait
  if failed=$(find "$real" -name '*.failed' | head -n 1) && [ -n "$failed" ]; then
    kt_die "$(cat "$failed")"
  fi
  kt_note "done in $((SECONDS - t0)) s"
fi

# ---- 2. the synthetic build ------------------------------------------------------
gen=$here/synth_logs.py
printf '%s\n' "${tus[@]}" >"$real/templates.txt"
with_obj=
case " $layouts " in *" obj "*) with_obj=--obj ;; esac
synth=$work/synth-$ntus
synth_key=$( {
  echo "$real_key $ntus $with_obj"
  cat "$real/templates.txt"
  sha256sum <"$gen"
} | sha256sum | cut -c1-32)
if [ "$(cat "$synth/key" 2>/dev/null)" != "$synth_key" ]; then
  rm -rf "$synth" "$synth.tmp"
  t0=$SECONDS
  kt_run_step "bench-tools: generate $ntus TUs x 2 builds from ${#tus[@]} real ones ($layouts)" \
    "$work/synth-$ntus.log" python3 "$gen" --real "$real" --tus "$real/templates.txt" \
    --ntus "$ntus" --out "$synth.tmp" --jobs "$KT_JOBS" $with_obj
  echo "$synth_key" >"$synth.tmp/key"
  mv "$synth.tmp" "$synth"
  cp "$work/synth-$ntus.log" "$synth/generated.txt"
fi
sed 's/^/    /' "$synth/generated.txt" >&2

# ---- 3. timings --------------------------------------------------------------------
[ -x "$tool" ] || kt_die "no $tool; run 'make tools'"
# Records per build (every line, headers included), as the commands count them.
read -r base_records new_records < <(awk '/^base:/ { b = $4 } /^new:/ { n = $4 } END { print b, n }' "$synth/generated.txt")
csv=$out/tools.csv
echo "run,layout,command,tus,records,wall_s,cpu_s,max_rss_kb,records_per_s,status" >"$csv"

# timed RUN LAYOUT NAME RECORDS CMD...: one command under /usr/bin/time, its
# output to a file; appends a row to the CSV.
timed() {
  local r=$1 layout=$2 name=$3 records=$4 status=0
  shift 4
  local log=$work/out/$layout-$name
  mkdir -p "$work/out"
  /usr/bin/time -f '%e %U %S %M' -o "$log.time" "$@" >"$log.out" 2>"$log.err" || status=$?
  # exit 1 is a finding (an error in the logs), not a failed benchmark; the CSV says it.
  [ "$status" -le 1 ] || kt_die "$name on $layout failed (exit $status); see $log.err"
  awk -v r="$r" -v l="$layout" -v c="$name" -v t="$ntus" -v n="$records" -v s="$status" \
    '{ printf "%d,%s,%s,%d,%d,%.2f,%.2f,%d,%.0f,%d\n", r, l, c, t, n, $1, $2 + $3, $4, n / ($1 > 0 ? $1 : 0.01), s }' \
    <(tail -n 1 "$log.time") >>"$csv" # (after "Command exited with non-zero status 1")
}

commands=(summary diff extract)
kt_step "bench-tools: $runs runs x (${commands[*]}) x ($layouts) on $ntus TUs, one at a time (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
t0=$SECONDS
for ((r = 1; r <= runs; r++)); do
  for layout in $layouts; do
    case $layout in
      jsonl) base=$synth/base new=$synth/new ;;
      obj) base=$synth/base-obj new=$synth/new-obj ;;
      *) kt_die "LAYOUTS: unknown layout '$layout' (want jsonl, obj)" ;;
    esac
    # Rotate the order of the commands with the run, so that drift in the
    # machine's load spreads over all of them.
    for ((c = 0; c < ${#commands[@]}; c++)); do
      cmd=${commands[(r + c) % ${#commands[@]}]}
      case $cmd in
        summary) timed "$r" "$layout" summary "$base_records" "$tool" summary "$base" ;;
        diff) timed "$r" "$layout" diff $((base_records + new_records)) "$tool" diff "$base" "$new" ;;
        extract) timed "$r" "$layout" extract "$base_records" "$tool" extract "$base" -o "$work/out/extract.jsonl" ;;
      esac
    done
  done
  kt_note "run $r/$runs done ($((SECONDS - t0)) s)"
done
rm -f "$work/out/extract.jsonl"

echo
echo "bench-tools: $ntus TUs per build, $base_records records (BASE, profile=gcc) and $new_records (NEW, profile=rfc)"
echo "  (machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end; medians of $runs runs)"
awk -F, '
  function median(a, n,   i, j, t) {
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  NR > 1 {
    k = $2 " " $3
    if (!(k in n)) order[++keys] = k
    i = ++n[k]; wall[k, i] = $6; cpu[k, i] = $7; rss[k, i] = $8; recs[k] = $5; st[k] = st[k] || $10
  }
  END {
    printf "  %-16s %9s %9s %10s %14s  %s\n", "layout command", "wall_s", "cpu_s", "peak_MiB", "records/s", "goal (<= 10 s, <= 1024 MiB)"
    for (o = 1; o <= keys; o++) {
      k = order[o]
      for (i = 1; i <= n[k]; i++) { w[i] = wall[k, i]; c[i] = cpu[k, i]; m[i] = rss[k, i] }
      mw = median(w, n[k]); mc = median(c, n[k]); mm = median(m, n[k]) / 1024
      split(k, kk, " ")
      goal = kk[2] == "extract" ? "(reference)" : (mw <= 10 && mm <= 1024 ? "met" : "MISSED")
      printf "  %-16s %9.2f %9.2f %10.0f %14.0f  %s%s\n", k, mw, mc, mm, recs[k] / mw, goal, st[k] ? " (exit 1: see build/bench/tools/out/)" : ""
    }
  }' "$csv"
echo "bench-tools: results in $csv"
