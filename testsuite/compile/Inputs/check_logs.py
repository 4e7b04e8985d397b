#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the decision logs of a build of gen_tus.py's project.

usage: check_logs.py check MANIFEST PATH [--out OUT] [--source-prefix P] [--object-re RE]
       check_logs.py same A B [--ignore-object]

check: PATH is a log=DIR directory or a .jsonl stream (`inlinetune extract`'s
  output).  Every TU of MANIFEST (gen_tus.py's manifest.json) must have exactly
  one log, and nothing else may be there: a directory holds exactly the files
  the plugin names after the objects (OUT/dKK/fN.o -> OUT%dKK%fN.o.jsonl),
  no temporary file.  Each log must be complete and unmixed: every line a JSON
  object ending in '\\n'; one "tu" header first, with "object" OUT/dKK/fN.o
  (or matching --object-re) and "source" P + dKK/fN.c; then "site" records,
  then "function" records, one for each function the TU defines and no other;
  every name a record holds (caller, lexical caller, callee, chain, function)
  one of the TU's own (tuNNN_*).
same: A and B (directories or streams) hold the same TUs, by "source", with
  the same records in the same order; --ignore-object leaves the header's
  "object" out of the comparison.
Prints one line per problem and a summary; exits 1 on any problem.
"""
import argparse
import json
import os
import re
import sys

ORDER = {"tu": 0, "site": 1, "function": 2}


def read_tus(path):
    """[(origin, [(line_text, record)])]: one entry per TU header."""
    files = [path]
    if os.path.isdir(path):
        files = [os.path.join(path, f) for f in sorted(os.listdir(path))]
    tus = []
    for f in files:
        with open(f, "rb") as fh:
            data = fh.read()
        lines = data.split(b"\n")
        if lines[-1] != b"":
            tus.append((f, [(None, "truncated: the last line has no '\\n'")]))
        current = None
        for n, raw in enumerate(lines[:-1], 1):
            try:
                rec = json.loads(raw)
                if not isinstance(rec, dict):
                    raise ValueError("not a JSON object")
            except ValueError as e:
                rec = f"line {n}: {e}"
            if isinstance(rec, dict) and rec.get("record") == "tu" or current is None:
                current = (f, [])
                tus.append(current)
            current[1].append((raw.decode("utf-8", "replace"), rec))
    return files, tus


def check(args):
    with open(args.manifest) as f:
        manifest = json.load(f)
    problems = []
    expected = {}  # object -> manifest entry
    for obj, entry in manifest.items():
        expected[os.path.join(args.out, obj) if args.out else obj] = entry
    files, tus = read_tus(args.path)
    if os.path.isdir(args.path):
        want = {o.replace("/", "%") + ".jsonl" for o in expected} if not args.object_re else None
        have = {os.path.basename(f) for f in files}
        if want is not None:
            for name in sorted(have - want):
                problems.append(f"{name}: unexpected file in the log directory")
            for name in sorted(want - have):
                problems.append(f"{name}: missing")
        elif len(have) != len(expected):
            problems.append(f"{len(have)} files for {len(expected)} TUs")
    seen = {}
    records = 0
    per_file = {}
    for origin, _ in tus:
        per_file[origin] = per_file.get(origin, 0) + 1
    if os.path.isdir(args.path):
        for origin, n in sorted(per_file.items()):
            if n > 1:
                problems.append(f"{os.path.basename(origin)}: {n} TUs in one log file (mixed)")
    for origin, lines in tus:
        where = os.path.basename(origin)
        bad = [r for _, r in lines if not isinstance(r, dict)]
        if bad:
            problems.extend(f"{where}: {b}" for b in bad)
            continue
        header = lines[0][1]
        if header.get("record") != "tu" or header.get("schema") != 2:
            problems.append(f"{where}: does not start with a schema 2 TU header")
            continue
        obj, source = header.get("object"), header.get("source", "")
        rel = source[len(args.source_prefix):] if source.startswith(args.source_prefix) else None
        entry = next((e for e in expected.values() if e["source"] == rel), None)
        if entry is None:
            problems.append(f"{where}: source {source!r} is no TU of the manifest")
            continue
        where = f"{where} ({entry['source']})"
        if args.object_re:
            if not re.fullmatch(args.object_re, obj or ""):
                problems.append(f"{where}: object {obj!r} does not match {args.object_re!r}")
        elif expected.get(obj) is not entry:
            problems.append(f"{where}: object {obj!r}, expected the one of {entry['source']}")
        if os.path.isdir(args.path) and os.path.basename(origin) != (obj or "").replace("/", "%") + ".jsonl":
            problems.append(f"{where}: the log of object {obj!r} is in the wrong file")
        if entry["source"] in seen:
            problems.append(f"{where}: a second log for this TU (first in {seen[entry['source']]})")
        seen[entry["source"]] = origin
        own = set(entry["functions"])
        stage, functions = 0, []
        for n, (_, rec) in enumerate(lines[1:], 2):
            records += 1
            kind = rec.get("record")
            if kind not in ORDER or ORDER[kind] < stage or kind == "tu":
                problems.append(f"{where}: line {n}: record {kind!r} out of order")
                break
            stage = ORDER[kind]
            names = []
            if kind == "site":
                names = [rec.get("caller"), rec.get("callee")] + rec.get("chain", [])
                if "lexical_caller" in rec:
                    names.append(rec["lexical_caller"])
            else:
                names = [rec.get("name")]
                functions.append(rec.get("name"))
            for name in names:
                if name not in own:
                    problems.append(f"{where}: line {n}: {name!r} is not a function of this TU")
        if sorted(functions) != sorted(own):
            problems.append(f"{where}: function records {sorted(functions)}, expected {sorted(own)}"
                            " (a log cut short?)")
    for entry in expected.values():
        if entry["source"] not in seen:
            problems.append(f"{entry['source']}: no log")
    for p in problems:
        print(p)
    print(f"{len(seen)} TUs, {records} records, {len(problems)} problems")
    return 1 if problems else 0


def same(args):
    def by_source(path):
        out = {}
        for origin, lines in read_tus(path)[1]:
            header = lines[0][1] if isinstance(lines[0][1], dict) else {}
            key = header.get("source", origin)
            texts = []
            for i, (raw, rec) in enumerate(lines):
                if i == 0 and args.ignore_object and isinstance(rec, dict):
                    rec = dict(rec)
                    rec.pop("object", None)
                    raw = json.dumps(rec, separators=(",", ":"), ensure_ascii=False)
                texts.append(raw)
            out.setdefault(key, []).append(texts)
        return out

    a, b = by_source(args.a), by_source(args.b)
    problems = []
    for key in sorted(set(a) | set(b)):
        if key not in a or key not in b:
            problems.append(f"{key}: only in {args.a if key in a else args.b}")
        elif len(a[key]) != 1 or len(b[key]) != 1:
            problems.append(f"{key}: {len(a[key])} and {len(b[key])} logs")
        elif a[key] != b[key]:
            x, y = a[key][0], b[key][0]
            n = next((i for i in range(min(len(x), len(y))) if x[i] != y[i]), min(len(x), len(y)))
            problems.append(f"{key}: differs from record {n + 1} on")
    for p in problems:
        print(p)
    print(f"{len(set(a) | set(b))} TUs, {len(problems)} differ")
    return 1 if problems else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("check")
    c.add_argument("manifest")
    c.add_argument("path")
    c.add_argument("--out", default="")
    c.add_argument("--source-prefix", default="")
    c.add_argument("--object-re")
    s = sub.add_parser("same")
    s.add_argument("a")
    s.add_argument("b")
    s.add_argument("--ignore-object", action="store_true")
    args = ap.parse_args()
    return check(args) if args.cmd == "check" else same(args)


if __name__ == "__main__":
    sys.exit(main())
