#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""packaging/gen-completion.py TOOL: prints inlinetune's bash completion.

Everything in it comes from the CLI itself, so it cannot go stale: the
subcommands from 'TOOL --help', each subcommand's options and positionals from
'TOOL SUB --help' (CLI11's layout: "Positionals:" and "Options:" sections of
"  SPELLINGS [VALUE] [...]  description" entries), and the values of an option
that takes one of a fixed set (--format, --by, ...) from the CLI's own error
for a value it does not know ("--by: 'X' is not one of: dir, subsystem" or
"unknown ... 'X' (auto, perf-report or csv)").  Value names say what else to
complete: FILE, PATH, CSV, BASE, NEW files; DIR directories; N, NAME, TEXT,
STRING, ... nothing.  The function it defines, _inlinetune, uses
bash-completion's _init_completion and _filedir.
"""
import os
import re
import subprocess
import sys
import tempfile

FILE_VALUES = {"FILE", "PATH", "CSV", "BASE", "NEW"}
DIR_VALUES = {"DIR"}
FREE_VALUES = {"N", "NAME", "TEXT", "STRING", "LABEL"}
PROBE = "@inlinetune-completion-probe@"


def run(args, cwd=None):
    p = subprocess.run(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, stdin=subprocess.DEVNULL)
    return p.stdout, p.stderr


def sections(help_text):
    """{section name: [entry lines]} of CLI11's help."""
    out, name = {}, None
    for line in help_text.splitlines():
        m = re.match(r"^(\w[\w ]*):$", line)
        if m:
            name = m.group(1)
            out[name] = []
        elif name and line.startswith("  "):
            out[name].append(line)
    return out


def entries(lines):
    """(spelling part, description) per entry; a description may be on the next
    line, indented further (CLI11 wraps long spellings)."""
    result = []
    for line in lines:
        if re.match(r"^ {3,}\S", line) and result:
            continue  # a wrapped description of the entry above
        m = re.match(r"^  (\S.*?)(?: {2,}(.*))?$", line)
        if m:
            result.append((m.group(1), m.group(2) or ""))
    return result


def parse_option(spelling):
    """'-o,--output FILE' -> (['-o', '--output'], 'FILE'); '--base PATH ...' ->
    (['--base'], 'PATH')."""
    words = spelling.split()
    names = [n for n in words[0].split(",") if n.startswith("-")]
    value = words[1] if len(words) > 1 and words[1] not in ("...", "REQUIRED") else None
    return names, value


def probe_values(tool, sub, name, positionals, tmp):
    """The values the CLI accepts for NAME, from its error for PROBE, or None.
    Positionals and required options get dummies (files that do not exist in
    the empty directory TMP, so nothing is read or written)."""
    args = [tool, sub, name, PROBE] + [os.path.join(tmp, "missing-%d" % i) for i in range(positionals)]
    for extra in ("-o",):
        args += [extra, os.path.join(tmp, "missing-out")]
    _, err = run(args, cwd=tmp)
    first = err.splitlines()[0] if err else ""
    m = re.search(re.escape("'%s'" % PROBE) + r" is not one of: (.*)$", first)
    if not m:
        m = re.search(re.escape("'%s'" % PROBE) + r" \(([^()]*)\)", first)
    if not m:
        return None
    values = re.split(r", | or ", m.group(1))
    return [v for v in values if re.match(r"^[\w.+-]+$", v)] or None


def shell_words(words):
    return " ".join(words)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gen-completion.py TOOL")
    tool = os.path.abspath(sys.argv[1])
    top = sections(run([tool, "--help"])[0])
    subcommands = [e[0].split()[0] for e in entries(top.get("Subcommands", []))]
    if not subcommands:
        sys.exit("gen-completion.py: '%s --help' lists no subcommands" % tool)
    top_options = [n for s, _ in entries(top.get("Options", [])) for n in parse_option(s)[0]]

    subs = []
    with tempfile.TemporaryDirectory() as tmp:
        for sub in subcommands:
            sec = sections(run([tool, sub, "--help"])[0])
            positionals = []
            for spelling, _ in entries(sec.get("Positionals", [])):
                positionals += [w for w in spelling.split() if w not in ("...", "REQUIRED")]
            options = []  # (names, value kind, values)
            for spelling, _ in entries(sec.get("Options", [])):
                names, value = parse_option(spelling)
                if value is None:
                    options.append((names, None, None))
                elif value in FILE_VALUES:
                    options.append((names, "file", None))
                elif value in DIR_VALUES:
                    options.append((names, "dir", None))
                elif value in FREE_VALUES:
                    options.append((names, "free", None))
                else:
                    values = probe_values(tool, sub, names[-1], len(positionals), tmp)
                    options.append((names, "list" if values else "free", values))
            subs.append((sub, positionals, options))

    out = []
    w = out.append
    w("# bash completion for inlinetune(1)                        -*- shell-script -*-")
    w("# SPDX-License-Identifier: GPL-3.0-or-later")
    w("# Generated by packaging/gen-completion.py from the CLI's --help; do not edit.")
    w("")
    w("_inlinetune()")
    w("{")
    w("    local cur prev words cword split")
    w("    _init_completion -s || return")
    w("")
    w("    local i sub='' subi=0")
    w("    for ((i = 1; i < cword; i++)); do")
    w("        case ${words[i]} in")
    w("            -*) ;;")
    w("            *) sub=${words[i]} subi=$i; break ;;")
    w("        esac")
    w("    done")
    w("    if [[ -z $sub ]]; then")
    w("        COMPREPLY=($(compgen -W '%s' -- \"$cur\"))" % shell_words(subcommands + top_options))
    w("        return")
    w("    fi")
    w("")
    w("    # opts: the subcommand's options; valued: those that take a value;")
    w("    # positionals: what its positionals are (path: complete files).")
    w("    local opts valued positionals")
    w("    case $sub in")
    for sub, positionals, options in subs:
        names = [n for o in options for n in o[0]]
        valued = [n for o in options if o[1] for n in o[0]]
        kinds = ["free" if p in FREE_VALUES else "path" for p in positionals] or ["path"]
        w("        %s)" % sub)
        w("            opts='%s'" % shell_words(names))
        w("            valued='%s'" % shell_words(valued))
        w("            positionals='%s'" % shell_words(kinds))
        w("            case $prev in")
        for names_, kind, values in options:
            if not kind:
                continue
            w("                %s)" % "|".join(names_))
            if kind == "list":
                w("                    COMPREPLY=($(compgen -W '%s' -- \"$cur\"))" % shell_words(values))
            elif kind == "file":
                w("                    _filedir")
            elif kind == "dir":
                w("                    _filedir -d")
            w("                    return ;;")
        w("            esac")
        w("            ;;")
    w("        *) return ;;")
    w("    esac")
    w("    $split && return")
    w("")
    w("    if [[ $cur == -* ]]; then")
    w("        COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))")
    w("        return")
    w("    fi")
    w("")
    w("    # Which positional is being completed: words after the subcommand that")
    w("    # are neither options nor their values.  The last kind repeats.")
    w("    local n=0 kinds=($positionals)")
    w("    for ((i = subi + 1; i < cword; i++)); do")
    w("        case ${words[i]} in")
    w("            --*=*) ;;")
    w("            -*) [[ \" $valued \" == *\" ${words[i]} \"* ]] && ((i++)) ;;")
    w("            *) ((n++)) ;;")
    w("        esac")
    w("    done")
    w("    ((n < ${#kinds[@]})) || n=$((${#kinds[@]} - 1))")
    w("    [[ ${kinds[n]} == path ]] && _filedir")
    w("} &&")
    w("    complete -F _inlinetune inlinetune")
    w("")
    w("# ex: filetype=sh")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
