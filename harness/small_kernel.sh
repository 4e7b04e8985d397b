# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash disable=SC2034  # (variables here are for the sourcing script)
# harness/small_kernel.sh: the small arm64 kernel, built whole. Source it
# after harness/kernel.sh, from a bash script running under `set -eu`.
#
# The kernel is tinyconfig plus kernel-configs/qemu-small.config (QEMU virt,
# PL011 console, initramfs, ftrace, kprobes, two sample modules), built out of
# tree as `Image modules`, one O= tree per compiler and variant. A variant is a
# name and the KCFLAGS words it adds; the name only names the tree.
# KS_BASE and KS_FRAGMENT choose another base config target and fragment
# (KS_BASE=defconfig KS_FRAGMENT=$KT_ROOT/kernel-configs/defconfig-ftrace.config:
# arm64 defconfig with ftrace and kprobes); both are part of the cache key,
# and a base other than tinyconfig gets trees of its own, $KT_CACHE/<BASE>/.
#
# What it gives:
#   ks_variant_flags CC NAME      the KCFLAGS words of a standard variant, one a
#                                 line: baseline (none), rfc-params (the RFC's
#                                 five --param flags), plugin-rfc (the plugin
#                                 built for CC, policy kernel-configs/policies/
#                                 rfc.ini, the never-inline list of KSRC's
#                                 version, log=obj)
#   ks_never_inline_list          that list: kernel-configs/never-inline-X.Y.txt
#                                 for KSRC's Linux X.Y, derived from its ftrace
#                                 selftests by bench/never_inline_from_selftests.py;
#                                 baseline-log and rfc-params-log (baseline and
#                                 rfc-params plus the plugin with log=obj and no
#                                 policy: GCC's own decisions logged, the code
#                                 unchanged; bench/bench-kernel.sh builds these
#                                 so that every variant has decision logs);
#                                 replay-rfc (plugin-rfc's decisions replayed
#                                 at GCC's params from its tree's objects,
#                                 docs/replay.md; logged, no policy)
#   ks_variant_needs NAME         the standard variants NAME's flags read
#                                 (replay-rfc: plugin-rfc), built first
#   ks_build_variant CC NAME      ks_build with a standard variant's flags
#                                 (the variants it needs built first)
#   ks_build CC NAME [KCFLAG...]  builds Image and modules (or finds them
#                                 built); sets KS_DIR (the O= tree), KS_CACHED
#                                 (1 when nothing was built), KS_LOG (the build
#                                 step's log, kept in the tree) and
#                                 KS_BUILD_SECONDS (wall time of `make Image
#                                 modules` when the tree was built)
#   ks_dir CC NAME                the O= tree of a variant
#   ks_info DIR KEY               a fact recorded by the build (variant, cc,
#                                 kcflags, configure_seconds, build_seconds,
#                                 resumed, jobs, finished)
#   ks_kmake DIR CC KCFLAGS ARG...  kbuild's make in that tree, with the same
#                                 variables ks_build used (for relinks)
#   ks_tu_compiles STATSLOG       "MISSES HITS": the compiles of KSRC's C
#                                 files that ccache logged in STATSLOG (its
#                                 stats_log; kbuild's flag probes and the
#                                 tree's generated files left out)
#
# KS_CC_LAUNCHER: words put before CC in every kbuild command (configure and
# build), such as "build/launcher/inlinetune-cc ccache": a compiler cache
# keyed on each TU's own policy settings (docs/log-format.md, "ccache with
# inlinetune-cc").  Not part of the key: the launcher changes no object.
#
# Cache: $KT_CACHE/small/<TAG>/<NAME>/ is the O= tree (TAG: kt_tree_tag CC); its .inlinetune/ holds
#   key         what the tree is built from: the fragment's settings, KCFLAGS, the
#               sha256 of every file a KCFLAG names (-fplugin=, policy=, ...),
#               compiler and binutils versions, KSRC and its version, the
#               reproducible-build variables
#   stamp       a copy of key, written last, only when every step succeeded
#   config.log, build.log, info
# A stamp equal to the key means the tree is complete: ks_build returns at
# once. A key that differs (or no key) means a fresh tree: it is wiped and
# rebuilt (kbuild does not notice a changed plugin or policy file: the command
# line stays the same). The same key without a stamp is an interrupted build
# of the same inputs: configure again and let kbuild go on where it stopped
# (kbuild writes an object's .cmd only after the object, so a half-written
# object is rebuilt); info then says resumed=1: build_seconds is not the time
# of a whole build.
# With a KSRC of your own (not the cache's unpacked tarball), source edits are
# not part of the key: a stamped tree still runs `make Image modules`, and
# kbuild's own dependency tracking rebuilds what changed.
#
# Builds are reproducible (Documentation/kbuild/reproducible-builds.rst):
# KBUILD_BUILD_TIMESTAMP, _USER, _HOST and _VERSION are fixed, so relinking
# the same objects gives the same vmlinux (init/version-timestamp.o is not
# rebuilt at every link).

KS_FRAGMENT=${KS_FRAGMENT:-$KT_ROOT/kernel-configs/qemu-small.config}
KS_BASE=${KS_BASE:-tinyconfig}
KS_TARGETS=(Image modules)
KS_REPRO_ENV=(KBUILD_BUILD_TIMESTAMP='Thu Jan  1 00:00:00 UTC 1970' KBUILD_BUILD_USER=inlinetune
              KBUILD_BUILD_HOST=inlinetune KBUILD_BUILD_VERSION=1)

# Trees on another base live apart ($KT_CACHE/defconfig/...): the same variant
# name must not wipe the small kernel's tree.
ks_dir() {
  if [ "$KS_BASE" = tinyconfig ]; then echo "$KT_CACHE/small/$(kt_tree_tag "$1")/$2"; else echo "$KT_CACHE/$KS_BASE/$(kt_tree_tag "$1")/$2"; fi
}

# ks_never_inline_list: the never-inline list for KSRC's kernel version.
ks_never_inline_list() {
  local version list
  kt_ensure_ksrc
  version=$(sed -n 's/^\(VERSION\|PATCHLEVEL\) = *//p' "$KSRC/Makefile" | head -n 2 | paste -sd.)
  list=$KT_ROOT/kernel-configs/never-inline-$version.txt
  [ -f "$list" ] ||
    kt_die "step 'never-inline list': none for Linux $version ($list); derive it from the tree's selftests: python3 bench/never_inline_from_selftests.py --ksrc $KSRC -o $list"
  echo "$list"
}

# ks_variant_flags CC NAME: the standard variants' KCFLAGS, one word a line.
# plugin-rfc's list is a file named by the flags, so ks_key hashes its content.
ks_variant_flags() {
  local cc=$1 name=$2 list
  case $name in
    baseline) ;;
    rfc-params) printf '%s\n' "${KT_RFC_FLAGS[@]}" ;;
    plugin-rfc)
      list=$(ks_never_inline_list) || exit 1
      kt_plugin_flags "$cc" "policy=$KT_ROOT/kernel-configs/policies/rfc.ini" "policy=$list" log=obj ;;
    # The plugin without a policy or profile changes no decision and no byte of
    # code (an object with its log section removed is the plain compile's; the
    # log itself never reaches vmlinux): these trees are baseline and
    # rfc-params, with logs.
    baseline-log) kt_plugin_flags "$cc" log=obj ;;
    rfc-params-log)
      printf '%s\n' "${KT_RFC_FLAGS[@]}"
      kt_plugin_flags "$cc" log=obj ;;
    # The RFC's decisions without its params: each TU replays its object's
    # log in plugin-rfc's tree (the never-inline list's refusals among them),
    # GCC's params for everything else (ipa-split, sites the log lacks).
    replay-rfc) kt_plugin_flags "$cc" "replay=$(ks_dir "$cc" plugin-rfc)" log=obj ;;
    *) kt_die "unknown small-kernel variant '$name' (standard ones: baseline, rfc-params, plugin-rfc, baseline-log, rfc-params-log, replay-rfc; others: ks_build CC NAME KCFLAG...)" ;;
  esac
}

ks_variant_needs() {
  case $1 in
    replay-rfc) echo plugin-rfc ;;
  esac
}

ks_build_variant() {
  local -a flags
  local need
  ks_variant_flags "$1" "$2" >/dev/null # dies on an unknown name, which <(...) would not
  for need in $(ks_variant_needs "$2"); do ks_build_variant "$1" "$need" || return 1; done
  mapfile -t flags < <(ks_variant_flags "$1" "$2")
  ks_build "$1" "$2" "${flags[@]}"
}

# ks_info DIR KEY: prints the value of KEY in DIR/.inlinetune/info.
ks_info() {
  sed -n "s/^$2=//p" "$1/.inlinetune/info" 2>/dev/null | tail -n 1
}

# ks_kmake DIR CC KCFLAGS ARG...: kbuild's make in the O= tree DIR. With
# KS_TIME_FILE set, GNU time writes "wall user system" seconds there.
ks_kmake() {
  local dir=$1 cc=$2 kcflags=$3 timer=()
  shift 3
  [ -z "${KS_TIME_FILE:-}" ] || timer=(/usr/bin/time -f '%e %U %S' -o "$KS_TIME_FILE")
  "${timer[@]}" env "${KS_REPRO_ENV[@]}" make -C "$KSRC" O="$dir" ARCH=arm64 CROSS_COMPILE="$KT_CROSS" \
    CC="${KS_CC_LAUNCHER:+$KS_CC_LAUNCHER }$cc" KCFLAGS="$kcflags" "$@"
}

# ks_key CC FLAG...: the text that determines a tree (see above).
ks_key() {
  local cc=$1 f path
  shift
  # The fragment's settings, not its comments: editing a comment rebuilds nothing.
  printf 'fragment %s\n' "$(ks_fragment_lines | sha256sum | cut -c1-64)"
  printf 'base %s\ntargets %s\n' "$KS_BASE" "${KS_TARGETS[*]}"
  printf 'ksrc %s %s\n' "$KSRC" "$(sed -n 's/^\(VERSION\|PATCHLEVEL\|SUBLEVEL\|EXTRAVERSION\) = *//p' "$KSRC/Makefile" | tr '\n' .)"
  printf 'cc %s: %s\n' "$cc" "$("$cc" --version | head -n 1)"
  printf 'ld %s\n' "$("${KT_CROSS}ld" --version | head -n 1)"
  printf 'env %s\n' "${KS_REPRO_ENV[@]}"
  printf 'kcflags %s\n' "$*"
  for f in "$@"; do
    # Any FLAG=PATH (or -fplugin-arg-...-KEY=PATH) that names a file: hash the
    # file, since kbuild only sees the path.  One that names another small
    # tree (replay=TREE): that tree's stamp, its inputs (none while it is
    # unfinished).
    path=${f#*=}
    [ "$path" != "$f" ] || continue
    if [ -f "$path" ]; then
      printf 'file %s %s\n' "$path" "$(sha256sum <"$path" | cut -c1-64)"
    elif [ -d "$path/.inlinetune" ]; then
      printf 'tree %s %s\n' "$path" "$(sha256sum <"$path/.inlinetune/stamp" 2>/dev/null | cut -c1-64)"
    fi
  done
}

# ks_fragment_lines: the lines of the fragment that Kconfig reads, in order.
ks_fragment_lines() {
  grep -E '^CONFIG_[A-Za-z0-9_]+=|^# CONFIG_[A-Za-z0-9_]+ is not set$' "$KS_FRAGMENT" || true
}

# ks_build CC NAME [KCFLAG...]: see the top of this file.
ks_build() {
  local cc=$1 name=$2 f
  shift 2
  [[ $name =~ ^[A-Za-z0-9._-]+$ ]] || kt_die "small-kernel variant name '$name': use letters, digits, '.', '_', '-'"
  command -v "$cc" >/dev/null || kt_die "step 'small kernel $name': compiler $cc is not installed"
  [ -f "$KS_FRAGMENT" ] || kt_die "step 'small kernel $name': no config fragment $KS_FRAGMENT"
  for f in "$@"; do
    [[ $f != *[[:space:]]* ]] || kt_die "step 'small kernel $name': KCFLAG '$f' holds white space, which kbuild cannot pass on"
    case $f in
      -fplugin=*) [ -f "${f#-fplugin=}" ] || kt_die "step 'small kernel $name': no plugin at ${f#-fplugin=}; run 'make all'" ;;
    esac
  done
  kt_ensure_ksrc
  KS_DIR=$(ks_dir "$cc" "$name")
  KS_LOG=$KS_DIR/.inlinetune/build.log
  # Returns 1 (after kt_die's message) rather than exiting, so that a test can
  # report the failure and go on. One lock per tree: the base is in its name,
  # or a defconfig build of a variant would hold up the small kernel's.
  kt_locked "$KS_BASE-$(kt_tree_tag "$cc")-$name" ks_build_unlocked "$cc" "$name" "$@" || return 1
  # The subshell of kt_locked cannot set our variables: read them back.
  KS_CACHED=$(cat "$KS_DIR/.inlinetune/cached")
  KS_BUILD_SECONDS=$(ks_info "$KS_DIR" build_seconds)
}

ks_build_unlocked() {
  local cc=$1 name=$2
  shift 2
  local dir meta key kcflags="$*" own_ksrc=
  dir=$(ks_dir "$cc" "$name")
  meta=$dir/.inlinetune
  key=$(ks_key "$cc" "$@")
  [ "$KSRC" = "$KT_CACHE/linux-source-$KLINE" ] || own_ksrc=1

  if [ -f "$meta/stamp" ] && [ "$(cat "$meta/stamp")" = "$key" ] && [ -z "$own_ksrc" ]; then
    kt_step "small kernel $name ($cc): built already, $dir (built in $(ks_info "$dir" build_seconds) s)"
    echo 1 >"$meta/cached"
    return 0
  fi
  local resumed=0 t0 tc tb tu ts
  if [ -f "$meta/key" ] && [ "$(cat "$meta/key")" = "$key" ]; then
    resumed=1 # kbuild goes on in the existing tree: the time is not a whole build's
  else
    [ ! -e "$dir" ] || kt_step "small kernel $name ($cc): inputs changed or tree unfinished; removing $dir"
    rm -rf "$dir"
    mkdir -p "$meta"
    printf '%s\n' "$key" >"$meta/key"
  fi
  rm -f "$meta/stamp" "$meta/cached"
  [ "$resumed" = 0 ] || kt_note "going on in $dir (same inputs; an interrupted build, or KSRC=$KSRC of your own)"

  t0=$SECONDS
  if ! kt_run_step "small kernel $name ($cc): configure $KS_BASE + $(basename "$KS_FRAGMENT")" "$meta/config.log" \
    ks_configure "$dir" "$cc" "$kcflags"; then
    kt_die "step 'configure small kernel $name' failed; log: $meta/config.log"
  fi
  tc=$((SECONDS - t0))
  rm -f "$meta/build.time"
  if ! KS_TIME_FILE=$meta/build.time kt_run_step "small kernel $name ($cc): make -j$KT_JOBS ${KS_TARGETS[*]}${kcflags:+ KCFLAGS=$kcflags}" "$meta/build.log" \
    ks_kmake "$dir" "$cc" "$kcflags" -j"$KT_JOBS" "${KS_TARGETS[@]}"; then
    kt_die "step 'build small kernel $name' failed; log: $meta/build.log; the tree $dir is kept unstamped (the next run resumes it)"
  fi
  read -r tb tu ts <"$meta/build.time"
  # A plugin or policy rebuilt while kbuild ran would leave a tree of mixed
  # objects under the old key: do not stamp it.
  [ "$(ks_key "$cc" "$@")" = "$key" ] ||
    kt_die "step 'build small kernel $name': its inputs changed while it was built (a plugin or policy file rewritten?); $dir is left unstamped, run again"
  [ -f "$dir/arch/arm64/boot/Image" ] && [ -f "$dir/vmlinux" ] ||
    kt_die "step 'build small kernel $name': make succeeded but $dir has no vmlinux or arch/arm64/boot/Image; log: $meta/build.log"
  {
    printf 'variant=%s\ncc=%s\nkcflags=%s\n' "$name" "$cc" "$kcflags"
    printf 'configure_seconds=%s\nbuild_seconds=%s\nbuild_cpu_seconds=%s\nresumed=%s\njobs=%s\nload=%s\nfinished=%s\n' \
      "$tc" "$tb" "$(echo "$tu + $ts" | bc)" "$resumed" "$KT_JOBS" "$(cut -d' ' -f1-3 /proc/loadavg)" "$(date -u +%FT%TZ)"
  } >"$meta/info"
  echo 0 >"$meta/cached"
  printf '%s\n' "$key" >"$meta/stamp.tmp" && mv "$meta/stamp.tmp" "$meta/stamp"
}

# ks_configure DIR CC KCFLAGS: KS_BASE (tinyconfig), the fragment merged on top by the
# kernel's merge_config.sh, olddefconfig; then every line of the fragment must
# be in .config exactly as written (merge_config.sh only warns when Kconfig
# drops or changes one, for instance for an unmet dependency).
# merge_config.sh runs with -m: its own `make alldefconfig` would use the
# default $(CROSS_COMPILE)gcc instead of CC, and would run in KSRC.
# Every step checks its status itself: a caller's `if` turns off `set -e`.
ks_configure() {
  local dir=$1 cc=$2 kcflags=$3 line sym got bad=()
  mkdir -p "$dir" || return 1
  [[ $KS_BASE =~ ^[a-z0-9_.-]*config$ ]] || { echo "error: KS_BASE=$KS_BASE is not a config target (tinyconfig, defconfig, ...)"; return 1; }
  echo "== make $KS_BASE"
  ks_kmake "$dir" "$cc" "$kcflags" "$KS_BASE" || return 1
  echo "== merge_config.sh -m $KS_FRAGMENT"
  (cd "$dir" && ARCH=arm64 "$KSRC/scripts/kconfig/merge_config.sh" -m -O "$dir" "$dir/.config" "$KS_FRAGMENT") || return 1
  echo "== make olddefconfig"
  ks_kmake "$dir" "$cc" "$kcflags" olddefconfig || return 1
  echo "== check every line of the fragment against .config"
  while IFS= read -r line; do
    sym=$(sed -n -e 's/^\(CONFIG_[A-Za-z0-9_]*\)=.*/\1/p' -e 's/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1/p' <<<"$line")
    got=$(grep -E "^$sym=|^# $sym is not set\$" "$dir/.config" || true)
    # An unset option may also be absent (its menu is off).
    if [ "$got" != "$line" ] && ! { [ -z "$got" ] && [[ $line == "# "* ]]; }; then
      bad+=("$sym: wanted '$line', .config has '${got:-nothing}'")
    fi
  done < <(ks_fragment_lines)
  if [ ${#bad[@]} -gt 0 ]; then
    echo "error: Kconfig did not take ${#bad[@]} line(s) of $KS_FRAGMENT (a missing dependency?):"
    printf '  %s\n' "${bad[@]}"
    return 1
  fi
  echo "all $(ks_fragment_lines | wc -l) settings of the fragment are in .config"
}

ks_tu_compiles() {
  awk -v ksrc="$KSRC/" '
    /^# / { if (src != "") n[hit]++; src = (index($2, ksrc) == 1 && $2 ~ /\.c$/) ? $2 : ""; hit = 0; next }
    $1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { hit = 1 }
    END { if (src != "") n[hit]++; print n[0] + 0, n[1] + 0 }' "$1"
}
