#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The demo's "top decision flips": from `inlinetune diff --format json`,
the functions whose real bytes changed most, each with how many of its call
sites flipped (to inlined, to not inlined) and the first of them; then the
functions that vanished (inlined everywhere) and appeared (now out of line)
most bytes first.  A compact view of the diff's tables, for a terminal.

    demo_flips.py DIFF.json [--top N]
"""
import argparse
import json
import sys


def flips_text(flips, width):
    """'12 flips (10 to inlined, 2 not): +caller->callee (was REASON)'."""
    if not flips:
        return "no flips (sizes moved with other functions' decisions)"
    up = sum(1 for f in flips if f["to"] == "inlined")
    first = flips[0]
    sign = "+" if first["to"] == "inlined" else "-"
    why = first["base_reason"] if first["to"] == "inlined" else first["new_reason"]
    text = (f"{len(flips)} flip{'s' if len(flips) != 1 else ''} ({up} to inlined, {len(flips) - up} not): "
            f"{sign}{first['caller']}->{first['callee']} ({'was ' if sign == '+' else ''}{why})")
    return text if len(text) <= width else text[: width - 3] + "..."


def num(v):
    return "-" if v is None else f"{v:,}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("diff")
    ap.add_argument("--top", type=int, default=10)
    args = ap.parse_args()
    try:
        with open(args.diff, encoding="utf-8") as f:
            d = json.load(f)
        s = d["summary"]
        functions = d["functions"]
    except (OSError, ValueError, KeyError) as e:
        sys.exit(f"demo_flips.py: {args.diff}: not an inlinetune diff in JSON: {e}")

    print(f"== Top decision flips: {s['to_inlined']:,} call sites flipped to inlined, {s['to_not_inlined']:,} to not "
          f"inlined; .text of the TUs {num(s['bytes_base'])} -> {num(s['bytes_new'])} bytes "
          f"({s['bytes_delta']:+,}, {s['bytes_percent']:+.2f}%)")
    print(f"   The {args.top} functions whose bytes changed most, and the flips that changed them:")
    print(f"   {'function':<28} {'file':<28} {'bytes':>18} {'delta':>7}  flips")
    rows = sorted(functions, key=lambda r: (-abs(r["delta"] or 0), r["function"], r["file"]))
    for r in rows[: args.top]:
        size = f"{num(r['base'])} -> {num(r['new'])}"
        print(f"   {r['function'][:28]:<28} {r['file'][:28]:<28} {size:>18} {r['delta']:>+7,}  {flips_text(r['flips'], 100)}")
    for key, what in (("vanished", "inlined into every caller, no longer out of line"),
                      ("appeared", "out of line now, inlined everywhere before")):
        rows = sorted(d.get(key, []), key=lambda r: (-(r["base"] or r["new"] or 0), r["function"]))
        total = len(rows) + d.get(key + "_omitted", 0)
        names = ", ".join(f"{r['function']} ({num(r['base'] if key == 'vanished' else r['new'])} B)" for r in rows[:6])
        print(f"   {total:,} functions {key} ({what}){': ' + names if names else ''}{', ...' if total > 6 else ''}")


if __name__ == "__main__":
    main()
