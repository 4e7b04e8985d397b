# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# harness/kbuild_tree.sh: what a finished kbuild O= tree holds, read from
# kbuild's own records (.cmd files, archives, modules.order, the build log).
# Source it after harness/kernel.sh. Used by the link checks of `make
# check-kernel` (testsuite/kernel/small-kernel/) and by `make bench-fullkernel`
# (bench/fullkernel.sh).
#
#   kb_c_objects TREE            "OBJECT plugin" or "OBJECT plain", sorted, for
#                                every object kbuild compiled from a .c file
#                                (its .cmd file names the source:
#                                `source_OBJECT := ....c`); "plugin" when the
#                                compile loaded the plugin (-fplugin=),
#                                "plugin-O0" when it did at -O0 (no inliner
#                                runs: no log, docs/log-format.md)
#   kb_logged_objects TREE       the *.o files under TREE (relative, sorted)
#                                with a .inlinetune.log section
#   kb_log_bytes TREE LIST       the sizes of the .inlinetune.log sections of
#                                the objects LIST names (relative to TREE, one
#                                a line), summed, in bytes
#   kb_has_log FILE              status 0 when FILE has a .inlinetune.log
#   kb_log_section FILE          "NOTE, flags E, N bytes" for that section
#   kb_archive_members TREE AR   the member names of TREE/AR, sorted
#   kb_extract_tus TOOL OUT PATH...
#                                `TOOL extract PATH... -o OUT.jsonl`, its
#                                stderr in OUT.err, the "object" of every TU
#                                found in OUT.objects (sorted), and
#                                "KIND=N ..." (the lines of each "record"
#                                kind, kinds sorted) in OUT.records, from one
#                                read of OUT.jsonl; returns extract's status
#   kb_set_diff WANT GOT         nothing when the two sorted files hold the
#                                same lines, else how they differ
#   kb_warnings LOG TREE         the warning lines of a build log as a sorted
#                                set, with TREE written as `$O` (two trees'
#                                generated files then compare equal)
#   kb_crashes LOG               the lines of a build log that say a compiler
#                                or the plugin crashed (nothing when none did)
#   kb_modules TREE              the modules modules.order lists, as .ko paths
#                                relative to TREE, sorted

kb_c_objects() {
  (cd "$1" && find . -name '.*.o.cmd' -print0 | xargs -0 -r awk '
    FNR == 1 { plugin = 0; o0 = 0 }
    /^(saved)?cmd_[^ ]* := / {
      plugin = index($0, " -fplugin=") > 0
      # The last -O wins; at -O0 no inliner runs and the plugin logs nothing.
      o0 = 0
      for (i = 1; i <= NF; i++) if ($i ~ /^-O/) o0 = ($i == "-O0")
    }
    /^source_[^ ]* := .*\.c$/ { print substr($1, 8), (plugin ? (o0 ? "plugin-O0" : "plugin") : "plain") }') | LC_ALL=C sort
}

kb_logged_objects() {
  (cd "$1" && find . -name '*.o' -printf '%P\0' | xargs -0 -r "$KT_OBJDUMP" -h 2>/dev/null |
    awk '/:[ \t]+file format / { f = $1; sub(/:$/, "", f) }
         $2 == ".inlinetune.log" && f != "" { print f; f = "" }') | LC_ALL=C sort
}

kb_log_bytes() {
  # objdump -h prints a section's size in hex, third column (mawk, Debian's
  # awk, has no strtonum: bash adds them).
  local h n=0
  while read -r h; do n=$((n + 16#$h)); done < <(cd "$1" && xargs -r -d '\n' "$KT_OBJDUMP" -h 2>/dev/null <"$2" |
    awk '$2 == ".inlinetune.log" { print $3 }')
  echo "$n"
}

kb_has_log() { "$KT_READELF" -SW "$1" | grep -q ' \.inlinetune\.log '; }

kb_log_section() {
  local type size flags
  read -r type _ _ size _ flags _ < <("$KT_READELF" -SW "$1" | sed -n 's/.*\] \.inlinetune\.log  *//p' | head -n 1)
  echo "$type, flags $flags, $((16#$size)) bytes"
}

kb_archive_members() {
  (cd "$1" && "${KT_CROSS}ar" t "$2") | LC_ALL=C sort
}

kb_extract_tus() {
  local tool=$1 out=$2 rc=0
  shift 2
  "$tool" extract "$@" -o "$out.jsonl" 2>"$out.err" || rc=$?
  [ -f "$out.jsonl" ] || : >"$out.jsonl"
  # The plugin writes "record" first; extract writes lines as read.
  python3 -c 'import collections, json, re, sys
kinds = collections.Counter()
kind = re.compile(r"\{\"record\":\"([a-z_]*)\"")
for line in open(sys.argv[1], encoding="utf-8"):
    m = kind.match(line)
    if m:
        kinds[m.group(1)] += 1
        if m.group(1) == "tu":
            print(json.loads(line).get("object"))
with open(sys.argv[2], "w") as f:
    f.write(" ".join("%s=%d" % (k, kinds[k]) for k in sorted(kinds)) + "\n")' "$out.jsonl" "$out.records" |
    LC_ALL=C sort >"$out.objects"
  return "$rc"
}

kb_set_diff() {
  local miss extra
  miss=$(LC_ALL=C comm -23 "$1" "$2")
  extra=$(LC_ALL=C comm -13 "$1" "$2")
  [ -z "$miss" ] || printf 'missing %d (%s) ' "$(wc -l <<<"$miss")" "$(head -n 5 <<<"$miss" | tr '\n' ' ')"
  [ -z "$extra" ] || printf 'unexpected %d (%s)' "$(wc -l <<<"$extra")" "$(head -n 5 <<<"$extra" | tr '\n' ' ')"
}

# A warning is any line with "warning:" in it, in any case: GCC's
# (FILE:LINE:COL: warning: ... [-Wfoo]), the linker's, Kconfig's, and
# modpost's "WARNING: modpost: ...". Sets, not sequences:
# with make -j the order of the lines is the scheduler's. GCC's context lines
# ("In function 'f'", "inlined from") are not warnings and are left out: which
# caller a warning is reported through depends on the inlining, so they would
# differ between any two policies.
kb_warnings() {
  local tree=$2
  grep -a -i 'warning:' "$1" | awk -v t="$tree" '{
      while ((i = index($0, t)) > 0) $0 = substr($0, 1, i - 1) "$O" substr($0, i + length(t))
      print }' | LC_ALL=C sort -u
}

# GCC's and the driver's own words for a compiler that died, the C++
# runtime's for an exception that escaped, and the plugin's own for an
# exception it caught at GCC's boundary (plugin/inlinetune.cc).
kb_crashes() {
  grep -a -E 'internal compiler error|Please submit a full bug report|terminated by signal|killed by signal|Segmentation fault|terminate called|inlinetune: internal error' "$1" || true
}

kb_modules() {
  [ -f "$1/modules.order" ] || return 0
  sed -e 's/\.o$/.ko/' "$1/modules.order" | LC_ALL=C sort
}
