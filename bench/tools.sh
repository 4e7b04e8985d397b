#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/tools.sh: `make bench-tools`. How fast `inlinetune` reads a whole kernel.
#
# 0. The TUs of a full build: a dry run of kbuild (`make -n vmlinux modules`,
#    ARCH=arm64 defconfig of linux-source-6.1, aarch64-linux-gnu-gcc-12, in a
#    copy of the prepared O= tree; about 40 s) prints every compile command:
#    6898 C objects compiled by the cross compiler (3709 built in, 3189 with
#    -DMODULE for modules), besides 67 assembly files, with the 6.1 package
#    first measured; 7005 with 6.1.192 (2.97 million records per build on
#    its 100-TU sample, 424 per TU).  Cached in
#    build/bench/tools/build-tus.txt; `bench/tools.sh count` stops here.
# 1. Real logs: SAMPLE (default 100) of those TUs, every 68th of the sorted
#    list (so drivers/ gives 74 of them, as it makes 72% of the build),
#    compiled with the plugin twice, profile=gcc (BASE) and profile=rfc (NEW),
#    log=obj; the objects are kept and their logs extracted as JSONL.  Cached
#    per TU in build/bench/tools/real-KEY/ (KEY: plugin, compiler, config).
# 2. A synthetic full build: bench/synth_logs.py makes NTUS (default: the
#    build's 6898) TUs per build, copy k of template i, each renamed to a TU
#    of its own (its source, its functions, their call sites; see its header),
#    as log directories (log=DIR layout) and, with "obj" in LAYOUTS, as
#    objects carrying the log in .inlinetune.log and the renamed symbols.
#    Deterministic; cached in build/bench/tools/synth-NTUS/ (key: the real
#    logs, the templates, the generator's sha256, NTUS, the layouts).
# 3. Times `inlinetune summary BASE`, `inlinetune diff BASE NEW`,
#    `inlinetune explain '*' BASE --format csv` (every site of the build),
#    `inlinetune db -o FILE BASE` and, for reference, `inlinetune extract
#    BASE -o FILE`, RUNS times (default 3), interleaved, one at a time,
#    under /usr/bin/time: wall, CPU (user+sys), peak RSS, and the size of
#    what it wrote (the database's, for db).  summary and diff read through
#    the decoded-log cache (docs/cli.md): each is timed three times a run,
#    as NAME-off (no cache), NAME-cold (an empty cache in
#    build/bench/tools/decoded-cache: reading and storing) and NAME (warm:
#    what the cold run stored), and the three outputs must be the same.  inlinetune reads on every
#    core (INLINETUNE_JOBS=N to change that; the output is the same).  Each
#    run's output must be the first run's, byte for byte (db's file too).
#    Goals (issue 14): summary and diff <= 3 s wall and <= 512 MiB peak
#    each (judged warm; the cold and uncached rows are shown beside them); explain <= 300 MiB peak (it streams its rows); db is measured
#    (time, peak, size), without a goal.  Other load on the machine shows in
#    the wall times: the summary gives the load average before and after.
#
# The size of a full build, measured (2026-11, linux-source-6.1 defconfig):
#   records per TU (every line of a TU's log, header included), on the 100
#   sampled TUs: 316.6 with profile=gcc (standard error 45, median 138, max
#   2459) and 332.6 with profile=rfc; 95.7 KB of JSONL per TU.
#   Total: 6898 x 316.6 = 2.18 million records (95% interval 1.57 to 2.80
#   million) and 660 MB of JSONL per build; 2.29 million with profile=rfc.
#   (The 25 TUs of harness/kernel-tus.txt, all from fs/ mm/ kernel/ net/,
#   average 1066 records: they are not a sample of the build.)  NTUS=8900
#   gives the interval's upper end.
#
# Output: build/bench/tools.csv (one row per run, layout and command), a
# summary on stdout (medians of the runs: wall, CPU, peak RSS, records per
# second of wall time, and whether the goal is met); the commands' outputs
# in build/bench/tools/out/.
# Environment: RUNS, SAMPLE, NTUS, LAYOUTS (default "jsonl obj"), COMMANDS, CC_BENCH,
# INLINETUNE_CACHE, INLINETUNE_JOBS, KSRC, INLINETUNE_TOOL (the binary timed;
# default build/tools/inlinetune: another commit's, to compare two).
set -eu

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_TOOL='bench-tools'
# shellcheck source-path=SCRIPTDIR source=../harness/kernel.sh disable=SC2034
. "$here/../harness/kernel.sh"

cc=${CC_BENCH:-aarch64-linux-gnu-gcc-12}
runs=${RUNS:-3}
sample=${SAMPLE:-100}
layouts=${LAYOUTS:-jsonl obj}
out=$KT_ROOT/build/bench
work=$out/tools
tool=${INLINETUNE_TOOL:-$KT_ROOT/build/tools/inlinetune}
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
  kt_locked "kobj-$(kt_tree_tag "$cc")" cp -a "$(kt_kobj_dir "$cc")" "$tmp/kobj"
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
echo "run,layout,command,tus,records,wall_s,cpu_s,max_rss_kb,records_per_s,status,output_bytes" >"$csv"

# timed RUN LAYOUT NAME RECORDS CMD...: one command under /usr/bin/time, its
# output to a file (and extract's, -o FILE, to $log.jsonl, db's to
# $log.sqlite); appends a row to the CSV, with the size of the -o FILE (else
# of the standard output).  A run's output must be the first run's.
timed() {
  local r=$1 layout=$2 name=$3 records=$4 status=0 f
  shift 4
  local log=$work/out/$layout-$name
  mkdir -p "$work/out"
  /usr/bin/time -f '%e %U %S %M' -o "$log.time" "$@" >"$log.out" 2>"$log.err" || status=$?
  # exit 1 is an error in the logs: none can be in the synthetic ones, so a
  # run that finds one measured something else (the CSV and the summary say
  # it, and the script fails at the end); more is a failed command.
  [ "$status" -le 1 ] || kt_die "$name on $layout failed (exit $status); see $log.err"
  local bytes
  bytes=$(stat -c %s "$log.out")
  for f in "$log.jsonl" "$log.sqlite"; do
    [ ! -f "$f" ] || bytes=$(stat -c %s "$f")
  done
  for f in "$log.out" "$log.jsonl" "$log.sqlite"; do
    [ -f "$f" ] || continue
    if [ "$r" = 1 ]; then
      mv "$f" "$f.first"
    elif ! cmp -s "$f" "$f.first"; then
      kt_die "$name on $layout: run $r's output differs from run 1's ($f, $f.first)"
    else
      rm -f "$f"
    fi
  done
  awk -v r="$r" -v l="$layout" -v c="$name" -v t="$ntus" -v n="$records" -v s="$status" -v b="$bytes" \
    '{ printf "%d,%s,%s,%d,%d,%.2f,%.2f,%d,%.0f,%d,%d\n", r, l, c, t, n, $1, $2 + $3, $4, n / ($1 > 0 ? $1 : 0.01), s, b }' \
    <(tail -n 1 "$log.time") >>"$csv" # (after "Command exited with non-zero status 1")
}

# The decoded-log cache (docs/cli.md): summary and diff read through it.
# cached RUN LAYOUT NAME RECORDS CMD...: CMD three times, as NAME-off (no
# cache), NAME-cold (a new, empty cache: its cost included) and NAME
# (warm: what the cold run left), each with the others' output; the other
# commands never use it, and run with it off.  Each cold run gets a
# directory never used before, and the old ones are removed only at the
# end: for minutes after many files are deleted, ext4 allocates new inodes
# slowly (recently_deleted() took a quarter of a cold summary's CPU when
# the previous cache was removed just before it), which is the deletion's
# cost, not the cache's.
cache_root=$work/decoded-cache
rm -rf "$cache_root"
mkdir -p "$cache_root"
cache_runs=0
export INLINETUNE_DECODED_CACHE=off
cached() {
  local r=$1 layout=$2 name=$3 records=$4
  shift 4
  timed "$r" "$layout" "$name-off" "$records" "$@"
  cache_runs=$((cache_runs + 1))
  local cache_dir=$cache_root/$cache_runs
  INLINETUNE_DECODED_CACHE=$cache_dir timed "$r" "$layout" "$name-cold" "$records" "$@"
  INLINETUNE_DECODED_CACHE=$cache_dir timed "$r" "$layout" "$name" "$records" "$@"
  if [ "$r" = 1 ]; then
    local out=$work/out/$layout-$name
    cmp -s "$out-off.out.first" "$out.out.first" && cmp -s "$out-off.out.first" "$out-cold.out.first" ||
      kt_die "$name on $layout: the output with the decoded-log cache (cold or warm) differs from the output without it ($out*.out.first)"
  fi
  cache_bytes=$(du -sb "$cache_dir" | cut -f1)
  kt_note "$layout $name: decoded-log cache $((cache_bytes / 1000000)) MB"
}

# COMMANDS: the commands timed (default all five), e.g. "summary diff".
read -r -a commands <<<"${COMMANDS:-summary diff explain db extract}"
for c in "${commands[@]}"; do
  case $c in
    summary | diff | explain | db | extract) ;;
    *) kt_die "COMMANDS: unknown command '$c' (want summary, diff, explain, db, extract)" ;;
  esac
done
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
rm -f "$work"/out/*.first
kt_step "bench-tools: $runs runs x (${commands[*]}) x ($layouts) on $ntus TUs, one at a time (load average: $load_before)"
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
        summary) cached "$r" "$layout" summary "$base_records" "$tool" summary "$base" ;;
        diff) cached "$r" "$layout" diff $((base_records + new_records)) "$tool" diff "$base" "$new" ;;
        explain) timed "$r" "$layout" explain "$base_records" "$tool" explain '*' "$base" --format csv ;;
        db) timed "$r" "$layout" db "$base_records" "$tool" db -o "$work/out/$layout-db.sqlite" "$base" ;;
        extract) timed "$r" "$layout" extract "$base_records" "$tool" extract "$base" -o "$work/out/$layout-extract.jsonl" ;;
      esac
    done
  done
  kt_note "run $r/$runs done ($((SECONDS - t0)) s)"
done
rm -f "$work"/out/*-extract.jsonl.first "$work"/out/*-db.sqlite.first # some 700 MB each
rm -rf "$cache_root" # after every timing (see cached)

echo
echo "bench-tools: $ntus TUs per build, $base_records records (BASE, profile=gcc) and $new_records (NEW, profile=rfc)"
echo "  (machine: $(nproc) cores, ${INLINETUNE_JOBS:-$(nproc)} threads; load average $load_before before, $(cut -d' ' -f1-3 /proc/loadavg) after; medians of $runs runs)"
awk -F, '
  function median(a, n,   i, j, t) {
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  NR > 1 {
    k = $2 " " $3
    if (!(k in n)) order[++keys] = k
    i = ++n[k]; wall[k, i] = $6; cpu[k, i] = $7; rss[k, i] = $8; recs[k] = $5; st[k] = st[k] || $10; size[k] = $11
  }
  END {
    printf "  %-20s %9s %9s %10s %14s %10s  %s\n", "layout command", "wall_s", "cpu_s", "peak_MiB", "records/s", "out_MB", "goal (summary, diff: <= 3 s, <= 512 MiB; explain: <= 300 MiB)"
    for (o = 1; o <= keys; o++) {
      k = order[o]
      for (i = 1; i <= n[k]; i++) { w[i] = wall[k, i]; c[i] = cpu[k, i]; m[i] = rss[k, i] }
      mw = median(w, n[k]); mc = median(c, n[k]); mm = median(m, n[k]) / 1024
      split(k, kk, " ")
      goal = st[k] ? "NOT MEASURED: exit 1, errors reading the logs (build/bench/tools/out/)" : kk[2] == "extract" || kk[2] == "db" ? "(reference)" : kk[2] == "explain" ? (mm <= 300 ? "met" : "MISSED") : kk[2] ~ /-(off|cold)$/ ? (mw <= 3 && mm <= 512 ? "(reference: within the goal)" : "(reference: over the goal)") : (mw <= 3 && mm <= 512 ? "met (warm cache)" : "MISSED (warm cache)")
      printf "  %-20s %9.2f %9.2f %10.0f %14.0f %10.1f  %s\n", k, mw, mc, mm, recs[k] / mw, size[k] / 1e6, goal
    }
  }' "$csv"
echo "  (records/s: records read per second of wall time; diff reads both builds'. out_MB: what it wrote, db's file for db.)"
echo "bench-tools: results in $csv"
if awk -F, 'NR > 1 && $10 != 0 { bad = 1 } END { exit !bad }' "$csv"; then
  kt_die "a command found errors in the synthetic logs (see build/bench/tools/out/*.err): its figures are not the goal's"
fi
