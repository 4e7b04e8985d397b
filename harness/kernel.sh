# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash disable=SC2034  # (variables here are for the sourcing script)
# harness/kernel.sh: shared kernel plumbing for inlinetune's kernel tests,
# demo and benchmarks. Source it from a bash script running under `set -eu`.
#
# What it gives:
#   kt_ensure_ksrc              KSRC: an unpacked linux-source-KLINE (or the tree
#                               the caller put in KSRC), checked to be a kernel;
#                               KLINE (default 6.1) is one of KT_LINES: 6.1 from
#                               the host (make deps), 6.12 and 7.2 downloaded in
#                               the trixie and forky roots (docs/toolchains.md)
#   kt_ensure_kobj CC           an arm64 defconfig O= tree for cross compiler CC,
#                               made once and reused (stamp file); kt_kobj_dir CC
#                               names it
#   kt_build_tus CC TU...       builds TUs (e.g. fs/open.o) through kbuild
#   kt_compile [--src F] CC TU OUT [FLAG...]
#                               replays kbuild's exact compile command of TU from
#                               the O= dir, output to OUT, FLAGs appended, the
#                               source optionally replaced by F
#   kt_compile_ref ...          same arguments; reuses a cached object when the
#                               command, compiler and kbuild object are unchanged
#                               (only for compiles that load no plugin)
#   kt_compare [-q] A B         0 if A and B have the same code and data (equal
#                               after objcopy --strip-debug); else names the
#                               sections that differ on stdout (not with -q)
#   kt_plugin_flags CC KEY=VAL... -fplugin=... -fplugin-arg-inlinetune-KEY=VAL
#
# Layout of the cache (INLINETUNE_CACHE, default ~/.cache/inlinetune):
#   linux-source-LINE/          the unpacked tarball; read-only by convention
#   debs/                       linux-source-LINE's .deb, for a line of a root
#   kobj/<CC>-defconfig/        kbuild O= tree, with .inlinetune-stamp
#   kobj/<CC>-defconfig/.inlinetune-ref/  cached plugin-free reference objects
#   logs/                       one log per step (defconfig, kbuild, ...)
#
# Why replay kbuild's command instead of `make KCFLAGS=...`: one kbuild run per
# variant and TU would rebuild and re-check much more than the one object, and
# KCFLAGS lands before the per-file flags; the replay is byte-for-byte what kbuild
# does (testsuite/kernel/tus/replay-exact.test compares it with kbuild's
# object, debug info included) with the extra flags last, where they win.

KT_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KT_ROOT=$(cd "$KT_LIB_DIR/.." && pwd)
KT_TOOL=${KT_TOOL:-$(basename "$0" .sh)}
KT_CACHE=${INLINETUNE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/inlinetune}
# The kernel lines, each with the Debian suite whose linux-source-LINE it
# builds: one definition for the harness, the tests and the docs' table.
declare -A KT_LINE_SUITE=([6.1]=bookworm [6.12]=trixie [7.2]=forky)
KT_LINES=(6.1 6.12 7.2)
KLINE=${KLINE:-6.1}
[ -n "${KT_LINE_SUITE[$KLINE]:-}" ] || { echo "${KT_TOOL:-kernel.sh}: error: KLINE=$KLINE: not a kernel line (${KT_LINES[*]})" >&2; exit 1; }
KT_TARBALL=${KT_TARBALL:-}
# Inside a root of scripts/toolchains.sh, its suite (the Makefile's
# ROOT_SUITE): builds go to build/SUITE/, trees are named for it.
KT_ROOT_SUITE=$(cat /etc/inlinetune-root 2>/dev/null || true)
# This checkout's build directory here (the Makefile's BUILD): build/, in a
# root build/SUITE/; the plugins, guestprof and the benches' output go there.
KT_BUILD=$KT_ROOT/build${KT_ROOT_SUITE:+/$KT_ROOT_SUITE}
KT_LOGS=$KT_CACHE/logs
KT_JOBS=${KT_JOBS:-$(nproc)}
KT_CROSS=aarch64-linux-gnu-
KT_OBJCOPY=${KT_CROSS}objcopy
KT_OBJDUMP=${KT_CROSS}objdump
KT_READELF=${KT_CROSS}readelf

# The arm64 RFC's KBUILD_CFLAGS, which are GCC's -O3 values of these params.
KT_RFC_FLAGS=(--param=early-inlining-insns=14 --param=inline-heuristics-hint-percent=600
              --param=inline-min-speedup=15 --param=max-inline-insns-auto=30
              --param=max-inline-insns-single=200)

# ---- messages --------------------------------------------------------------
kt_step() { echo "==> $*" >&2; }
kt_note() { echo "    $*" >&2; }
kt_die() { echo "$KT_TOOL: error: $*" >&2; exit 1; }

# kt_wait_cli PATH: the CLI at PATH, ready to run.  `make demo` builds it
# beside the kernels, at low priority, so that it takes the core the
# single-threaded stretches leave idle (unpacking, links, QEMU boots):
# INLINETUNE_PENDING then names the file its build writes its exit status to
# (its output beside it, .log for .status).
kt_wait_cli() {
  local status=${INLINETUNE_PENDING:-}
  if [ -n "$status" ]; then
    [ -s "$status" ] || kt_note "waiting for the CLI's build (made beside the kernels; log: ${status%.status}.log)"
    while [ ! -s "$status" ]; do sleep 2; done
    [ "$(cat "$status")" = 0 ] || kt_die "the CLI's build failed (exit $(cat "$status")); log: ${status%.status}.log"
  fi
  [ -x "$1" ] || kt_die "no $1; run 'make tools'"
}

# kt_run_step NAME LOG CMD...: runs CMD with its output in LOG; on failure says
# which step failed, where its log is, and shows the log's tail. While CMD runs,
# shows progress: elapsed time and the log's last line, redrawn in place on a
# terminal, else a line every KT_PROGRESS seconds (default 15; 0: none).
kt_run_step() {
  local name=$1 log=$2 pid rc=0 t0=$SECONDS tick=0 every=${KT_PROGRESS:-15} last
  shift 2
  mkdir -p "$(dirname "$log")"
  kt_step "$name (log: $log)"
  "$@" >"$log" 2>&1 &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    tick=$((tick + 1))
    [ "$every" -gt 0 ] || continue
    last=$(tail -n 1 "$log" 2>/dev/null | tr -d '\r' | cut -c1-60)
    if [ -t 2 ]; then
      printf '\r    [%3d s] %-60s' $((SECONDS - t0)) "$last" >&2
    elif [ $((tick % every)) -eq 0 ]; then
      printf '    [%3d s] %s\n' $((SECONDS - t0)) "$last" >&2
    fi
  done
  wait "$pid" || rc=$?
  [ ! -t 2 ] || [ "$every" -eq 0 ] || printf '\r%78s\r' '' >&2
  if [ "$rc" -ne 0 ]; then
    echo "$KT_TOOL: error: step '$name' failed (exit $rc) after $((SECONDS - t0)) s; full log: $log" >&2
    tail -n 25 "$log" | sed 's/^/    | /' >&2
    return 1
  fi
  kt_note "done in $((SECONDS - t0)) s"
}

# kt_locked LOCKNAME CMD...: runs CMD holding an exclusive lock in the cache, so
# that two scripts sharing the cache do not unpack or configure at once.
kt_locked() {
  local lock=$KT_CACHE/.lock-$1
  shift
  mkdir -p "$KT_CACHE"
  (
    flock 9
    "$@"
  ) 9>"$lock"
}

# ---- kernel source ---------------------------------------------------------
kt_is_ksrc() {
  [ -f "$1/Makefile" ] && grep -q '^VERSION = [0-9]' "$1/Makefile" && [ -d "$1/arch/arm64" ]
}

# kt_tarball: KT_TARBALL, else linux-source-KLINE's tarball: the host's
# /usr/src for the host's line; for a root's line, unpacked from the .deb the
# root's apt downloads into the cache (debs/), once.
kt_tarball() {
  local suite=${KT_LINE_SUITE[$KLINE]} debs=$KT_CACHE/debs deb
  if [ -n "$KT_TARBALL" ]; then echo "$KT_TARBALL"; return; fi
  if [ "$suite" = bookworm ]; then echo "/usr/src/linux-source-$KLINE.tar.xz"; return; fi
  if [ ! -f "$debs/linux-source-$KLINE/usr/src/linux-source-$KLINE.tar.xz" ]; then
    # Inside a root, in-root.sh cannot enter another (its mount namespace
    # wants / to be a mount point: "unshare: cannot change root filesystem
    # propagation"): the host fetches the source before entering.
    [ -z "$KT_ROOT_SUITE" ] ||
      kt_die "step 'kernel source': linux-source-$KLINE is not in the cache ($debs), and a root cannot fetch it from another root: unpack it on the host first (KLINE=$KLINE; harness/kernel.sh kt_ensure_ksrc, as make check-kernel-roots does)"
    mkdir -p "$debs"
    kt_run_step "download linux-source-$KLINE in the $suite root" "$KT_LOGS/download-linux-source-$KLINE.log" \
      bash -c 'cd "$1" && rm -f linux-source-"$2"_*.deb && "$3" "$4" -- apt-get download linux-source-"$2"' \
      _ "$debs" "$KLINE" "$KT_ROOT/scripts/in-root.sh" "$suite" ||
      kt_die "step 'kernel source': no linux-source-$KLINE from the $suite root (make it with 'make toolchains ROOTS=$suite')"
    deb=$(ls "$debs"/linux-source-"$KLINE"_*.deb)
    rm -rf "$debs/linux-source-$KLINE.new"
    dpkg-deb -x "$deb" "$debs/linux-source-$KLINE.new"
    rm -rf "$debs/linux-source-$KLINE"
    mv "$debs/linux-source-$KLINE.new" "$debs/linux-source-$KLINE"
    rm -f "$deb" # the tarball is all the harness reads
  fi
  echo "$debs/linux-source-$KLINE/usr/src/linux-source-$KLINE.tar.xz"
}

kt_unpack_ksrc() {
  local dst=$1 tmp
  kt_is_ksrc "$dst" && return 0
  KT_TARBALL=$(kt_tarball) || exit 1
  [ -f "$KT_TARBALL" ] || kt_die "step 'unpack kernel source': $KT_TARBALL is missing (Debian package linux-source-$KLINE; run 'make deps')"
  [ ! -e "$dst" ] || kt_die "step 'unpack kernel source': $dst exists but is not a kernel tree; remove it"
  tmp=$(mktemp -d "$KT_CACHE/.unpack.XXXXXX")
  if ! kt_run_step "unpack $KT_TARBALL into $dst" "$KT_LOGS/unpack-linux-source-$KLINE.log" \
    tar -xf "$KT_TARBALL" -C "$tmp" --checkpoint=5000 --checkpoint-action='echo=%T'; then
    rm -rf "$tmp"
    kt_die "step 'unpack kernel source' failed"
  fi
  local top
  top=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d)
  kt_is_ksrc "$top" || { rm -rf "$tmp"; kt_die "step 'unpack kernel source': $KT_TARBALL holds no kernel tree (no Makefile with VERSION, or no arch/arm64)"; }
  mv "$top" "$dst"
  rm -rf "$tmp"
}

# Sets KSRC (absolute) to a usable kernel tree; unpacks the tarball on first use.
kt_ensure_ksrc() {
  if [ -n "${KSRC:-}" ]; then
    kt_is_ksrc "$KSRC" || kt_die "step 'check kernel source': KSRC=$KSRC is not a kernel tree (need a Makefile with VERSION and arch/arm64)"
  else
    KSRC=$KT_CACHE/linux-source-$KLINE
    mkdir -p "$KT_CACHE" "$KT_LOGS"
    kt_is_ksrc "$KSRC" || kt_locked "ksrc-$KLINE" kt_unpack_ksrc "$KSRC"
    kt_is_ksrc "$KSRC" || kt_die "step 'check kernel source': $KSRC is not a kernel tree"
  fi
  KSRC=$(cd "$KSRC" && pwd)
  # kbuild refuses O= builds from a configured source tree; say so up front.
  [ ! -e "$KSRC/.config" ] && [ ! -d "$KSRC/include/config" ] ||
    kt_die "step 'check kernel source': $KSRC is configured (has .config or include/config); O= builds need a clean tree ('make mrproper' there)"
}

# kt_ensure_line_sources: kt_ensure_ksrc for every line of KT_LINES whose
# source can be had here: the host's always, a root's when that root is up to
# date (scripts/toolchains.sh --status); each other is named in a warning.
kt_ensure_line_sources() {
  local line suite
  for line in "${KT_LINES[@]}"; do
    suite=${KT_LINE_SUITE[$line]}
    if [ "$suite" != bookworm ] && ! bash "$KT_ROOT/scripts/toolchains.sh" --status "$suite" >/dev/null 2>&1; then
      echo "$KT_TOOL: warning: no up-to-date $suite root: no linux-source-$line (make toolchains ROOTS=$suite)" >&2
      continue
    fi
    (KLINE=$line KSRC= && kt_ensure_ksrc)
  done
}

# ---- O= object trees -------------------------------------------------------
# kt_tree_tag CC: names what a tree of CC is built for in the cache's paths
# and logs: CC for the host's line on the host; else with the root's suite
# (whose aarch64-linux-gnu-gcc-14 is another build than the other root's)
# and the line appended: aarch64-linux-gnu-gcc-14-trixie-6.12.
kt_tree_tag() {
  local tag=$1
  [ -z "$KT_ROOT_SUITE" ] || tag+=-$KT_ROOT_SUITE
  [ "$KLINE" = 6.1 ] || tag+=-$KLINE
  echo "$tag"
}
kt_kobj_dir() { echo "$KT_CACHE/kobj/$(kt_tree_tag "$1")-defconfig"; }

# kbuild's command line for compiler CC; CC= on the make command line overrides
# the $(CROSS_COMPILE)gcc default of the top Makefile.
kt_kmake() {
  local cc=$1
  shift
  make -C "$KSRC" O="$(kt_kobj_dir "$cc")" ARCH=arm64 CROSS_COMPILE=$KT_CROSS CC="$cc" "$@"
}

# What the O= tree was made from; a different stamp means remake it.
kt_kobj_stamp_text() {
  printf 'ksrc=%s\ncc=%s\n' "$KSRC" "$("$1" --version | head -n 1)"
}

kt_make_kobj() {
  local cc=$1 dir stamp
  dir=$(kt_kobj_dir "$cc")
  stamp=$dir/.inlinetune-stamp
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$(kt_kobj_stamp_text "$cc")" ]; then
    return 0
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  kt_run_step "configure $dir (defconfig prepare, $cc)" "$KT_LOGS/kobj-$(kt_tree_tag "$cc")-defconfig.log" \
    kt_kmake "$cc" -j"$KT_JOBS" defconfig prepare ||
    kt_die "step 'defconfig prepare' for $cc failed; log: $KT_LOGS/kobj-$(kt_tree_tag "$cc")-defconfig.log"
  kt_kobj_stamp_text "$cc" >"$stamp"
}

# kt_ensure_kobj CC: makes (once) the O= tree of CC; also sets KSRC. Call it in
# the main shell, not in $(...), so that KSRC stays set.
kt_ensure_kobj() {
  command -v "$1" >/dev/null || kt_die "step 'configure': compiler $1 is not installed"
  kt_ensure_ksrc
  kt_locked "kobj-$(kt_tree_tag "$1")" kt_make_kobj "$1"
}

# kt_build_tus CC TU...: builds the TUs through kbuild, which leaves the
# .<tu>.cmd files kt_compile replays. kbuild's own dependency tracking decides
# what to rebuild, so an edited KSRC is picked up. Holds the O= tree's lock: two
# makes in one O= tree would clash.
kt_build_tus() {
  kt_locked "kobj-$(kt_tree_tag "$1")" kt_build_tus_unlocked "$@"
}
kt_build_tus_unlocked() {
  local cc=$1
  shift
  kt_run_step "kbuild $# objects with $cc" "$KT_LOGS/kbuild-$(kt_tree_tag "$cc").log" \
    kt_kmake "$cc" -j"$KT_JOBS" "$@" ||
    kt_die "step 'kbuild objects' for $cc failed; log: $KT_LOGS/kbuild-$(kt_tree_tag "$cc").log"
}

# ---- replaying kbuild's compile command ------------------------------------
# kt_tu_argv CC TU: sets KT_ARGV to kbuild's compile command of TU (from
# <dir>/.<file>.cmd), minus -Wp,-MMD,<depfile>; KT_ARGV_O and KT_ARGV_SRC are the
# indices of the -o argument and of the source file. <dir> is CC's kobj tree,
# or KT_TREE when set (another O= tree of KSRC, such as a small kernel's).
kt_tu_argv() {
  local cc=$1 tu=$2 dir cmdfile line i
  dir=${KT_TREE:-$(kt_kobj_dir "$cc")}
  cmdfile=$dir/$(dirname "$tu")/.$(basename "$tu").cmd
  [ -f "$cmdfile" ] || kt_die "no kbuild command file $cmdfile; build $tu through kbuild first (kt_build_tus)"
  # savedcmd_ from Linux 6.3 on (6.12, 7.2), cmd_ before (6.1).
  line=$(grep -m1 -E "^(saved)?cmd_$tu := " "$cmdfile") || kt_die "$cmdfile has no 'cmd_$tu := ' (or savedcmd_) line"
  line=${line#saved}
  line=${line#"cmd_$tu := "}
  # .cmd files are make syntax: kbuild's make-cmd wrote '$' as '$$' and '#' as
  # '$(pound)'. Undo both, then split with the shell's own quoting rules.
  line=${line//'$(pound)'/'#'}
  line=${line//'$$'/'$'}
  local -a raw
  eval "raw=( $line )" 2>/dev/null ||
    kt_die "cannot split kbuild's command for $tu into words ($cmdfile); is it more than one command?"
  KT_ARGV=()
  KT_ARGV_O=-1
  KT_ARGV_SRC=-1
  for ((i = 0; i < ${#raw[@]}; i++)); do
    case ${raw[i]} in
      -Wp,-MMD,* | -Wp,-MD,*) continue ;;
      -o)
        KT_ARGV+=(-o)
        KT_ARGV_O=${#KT_ARGV[@]}
        KT_ARGV+=("${raw[i + 1]}")
        i=$((i + 1))
        continue ;;
    esac
    [ "${raw[i]}" = "$KSRC/${tu%.o}.c" ] && KT_ARGV_SRC=${#KT_ARGV[@]}
    KT_ARGV+=("${raw[i]}")
  done
  [ "${KT_ARGV[0]}" = "$cc" ] || kt_die "kbuild's command for $tu runs '${KT_ARGV[0]}', not $cc ($cmdfile)"
  [ "$KT_ARGV_O" -ge 0 ] && [ "${KT_ARGV[KT_ARGV_O]}" = "$tu" ] || kt_die "no '-o $tu' in $cmdfile"
  [ "$KT_ARGV_SRC" -ge 0 ] || kt_die "no source $KSRC/${tu%.o}.c in $cmdfile"
}

# kt_tu_cmd CC TU: prints the replayable command of TU (quoted, one line).
kt_tu_cmd() {
  kt_tu_argv "$1" "$2"
  printf '%q ' "${KT_ARGV[@]}"
  echo
}

# kt_prepare [--src FILE] CC TU OUT [FLAG...]: sets KT_CC, KT_OUT (OUT made
# absolute), KT_ARGV (kbuild's command of TU writing KT_OUT, with FILE as the
# source if given) and KT_FLAGS (the FLAGs): what kt_compile runs and kt_repro
# prints.
kt_prepare() {
  local src=
  if [ "$1" = --src ]; then
    src=$(realpath -s "$2")
    shift 2
  fi
  KT_CC=$1
  KT_OUT=$3
  local tu=$2
  shift 3
  KT_FLAGS=("$@")
  case $KT_OUT in /*) ;; *) KT_OUT=$PWD/$KT_OUT ;; esac
  kt_tu_argv "$KT_CC" "$tu"
  KT_ARGV[KT_ARGV_O]=$KT_OUT
  [ -z "$src" ] || KT_ARGV[KT_ARGV_SRC]=$src
}

# kt_compile [--src FILE] CC TU OUT [FLAG...]: runs kbuild's command of TU from
# the O= dir (as kbuild does), writing OUT (made absolute) with FLAGs appended;
# with --src, compiles FILE in place of the TU's source. The compiler's output
# goes to OUT.log; returns the compiler's status.
kt_compile() {
  kt_prepare "$@"
  mkdir -p "$(dirname "$KT_OUT")"
  # kbuild exports srctree to every command; the plugin reads it.
  (cd "$(kt_kobj_dir "$KT_CC")" && srctree=$KSRC "${KT_ARGV[@]}" "${KT_FLAGS[@]}") >"$KT_OUT.log" 2>&1
}

# kt_repro [--src FILE] CC TU OUT [FLAG...]: prints, as one shell line, the
# command kt_compile runs with these arguments (for reports of failures).
kt_repro() {
  kt_prepare "$@"
  printf 'cd %q && srctree=%q ' "$(kt_kobj_dir "$KT_CC")" "$KSRC"
  printf '%q ' "${KT_ARGV[@]}" "${KT_FLAGS[@]}"
  echo
}

# kt_compile_ref: kt_compile through a cache of reference objects, keyed on the
# full command, the compiler, the kbuild object (which kbuild rebuilds when the
# source or config change) and the --src file. Never use it with -fplugin: the
# key does not cover the plugin.
kt_compile_ref() {
  local src_key='' args=("$@")
  if [ "$1" = --src ]; then
    src_key="$(realpath -s "$2") $(sha256sum <"$2")"
    shift 2
  fi
  local cc=$1 tu=$2 out=$3
  shift 3
  local dir key refdir
  dir=$(kt_kobj_dir "$cc")
  kt_tu_argv "$cc" "$tu"
  key=$( {
    printf '%s\n' "${KT_ARGV[@]}" "$@" "$src_key"
    "$cc" --version | head -n 1
    sha256sum <"$dir/$tu"
  } | sha256sum | cut -c1-32)
  refdir=$dir/.inlinetune-ref
  case $out in /*) ;; *) out=$PWD/$out ;; esac
  mkdir -p "$(dirname "$out")"
  if [ -f "$refdir/$key.o" ]; then
    cp "$refdir/$key.o" "$out"
    echo "(cached $refdir/$key.o)" >"$out.log"
    return 0
  fi
  kt_compile "${args[@]}" || return 1
  mkdir -p "$refdir"
  cp "$out" "$refdir/$key.o.tmp$BASHPID" && mv "$refdir/$key.o.tmp$BASHPID" "$refdir/$key.o"
}

# ---- comparing objects -----------------------------------------------------
# kt_sections OBJ: the section names of OBJ, one a line, in header order.
kt_sections() {
  "$KT_READELF" -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\) .*/\1/p' | grep -v '^NULL$' | grep -v '^$' || true
}

# kt_functions OBJ: OBJ's code function by function, where it is laid out
# left aside: each function's instructions and relocations (symbols, not
# offsets) in the order GCC emitted them, functions sorted by name, nops
# dropped (the padding that aligns the next function, and inside one the
# padding that aligns a loop or a label, whose length follows the
# function's address).  Two objects whose functions GCC
# emitted in another order (its expansion order follows the call graph's
# edge lists, which the order of inlining changes) print the same.  A
# relocation the assembler wrote against a section (a call of a static
# function: ".text+0x4cf0") names the symbol that holds that offset
# ("<sched_set_fifo>+0x0"): its offset in the section moves with the layout.
# One against a section of mergeable strings (".rodata.str1.8+0x200", a
# string literal) names the string there ("\"source\""): the assembler lays
# literals out in the order functions use them, and the linker merges such
# sections by contents, so the offset says nothing of the code.  Code past
# the end of a section's last function (the kernel's alternatives put their
# replacement instructions there, in the order of the functions they
# belong to) is one group, "<(outside any function)>", its lines sorted.
kt_functions() {
  local sec size
  {
    "$KT_OBJDUMP" -t "$1" | sed 's/^/S /'
    # Sections of mergeable strings (flags M and S): their size, their bytes.
    "$KT_READELF" -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk 'NF == 10 && $7 ~ /M/ && $7 ~ /S/ { print $1, $5 }' |
      while read -r sec size; do
        echo "H $sec $size"
        "$KT_READELF" -x "$sec" "$1" | sed -n "s/^  0x/X $sec 0x/p"
      done
    "$KT_OBJDUMP" -dr --no-show-raw-insn "$1"
  } | awk '
    function hex(s,   i, n, c) {
      n = 0; s = tolower(s); sub(/^0x/, "", s)
      for (i = 1; i <= length(s); i++) { c = index("0123456789abcdef", substr(s, i, 1)); n = n * 16 + c - 1 }
      return n
    }
    # A string section: "H SECTION SIZE", then readelf -x lines "X SECTION
    # 0xADDR WORD... TEXT" (the last line has fewer words: SIZE says where
    # the bytes end and the text begins).
    $1 == "H" { strsize[$2] = hex($3); nbytes[$2] = 0; next }
    $1 == "X" {
      for (i = 4; i <= 7 && nbytes[$2] < strsize[$2] && $i ~ /^[0-9a-f]+$/; i++)
        for (j = 1; j < length($i) && nbytes[$2] < strsize[$2]; j += 2) strbyte[$2, nbytes[$2]++] = hex(substr($i, j, 2))
      next
    }
    # The C string at OFF of string section SEC, quoted, other than printable
    # ASCII escaped.
    function cstring(sec, off,   k, c, out) {
      out = ""
      for (k = off; k < nbytes[sec] && strbyte[sec, k] != 0; k++) {
        c = strbyte[sec, k]
        out = out ((c >= 32 && c < 127 && c != 34 && c != 92) ? sprintf("%c", c) : sprintf("\\x%02x", c))
      }
      return "\"" out "\""
    }
    # The symbol table: "S VALUE FLAGS... SECTION SIZE NAME"; sized symbols only.
    $1 == "S" && NF >= 5 && $2 ~ /^[0-9a-f]+$/ {
      size = hex($(NF - 1))
      if (size > 0) { n = ++nsym[$(NF - 2)]; sv[$(NF - 2), n] = hex($2); ss[$(NF - 2), n] = size; sn[$(NF - 2), n] = $NF; fsize[$(NF - 2), $NF] = size }
      next
    }
    $1 == "S" { next }
    function holder(sec, off,   k) {
      for (k = 1; k <= nsym[sec]; k++)
        if (off >= sv[sec, k] && off < sv[sec, k] + ss[sec, k]) return sprintf("<%s>+0x%x", sn[sec, k], off - sv[sec, k])
      return ""
    }
    /^Disassembly of section/ { flush(); f = ""; sec = $4; sub(/:$/, "", sec); next }
    /^[0-9a-f]+ <.*>:$/ {
      flush(); f = sec ": " $2
      name = $2; gsub(/^<|>:$/, "", name)
      fend = ((sec, name) in fsize) ? hex($1) + fsize[sec, name] : -1
      next
    }
    # Code past the end of the last function (kernel alternatives put
    # their replacement instructions in a subsection at the end of .text):
    # no function holds it, and its order follows the order of the
    # functions it belongs to, so it is compared as a multiset.
    f && NF && fend >= 0 && match($0, /^[ \t]*[0-9a-f]+:/) {
      addr = substr($0, RSTART, RLENGTH - 1); gsub(/[ \t]/, "", addr)
      if (hex(addr) >= fend) { flush(); f = "" }
    }
    f && NF {
      line = $0
      sub(/^[ \t]*[0-9a-f]+:[ \t]*/, "", line)
      gsub(/[0-9a-f]+ <[^>]*>/, "<>", line)
      if (line ~ /^R_/ && match(line, /[ \t]\.[^ \t+]+(\+0x[0-9a-f]+)?$/)) {
        target = substr(line, RSTART + 1); tsec = target; toff = 0
        if (index(target, "+")) { tsec = substr(target, 1, index(target, "+") - 1); toff = hex(substr(target, index(target, "+") + 1)) }
        h = (tsec in strsize) ? cstring(tsec, toff) : holder(tsec, toff)
        if (h != "") line = substr(line, 1, RSTART) h
      }
      if (line ~ /^nop$/) next
      body = body f " " line "\n"
    }
    !f && sec != "" && NF {
      line = $0
      sub(/^[ \t]*[0-9a-f]+:[ \t]*/, "", line)
      gsub(/[0-9a-f]+ <[^>]*>/, "<>", line)
      if (line !~ /^nop$/) print sec ": <(outside any function)>: " line | "LC_ALL=C sort"
      next
    }
    function flush() { printf "%s", body; body = "" }
    END { flush(); close("LC_ALL=C sort") }' | LC_ALL=C sort -s -k1,2
}

# kt_same_functions A B: kt_functions of A and B are the same.
kt_same_functions() {
  cmp -s <(kt_functions "$1") <(kt_functions "$2")
}

# kt_compare [-q] A B: same code and data? Both are stripped of debug info (which
# records the command line) and of the plugin's decision log (.inlinetune.log,
# which final links drop) and compared byte for byte. On a difference, prints
# on stdout which sections differ: "NAME(contents)", "NAME(relocs)",
# "only-in-a:NAME", "symtab", or "headers" when none of those explains it.
kt_compare() {
  local quiet=
  if [ "$1" = -q ]; then
    quiet=1
    shift
  fi
  local a=$1 b=$2 tmp
  tmp=$(mktemp -d)
  if ! "$KT_OBJCOPY" --strip-debug --remove-section=.inlinetune.log "$a" "$tmp/a" ||
    ! "$KT_OBJCOPY" --strip-debug --remove-section=.inlinetune.log "$b" "$tmp/b"; then
    rm -rf "$tmp"
    echo "unreadable"
    return 2
  fi
  if cmp -s "$tmp/a" "$tmp/b"; then
    rm -rf "$tmp"
    return 0
  elif [ -n "$quiet" ]; then
    rm -rf "$tmp"
    return 1
  fi
  kt_sections "$tmp/a" | sort -u >"$tmp/sa"
  kt_sections "$tmp/b" | sort -u >"$tmp/sb"
  local diffs=() s
  while read -r s; do diffs+=("only-in-a:$s"); done < <(comm -23 "$tmp/sa" "$tmp/sb")
  while read -r s; do diffs+=("only-in-b:$s"); done < <(comm -13 "$tmp/sa" "$tmp/sb")
  while read -r s; do
    case $s in .rela* | .rel.* | .symtab | .strtab | .shstrtab) continue ;; esac
    # objdump -s prints contents (not relocations, which BFD keeps apart);
    # skip its two header lines that name the file.
    if ! cmp -s <("$KT_OBJDUMP" -s -j "$s" "$tmp/a" | tail -n +3) \
      <("$KT_OBJDUMP" -s -j "$s" "$tmp/b" | tail -n +3); then
      diffs+=("$s(contents)")
    fi
    if ! cmp -s <("$KT_OBJDUMP" -r -j "$s" "$tmp/a" | tail -n +3) \
      <("$KT_OBJDUMP" -r -j "$s" "$tmp/b" | tail -n +3); then
      diffs+=("$s(relocs)")
    fi
  done < <(comm -12 "$tmp/sa" "$tmp/sb")
  cmp -s <("$KT_READELF" -sW "$tmp/a" | tail -n +2) <("$KT_READELF" -sW "$tmp/b" | tail -n +2) ||
    diffs+=(symtab)
  [ ${#diffs[@]} -gt 0 ] || diffs=(headers)
  echo "${diffs[*]}"
  rm -rf "$tmp"
  return 1
}

# ---- objects: symbols and calls --------------------------------------------
# kt_has_symbol OBJ SYM: SYM is defined in OBJ (any binding).
kt_has_symbol() {
  "$KT_READELF" -sW "$1" | awk -v s="$2" '$8 == s && $7 != "UND" { f = 1 } END { exit !f }'
}

# kt_calls OBJ CALLER CALLEE: the disassembly (objdump -dr) of CALLER, or of one
# of its clones and parts (CALLER.part.0, CALLER.isra.0, ...), calls or
# tail-calls CALLEE: a R_AARCH64_CALL26/JUMP26 relocation to CALLEE, or, for a
# callee in the same section (which the assembler resolves without a
# relocation), a `bl`/`b` whose target is <CALLEE>. An empty CALLER means any
# function of OBJ.
kt_calls() {
  "$KT_OBJDUMP" -dr --no-show-raw-insn "$1" | awk -v caller="$2" -v callee="$3" '
    /^[0-9a-f]+ <.*>:$/ {
      fn = substr($2, 2, length($2) - 3)
      infn = (caller == "" || fn == caller || index(fn, caller ".") == 1)
      next
    }
    !infn { next }
    /R_AARCH64_(CALL|JUMP)26/ && $NF == callee { f = 1 }
    $2 ~ /^bl?$/ && $NF == "<" callee ">" { f = 1 }
    END { exit !f }'
}

# kt_text_size OBJ: bytes of the .text section (0 if none).
kt_text_size() {
  size -A "$1" | awk '$1 == ".text" { n = $2 } END { print n + 0 }'
}

# kt_text_function_bytes OBJ: bytes of the functions in OBJ's .text, the
# sum of its FUNC symbols' sizes (aliases at one address counted once):
# bloat-o-meter's view.  The section's size moves in steps (arm64's linker
# script aligns the idmap text at 4 KiB near its end, docs/search.md); this
# moves with every function.  readelf, not nm: nm names a symbol's kind, not
# its section.  0 when OBJ has no .text.
kt_text_function_bytes() {
  python3 - "$1" <<'EOF'
import subprocess, sys
obj = sys.argv[1]
out = subprocess.run(['readelf', '-SW', obj], stdout=subprocess.PIPE, universal_newlines=True, check=True).stdout
text = None
for line in out.splitlines():
    p = line.replace('[ ', '[').split()
    if len(p) > 2 and p[0].startswith('[') and p[1] == '.text':
        text = p[0].strip('[]')
out = subprocess.run(['readelf', '-sW', obj], stdout=subprocess.PIPE, universal_newlines=True, check=True).stdout
sizes = {}
for line in out.splitlines():
    p = line.split()  # Num: Value Size Type Bind Vis Ndx Name
    if text and len(p) >= 8 and p[3] == 'FUNC' and p[6] == text:
        sizes[p[1]] = max(sizes.get(p[1], 0), int(p[2], 0))
print(sum(sizes.values()))
EOF
}

# kt_log OBJ OUT: the decision log embedded in OBJ, decompressed, as JSONL in
# OUT (its notes unwrapped by harness/log_notes.py, apart from the CLI).
kt_log() {
  "$KT_OBJCOPY" --dump-section ".inlinetune.log=$2.sec" "$1" /dev/null 2>/dev/null &&
    python3 "$KT_ROOT/harness/log_notes.py" "$2.sec" >"$2.zst" &&
    zstd -q -d -c "$2.zst" >"$2" && rm -f "$2.sec" "$2.zst"
}

# ---- the plugin ------------------------------------------------------------
# KT_PLUGIN_DIR: the build directory whose <CC>/inlinetune.so is loaded
# (default KT_BUILD: build/, in a root build/SUITE/).
kt_plugin_path() { echo "${KT_PLUGIN_DIR:-$KT_BUILD}/$1/inlinetune.so"; }

# kt_plugin_flags CC KEY[=VAL]...: the flags that load the plugin built for CC
# and pass it KEY=VAL (or a bare KEY).
kt_plugin_flags() {
  local cc=$1 kv
  shift
  printf '%s\n' "-fplugin=$(kt_plugin_path "$cc")"
  for kv in "$@"; do printf '%s\n' "-fplugin-arg-inlinetune-$kv"; done
}

# ---- running compiles in parallel ------------------------------------------
# kt_bg CMD...: runs CMD in the background, at most KT_JOBS at a time. Jobs
# report through files, not their status; call `wait` to drain them.
kt_bg() {
  while [ "$(jobs -rp | wc -l)" -ge "$KT_JOBS" ]; do wait -n || true; done
  "$@" &
}

# kt_read_tus FILE: prints the TUs listed in FILE (comments and blanks dropped).
kt_read_tus() {
  sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$1" | awk '{ print $1 }'
}
