#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""bench/never_inline_from_selftests.py: the never-inline list a kernel tree's
own ftrace selftests need, derived from the tests.

  python3 bench/never_inline_from_selftests.py [--ksrc DIR] [-o FILE]
                                               [--require NAME]...

The kernel's ftrace selftests (tools/testing/selftests/ftrace, run by
ftracetest) put kprobes, kretprobes and function filters on kernel functions
by name. A function that the compiler inlines into every caller has no symbol
of its own left to probe, and the test fails (test.d/kprobe/kprobe_args_user.tc
with the arm64 RFC's params: do_sys_openat2 and vfs_symlink). This tool reads
every .tc file of the tree's selftests and writes a policy file
(docs/policy.md) with one `never-inline = NAME` line per function they name,
each after a comment naming the function's source file(s) and the tests that
use it, so another kernel version gets its own list the same way.

What counts as naming a function (after expanding the shell variables the
test and test.d/functions assign, e.g. $FUNCTION_FORK, $PLACE, ${PROBEFUNC}):
  - a probe definition as echo's first word or at the start of a quoted
    string: `p[:[GRP/]EVENT] [MOD:]SYM[+OFFS|%return] ...`, the same with `r`
    (maxactive digits allowed, `r10:...`) and `f` (fprobes), and `!p:...`
    (removal by definition); the `^` that check_error uses to mark an error
    position is dropped first;
  - the words echoed into set_ftrace_filter, set_graph_function or
    stack_trace_filter: `FUNC`, `FUNC:command[:args]`, `!FUNC:command`, and
    powerpc's `.FUNC`;
  - a variable set by a command substitution counts with the words it echoes
    and the literal identifiers of a grep pattern it runs over /proc/kallsyms
    or available_filter_functions (FUNCTION_FORK is `kernel_clone` or
    `_do_fork`; kprobe_eventname.tc's FUNC is found by grepping for vfs_read).
Left out, and listed in the file's header instead:
  - targets picked at run time (a variable with no literal value, such as
    kprobe_eventname.tc's .isra. function or $1 in a helper);
  - globs (`do_execve*`, `*lock*`): they match many functions, and a never-
    inline glob would change much more than the test needs;
  - uprobe targets (a path), addresses, compiler clones (`foo.isra.0`);
  - names with no function definition in the tree's C files (`_do_fork` in
    6.1, or check_error's deliberately bad `non_exist_func`).
A definition is a line of a .c file outside tools/, scripts/ and
Documentation/ that starts in column 0, reads `... NAME(` with no `;`, `=`
or `(` before the name, and does not end with `;` (one `grep -r` over the
tree: 16 s for 6.1 on the project's machine).

--require NAME (repeatable): exit 1 unless NAME is on the list.
Exit status: 0 written, 1 an error or a failed --require, 2 usage.
"""

import argparse
import os
import re
import subprocess
import sys

TOOL = "never_inline_from_selftests"
FILTER_FILES = ("set_ftrace_filter", "set_graph_function", "stack_trace_filter")
DYNAMIC = "\x00"  # DYNAMIC + NAME + DYNAMIC stands for $NAME's value, known only at run time
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
MAX_EXPANSIONS = 64


class Error(Exception):
    pass


# ---- reading shell ------------------------------------------------------------
def logical_lines(text):
    """The shell text as logical lines: comments dropped, backslash-newlines
    joined, and lines joined while a quote, backtick or $( is open."""
    out, cur, depth = [], "", 0
    quote = None  # "'", '"', '`'
    lines = text.split("\n")
    for raw in lines:
        i, kept = 0, ""
        while i < len(raw):
            c = raw[i]
            if quote == "'":
                if c == "'":
                    quote = None
            elif c == "\\" and i + 1 < len(raw):
                kept += raw[i : i + 2]
                i += 2
                continue
            elif quote in ('"', "`"):
                if c == quote:
                    quote = None
            elif c in "'\"`":
                quote = c
            elif c == "#" and (i == 0 or raw[i - 1] in " \t;(") and depth == 0:
                break  # a comment to the end of the line
            elif raw.startswith("$(", i):
                depth += 1
            elif c == ")" and depth > 0:
                depth -= 1
            kept += c
            i += 1
        if kept.endswith("\\") and not kept.endswith("\\\\"):
            cur += kept[:-1]
            continue
        cur += kept
        if quote or depth:
            cur += "\n"
            continue
        if cur.strip():
            out.append(cur)
        cur = ""
    if cur.strip():
        out.append(cur)
    return out


def read_word(s, i):
    """The shell word starting at s[i]: returns (raw text, end index)."""
    j, quote, depth = i, None, 0
    while j < len(s):
        c = s[j]
        if quote == "'":
            if c == "'":
                quote = None
        elif c == "\\":
            j += 2
            continue
        elif quote in ('"', "`"):
            if c == quote:
                quote = None
        elif c in "'\"`":
            quote = c
        elif s.startswith("$(", j):
            depth += 1
        elif c == ")" and depth:
            depth -= 1
        elif depth == 0 and (c.isspace() or c in ";|&<>()"):
            break
        j += 1
    return s[i:j], j


def unquote(word):
    """A word's text with quotes removed (no expansion)."""
    out, i, quote = "", 0, None
    while i < len(word):
        c = word[i]
        if quote == "'":
            if c == "'":
                quote = None
            else:
                out += c
        elif c == "\\" and i + 1 < len(word):
            out += word[i + 1]
            i += 2
            continue
        elif c == quote:
            quote = None
        elif quote is None and c in "'\"":
            quote = c
        else:
            out += c
        i += 1
    return out


def substitution_candidates(cmd):
    """What a command substitution may print, as far as literals tell: the
    words it echoes, and the identifiers of a grep pattern it runs over the
    kernel's symbol lists. Empty when nothing literal is found."""
    names = []
    for m in re.finditer(r"\becho\s+('[^']*'|\"[^\"]*\"|[^\s;|&)]+)", cmd):
        w = unquote(m.group(1))
        if IDENT.fullmatch(w):
            names.append(w)
    if "/proc/kallsyms" in cmd or "available_filter_functions" in cmd:
        for m in re.finditer(r"\bgrep\b((?:\s+-[A-Za-z]+)*)\s+('[^']*'|\"[^\"]*\"|[^\s;|&)]+)", cmd):
            pattern = unquote(m.group(2))
            if re.search(r"\$[A-Za-z_{(]", pattern):
                continue  # a variable: not a literal
            pattern = re.sub(r"\[[^]]*\]", " ", pattern)  # bracket expressions
            pattern = re.sub(r"\\[bBwW<>]", " ", pattern)  # word anchors
            for ident in IDENT.findall(pattern):
                if len(ident) > 2 and ident not in names:
                    names.append(ident)
    return names


def assignment_values(name, word):
    """The values that the assignment NAME=WORD may give."""
    subst = re.search(r"`([^`]*)`|\$\((.*)\)", word, re.S)
    if subst:
        cmd = subst.group(1) if subst.group(1) is not None else subst.group(2)
        names = substitution_candidates(cmd)
        prefix, suffix = word[: subst.start()], word[subst.end() :]
        if names:  # the command picks one of these (FUNCTION_FORK)
            return [unquote(prefix + n + suffix) for n in names]
        return [unquote(prefix) + DYNAMIC + name + DYNAMIC + unquote(suffix)]
    return [unquote(word)]


def assignments(lines):
    """NAME -> candidate values, from every `NAME=WORD` in the lines."""
    found = {}
    for line in lines:
        for m in re.finditer(r"(?:^|[\s;&|(])(?:local\s+|export\s+|readonly\s+)?([A-Za-z_][A-Za-z0-9_]*)=", line):
            word, _ = read_word(line, m.end())
            vals = found.setdefault(m.group(1), [])
            for v in assignment_values(m.group(1), word):
                if v not in vals:
                    vals.append(v)
    return found


def expand(line, variables, depth=0):
    """The line with $NAME and ${NAME} replaced (outside single quotes) by
    each of their values: a list of lines (at most MAX_EXPANSIONS)."""
    i, quote = 0, None
    while i < len(line):
        c = line[i]
        if quote == "'":
            if c == "'":
                quote = None
        elif c == "\\":
            i += 2
            continue
        elif c == '"':
            quote = None if quote == '"' else '"'
        elif c == "'" and quote is None:
            quote = "'"
        elif c == "$":
            m = re.match(r"\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))", line[i:])
            if m:
                name = m.group(1) or m.group(2)
                if name in variables and depth < 6:
                    out = []
                    for v in variables[name]:
                        for rest in expand(line[i + m.end() :], variables, depth + 1):
                            out.append(line[:i] + v + rest)
                            if len(out) >= MAX_EXPANSIONS:
                                return out
                    # A value may itself name variables ($DEF1 = "p:$EVENT_NAME $SYM1").
                    return [x for o in out for x in expand(o, variables, depth + 1)][:MAX_EXPANSIONS]
        i += 1
    return [line]


# ---- what the tests name ----------------------------------------------------
PROBE = re.compile(
    r"(?:(?<=^)|(?<=['\"])|(?<=\becho\s))\s*!?(?P<type>[prf])(?P<max>\d*)(?::(?P<event>[^\s'\"]*))?\s+(?P<target>[^\s'\"]+)"
)
FILTER = re.compile(r"\becho\s+(?P<args>.*?)\s*>>?\s*(?:[^\s;]*/)?(?P<file>" + "|".join(FILTER_FILES) + r")\b")


def classify(token):
    """(kind, name): kind is name, dynamic, glob, uprobe, address, clone or
    bad; name is the function (without module, offset, %return, leading
    dot) when kind is name."""
    if re.match(r"^(0x)?[0-9]", token):
        return "address", token.replace(DYNAMIC, "$", 1).replace(DYNAMIC, "", 1)
    if "/" in token:
        return "uprobe", token
    if any(ch in token for ch in "*?["):
        return "glob", token
    sym = token.split(":", 1)[1] if re.match(r"^[A-Za-z0-9_-]+:", token) else token  # MOD:SYM
    # An offset or %return; a run-time value right after a name is an offset
    # too (probepoint.tc: ${TARGET_FUNC}${PREV}).
    sym = re.sub(r"(%return|[+-].*|(?<=.)\x00.*)$", "", sym).lstrip(".")
    if not sym or "$" in sym or DYNAMIC in sym:
        # Named by its variable: $FUNC, ${i}
        var = re.match(r"\x00([A-Za-z_0-9]+)|\$\{?([A-Za-z_0-9]+)\}?", sym)
        return "dynamic", "$" + (var.group(1) or var.group(2)) if var else sym
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_.]+)", sym):
        return "clone", token
    if not IDENT.fullmatch(sym):
        return "bad", token
    return "name", sym


def named_in_line(line):
    """(kind, token) for every function a logical line names."""
    out = []
    plain = line.replace("^", "")  # check_error's position marker
    for m in PROBE.finditer(plain):
        out.append(classify(m.group("target")))
    for m in FILTER.finditer(line):
        rest = m.group("args")
        i = 0
        while i < len(rest):
            if rest[i].isspace():
                i += 1
                continue
            word, i = read_word(rest, i)
            for w in unquote(word).split():
                w = w.lstrip("!")
                func = w.split(":", 1)[0] if not w.startswith(DYNAMIC) else w
                if func:
                    out.append(classify(func))
    return out


def scan(ftrace_dir):
    """Returns names (name -> sorted tests), others (kind -> {token: tests})."""
    functions = os.path.join(ftrace_dir, "test.d", "functions")
    global_vars = {}
    if os.path.exists(functions):
        global_vars = assignments(logical_lines(open(functions, encoding="utf-8", errors="replace").read()))
    tests = []
    for root, dirs, files in os.walk(ftrace_dir):
        dirs[:] = sorted(d for d in dirs if d != "logs")
        tests += [os.path.join(root, f) for f in sorted(files) if f.endswith(".tc")]
    if not tests:
        raise Error(f"no .tc files under {ftrace_dir}")
    names, others = {}, {}
    for path in tests:
        rel = os.path.relpath(path, ftrace_dir)
        lines = logical_lines(open(path, encoding="utf-8", errors="replace").read())
        variables = dict(global_vars)
        for k, v in assignments(lines).items():
            variables[k] = v
        for line in lines:
            for expanded in expand(line, variables):
                for kind, token in named_in_line(expanded):
                    if kind == "name":
                        names.setdefault(token, set()).add(rel)
                    else:
                        others.setdefault(kind, {}).setdefault(token, set()).add(rel)
    return names, others, len(tests)


def definitions(ksrc, names):
    """name -> sorted source files (relative to ksrc) that define it."""
    if not names:
        return {}
    alternation = "|".join(sorted(names))
    cmd = ["grep", "-rIE", "--include=*.c", "--exclude-dir=tools", "--exclude-dir=scripts",
           "--exclude-dir=Documentation", "--exclude-dir=.git",
           r"^[A-Za-z_][^;=(]*[ *](" + alternation + r")\(", "."]
    r = subprocess.run(cmd, cwd=ksrc, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode not in (0, 1):
        raise Error(f"grep over {ksrc} failed: {r.stderr.strip()}")
    found = {}
    head = re.compile(r"^[A-Za-z_][^;=(]*[ *]([A-Za-z_][A-Za-z0-9_]*)\(")
    for line in r.stdout.splitlines():
        path, _, text = line.partition(":")
        m = head.match(text)
        # A declaration ends its line with ';' (one spread over lines is
        # taken for a definition: harmless, the name exists).
        if m and m.group(1) in names and not text.rstrip().endswith(";"):
            found.setdefault(m.group(1), set()).add(os.path.normpath(path))
    # Common code first, then arm64's, then other architectures'.
    order = lambda p: (p.startswith("arch/") and not p.startswith("arch/arm64/"), p.startswith("arch/"), p)
    return {k: sorted(v, key=order) for k, v in found.items()}


def kernel_version(ksrc):
    try:
        text = open(os.path.join(ksrc, "Makefile"), encoding="utf-8").read(2000)
    except OSError:
        return "unknown"
    v = {k: (re.search(rf"^{k} = *(\S*)", text, re.M) or [None, ""])[1] for k in ("VERSION", "PATCHLEVEL", "SUBLEVEL")}
    return f"{v['VERSION']}.{v['PATCHLEVEL']}.{v['SUBLEVEL']}" if v["VERSION"] else "unknown"


# ---- writing the policy ------------------------------------------------------
def wrap(prefix, items, width=100):
    """Comment lines '# PREFIX item, item, ...' wrapped under width characters
    (the policy parser takes lines of at most 198)."""
    lines, cur = [], "# " + prefix
    for k, item in enumerate(items):
        piece = item + ("," if k < len(items) - 1 else "")
        if len(cur) + 1 + len(piece) > width and cur.strip("# "):
            lines.append(cur)
            cur = "#     " + piece
        else:
            cur += (" " if not cur.endswith(" ") else "") + piece
    lines.append(cur)
    return lines


def render(ksrc, out_name, names, others, ntests, defs):
    listed = sorted(n for n in names if n in defs)
    undefined = sorted(n for n in names if n not in defs)
    lines = [
        "# SPDX-License-Identifier: GPL-3.0-or-later",
        f"# {out_name}: the functions that the ftrace selftests of Linux {kernel_version(ksrc)} probe or",
        "# filter on by name, kept out of line so the tests still find them. A policy file",
        "# (docs/policy.md): -fplugin-arg-inlinetune-policy=FILE.",
        f"# Generated by bench/never_inline_from_selftests.py from tools/testing/selftests/ftrace",
        f"# ({ntests} .tc files); do not edit, run it again (docs/kernel.md, \"The never-inline list\").",
        f"# {len(listed)} functions. Each entry's comment: where the function is defined, then the tests.",
        "#",
    ]
    reasons = {
        "dynamic": "Picked at run time (not listable):",
        "glob": "Globs (match many functions; left out):",
        "uprobe": "Uprobe targets (user space):",
        "address": "Addresses:",
        "clone": "Compiler clone names:",
        "bad": "Malformed targets (the syntax-error tests):",
    }
    for kind in ("dynamic", "glob", "clone", "bad", "uprobe", "address"):
        for token, tests in sorted(others.get(kind, {}).items()):
            lines += wrap(f"{reasons[kind]} {token}:", sorted(tests))
    if undefined:
        for n in undefined:
            lines += wrap(f"Named, but no definition in this tree (left out): {n}:", sorted(names[n]))
    lines += ["", "[rule ftrace selftests]"]
    for n in listed:
        where = ", ".join(defs[n]) if len(defs[n]) <= 2 else f"{defs[n][0]} and {len(defs[n]) - 1} other files"
        lines += wrap(f"{n} ({where}):", sorted(names[n]))
        lines.append(f"never-inline = {n}")
    return "\n".join(lines) + "\n", listed


def main(argv):
    ap = argparse.ArgumentParser(prog="never_inline_from_selftests.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--ksrc", default=os.environ.get("KSRC") or os.path.join(
        os.environ.get("INLINETUNE_CACHE") or os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "inlinetune"),
        "linux-source-6.1"), help="kernel tree (default: $KSRC, else the cache's linux-source-6.1)")
    ap.add_argument("-o", "--output", help="write the policy here (default: stdout)")
    ap.add_argument("--require", action="append", default=[], metavar="NAME", help="fail unless NAME is listed")
    try:
        args = ap.parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0
    try:
        ftrace_dir = os.path.join(args.ksrc, "tools", "testing", "selftests", "ftrace")
        if not os.path.isdir(ftrace_dir):
            raise Error(f"{args.ksrc} has no tools/testing/selftests/ftrace (is --ksrc a kernel tree?)")
        names, others, ntests = scan(ftrace_dir)
        defs = definitions(args.ksrc, set(names))
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        out_name = "this list"
        if args.output:
            out = os.path.abspath(args.output)
            out_name = os.path.relpath(out, root) if out.startswith(root + os.sep) else os.path.basename(out)
        text, listed = render(args.ksrc, out_name, names, others, ntests, defs)
        if args.output:
            tmp = args.output + ".tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, args.output)
        else:
            sys.stdout.write(text)
        missing = [n for n in args.require if n not in listed]
        print(f"{TOOL}: {len(listed)} functions from {ntests} tests of {ftrace_dir}"
              f"{' -> ' + args.output if args.output else ''}", file=sys.stderr)
        if missing:
            raise Error(f"required but not on the list: {', '.join(missing)}")
    except (Error, OSError) as e:
        print(f"{TOOL}: error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
