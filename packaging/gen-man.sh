#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# packaging/gen-man.sh TOOL PLUGIN_OPTIONS OUTDIR: writes the man pages into
# OUTDIR.  inlinetune(1) and one inlinetune-SUBCOMMAND(1) per subcommand that
# 'TOOL --help' lists, by help2man from the CLI's own --help (so the options
# they list are the ones the binary has), with the hand-written text of
# packaging/man/inlinetune[-SUBCOMMAND].h2m; inlinetune-plugin(7) with the
# option list PLUGIN_OPTIONS prints from the plugin's option table;
# inlinetune-policy(5).  Version from the root VERSION file; the pages' date
# from SOURCE_DATE_EPOCH (default: the last commit's date), so two builds of
# one commit give the same pages.
set -eu
[ $# -eq 3 ] || { echo "usage: gen-man.sh TOOL PLUGIN_OPTIONS OUTDIR" >&2; exit 2; }
tool=$1 plugin_options=$2 out=$3
command -v help2man >/dev/null || { echo "gen-man.sh: no help2man; run 'make deps' (or scripts/install-deps.sh packaging)" >&2; exit 1; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
man=$here/man
version=$(cat "$here/../VERSION")
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  SOURCE_DATE_EPOCH=$(git -C "$here" log -1 --format=%ct 2>/dev/null || date +%s)
fi
export SOURCE_DATE_EPOCH
date=$(LC_ALL=C date -u -d "@$SOURCE_DATE_EPOCH" '+%B %Y')

# The subcommands and their one-line descriptions: the "Subcommands:" section of
# CLI11's help, "  NAME   DESCRIPTION" lines.
subcommands=$("$tool" --help | awk '/^Subcommands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }')
[ -n "$subcommands" ] || { echo "gen-man.sh: '$tool --help' lists no subcommands" >&2; exit 1; }

rm -rf "$out.tmp"
mkdir -p "$out.tmp"
# inlinetune(1)'s SEE ALSO names every subcommand's page.
{
  echo "[SEE ALSO]"
  for s in $subcommands; do printf '\\fBinlinetune\\-%s\\fR(1),\n' "$s"; done
  echo '\fBinlinetune\-plugin\fR(7), \fBinlinetune\-policy\fR(5), \fBgcc\fR(1)'
} >"$out.tmp/see-also.h2m"
help2man --no-info --no-discard-stderr --version-string="inlinetune $version" \
  --include="$man/inlinetune.h2m" --include="$out.tmp/see-also.h2m" \
  --output="$out.tmp/inlinetune.1" "$tool"
rm "$out.tmp/see-also.h2m"

for s in $subcommands; do
  # NAME's text: the subcommand's description in the list, first letter lowered.
  desc=$("$tool" --help | awk -v s="$s" '/^Subcommands:/ { on = 1; next }
    on && $1 == s { sub(/^ *[^ ]+ +/, ""); print; exit }')
  desc="$(printf '%s' "${desc:0:1}" | tr '[:upper:]' '[:lower:]')${desc:1}"
  include=()
  # A subcommand without hand-written text still gets its page (the options);
  # testsuite/install/man-pages.test fails until it has its .h2m.
  [ ! -f "$man/inlinetune-$s.h2m" ] || include=(--include="$man/inlinetune-$s.h2m")
  help2man --no-info --no-discard-stderr --version-string="inlinetune-$s $version" \
    --help-option="$s --help" --name="$desc" "${include[@]}" \
    --output="$out.tmp/inlinetune-$s.1" "$tool"
done

subst() { sed -e "s|@VERSION@|$version|g" -e "s|@DATE@|$date|g" "$@"; }
"$plugin_options" >"$out.tmp/plugin-options.roff"
subst "$man/inlinetune-plugin.7.in" |
  sed -e "/^\.\\\\\" @PLUGIN_OPTIONS@\$/{r $out.tmp/plugin-options.roff" -e 'd}' >"$out.tmp/inlinetune-plugin.7"
grep -q 'fplugin\\-arg\\-inlinetune\\-' "$out.tmp/inlinetune-plugin.7" || {
  echo "gen-man.sh: no options put into inlinetune-plugin.7" >&2; exit 1; }
rm "$out.tmp/plugin-options.roff"
subst "$man/inlinetune-policy.5.in" >"$out.tmp/inlinetune-policy.5"

rm -rf "$out"
mv "$out.tmp" "$out"
