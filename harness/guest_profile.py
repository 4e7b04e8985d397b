#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""harness/guest_profile.py: guestprof's profile files (format 2, docs/guest-profile.md).

  guest_profile.py [--tool NAME] join RAW METRICS -o PROFILE
  guest_profile.py [--tool NAME] check [--raw] PROFILE

join: RAW is the profile guestprof wrote at QEMU's exit, METRICS the boot's
metrics.txt (harness/qemu.sh: "WORKLOAD METRIC VALUE ITERATIONS" lines, one
per measured region, in the order the regions were opened). PROFILE is RAW
with each region's (and its functions') workload, metric and iterations
filled in from the metric line of the same rank (the function lines are
copied as they are). Refuses (exit 1, PROFILE
not written) a RAW that is missing (QEMU killed before its exit), is not
format 2, says "complete": false, counts other regions than it holds, holds
another number of regions than METRICS has lines, or has a region whose
function lines do not sum to its totals (instructions and every miss count)
or whose modelled cycles (of the set-associative caches and of their fully
associative shadow) are not the documented formula.

check: the same checks on a joined PROFILE (workload, metric and iterations
must be set; with --raw, on the plugin's own file); prints one line per
region.

This file is the one definition of the format's field names in the harness:
bench/kernel_results.py imports it.
"""
import argparse
import json
import os
import re
import sys

FORMAT = "inlinetune-guest-profile"
FORMAT_VERSION = 2
# Line kinds after the header.
RUN, REGION, FUNCTION = "run", "region", "function"
# The miss counters of every model, in the order the tables show them: the
# set-associative caches', then their fully associative shadow's (the 3C
# split: what the shadow does not miss is a conflict miss).
CACHES = ("l1i", "l1d", "l2", "l1i_fa", "l1d_fa", "l2_fa")
# A region's modelled cycles: field -> the suffix of the misses it counts.
CYCLES = {"cycles": "", "cycles_fa": "_fa"}
# Fields the join fills in (null in the plugin's own file).
JOINED = ("workload", "metric", "iterations")
NAME = re.compile(r"^[a-z0-9_]+$")


class Refusal(Exception):
    pass


def refuse(path, message):
    raise Refusal(f"{path}: {message}")


def cycles(model, insns, misses, suffix=""):
    """Modelled cycles (docs/guest-profile.md): one per instruction, the L2
    hit latency per L1 miss, the memory latency per L2 miss; of the misses
    named with SUFFIX (CYCLES)."""
    lat = model["latency"]
    return (insns + (misses["l1i" + suffix] + misses["l1d" + suffix]) * lat["l2_hit"]
            + misses["l2" + suffix] * lat["memory"])


class Profile:
    """A profile read and checked: header, run totals, regions (each a dict
    with its 'functions' list), in file order."""

    def __init__(self, path, joined):
        self.path = path
        try:
            with open(path) as f:
                lines = f.read().splitlines()
        except FileNotFoundError:
            refuse(path, "no such file: guestprof did not write it (QEMU killed before its exit, "
                   "or the plugin not loaded; see the boot's qemu.log)")
        except OSError as e:
            refuse(path, e.strerror)
        objs = []
        for n, line in enumerate(lines, 1):
            try:
                o = json.loads(line)
            except ValueError as e:
                refuse(path, f"line {n}: not JSON ({e})")
            if not isinstance(o, dict):
                refuse(path, f"line {n}: not a JSON object")
            objs.append((n, o))
        if not objs:
            refuse(path, "empty")
        n, h = objs[0]
        if h.get("format") != FORMAT:
            refuse(path, f"not a guest profile (its first line has no \"format\": \"{FORMAT}\")")
        if h.get("format_version") != FORMAT_VERSION:
            refuse(path, f"format_version {h.get('format_version')!r}; this harness reads {FORMAT_VERSION}")
        if h.get("complete") is not True:
            refuse(path, f"incomplete profile (\"complete\": {json.dumps(h.get('complete'))}): "
                   f"{h.get('error') or 'no reason given'}; refusing it")
        self.header = h
        try:
            self.models = [m["name"] for m in h["models"]]
            self.model = {m["name"]: m for m in h["models"]}
            for m in h["models"]:
                m["latency"]["l2_hit"], m["latency"]["memory"]
        except (KeyError, TypeError):
            refuse(path, "the header's models lack name or latency")
        self.run = None
        self.regions = []
        for n, o in objs[1:]:
            kind = o.get("kind")
            where = f"line {n}"
            if kind == RUN:
                if self.run is not None or self.regions:
                    refuse(path, f"{where}: a second run line, or one after the regions")
                self.run = o
            elif kind == REGION:
                if o.get("region") != len(self.regions) + 1:
                    refuse(path, f"{where}: region {o.get('region')!r}, expected {len(self.regions) + 1}")
                o["functions"] = []
                o["line"] = n
                self.regions.append(o)
            elif kind == FUNCTION:
                if not self.regions or o.get("region") != self.regions[-1]["region"]:
                    refuse(path, f"{where}: a function line of region {o.get('region')!r} "
                           f"outside that region's block")
                self.regions[-1]["functions"].append(o)
            else:
                refuse(path, f"{where}: unknown kind {kind!r}")
        if self.run is None:
            refuse(path, "no run line")
        if h.get("regions") != len(self.regions):
            refuse(path, f"the header counts {h.get('regions')!r} regions, the file holds {len(self.regions)}")
        for r in self.regions:
            self.check_region(r, joined)

    def check_region(self, r, joined):
        path, i = self.path, r["region"]
        try:
            insns = r["insns"]
            misses = {m: {c: r["misses"][m][c] for c in CACHES} for m in self.models}
            got_cycles = {(m, k): r[k][m] for m in self.models for k in CYCLES}
            fins = sum(f["insns"] for f in r["functions"])
            fmiss = {m: {c: sum(f["misses"][m][c] for f in r["functions"]) for c in CACHES} for m in self.models}
        except (KeyError, TypeError) as e:
            refuse(path, f"region {i} (line {r['line']}) or one of its functions lacks {e}")
        if fins != insns:
            refuse(path, f"region {i}: its functions sum to {fins} instructions, the region says {insns}")
        for m in self.models:
            for c in CACHES:
                if fmiss[m][c] != misses[m][c]:
                    refuse(path, f"region {i}: its functions sum to {fmiss[m][c]} {c} misses ({m}), "
                           f"the region says {misses[m][c]}")
            for k, suffix in CYCLES.items():
                want = cycles(self.model[m], insns, misses[m], suffix)
                if got_cycles[m, k] != want:
                    refuse(path, f"region {i}: {k} ({m}) {got_cycles[m, k]}, the formula gives {want}")
        if joined:
            if not (isinstance(r.get("workload"), str) and NAME.match(r["workload"])
                    and isinstance(r.get("metric"), str) and NAME.match(r["metric"])
                    and isinstance(r.get("iterations"), int) and r["iterations"] > 0):
                refuse(path, f"region {i}: no workload, metric and iterations (not joined with "
                       f"the boot's metrics: harness/guest_profile.py join)")

    def lines(self):
        """The file's objects, in order, as written."""
        yield self.header
        yield self.run
        for r in self.regions:
            yield {k: v for k, v in r.items() if k not in ("functions", "line")}
            yield from r["functions"]


def read_metrics(path):
    try:
        lines = open(path).read().splitlines()
    except OSError as e:
        refuse(path, e.strerror)
    out = []
    for n, line in enumerate(lines, 1):
        f = line.split()
        if len(f) != 4 or not NAME.match(f[0]) or not NAME.match(f[1]) or not f[3].isdigit() or int(f[3]) == 0:
            refuse(path, f"line {n}: not 'WORKLOAD METRIC VALUE ITERATIONS': '{line}'")
        out.append((f[0], f[1], int(f[3])))
    return out


def write_jsonl(path, objs):
    """Whole or not at all: a temporary file beside PATH, renamed over it."""
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w") as f:
        for o in objs:
            f.write(json.dumps(o) + "\n")
    os.replace(tmp, path)


def join(raw, metrics_path, out):
    p = Profile(raw, joined=False)
    metrics = read_metrics(metrics_path)
    if len(metrics) != len(p.regions):
        refuse(raw, f"{len(p.regions)} measured regions, but the boot printed {len(metrics)} metric "
               f"lines ({metrics_path}): cannot tell which region is which workload; refusing it")
    for r, (workload, metric, iterations) in zip(p.regions, metrics):
        for k in JOINED:
            if r.get(k) is not None:
                refuse(raw, f"region {r['region']}: already joined ({k} is {r[k]!r})")
        r["workload"], r["metric"], r["iterations"] = workload, metric, iterations
    write_jsonl(out, p.lines())
    return p


def main():
    ap = argparse.ArgumentParser(prog="guest_profile.py", description=__doc__.split("\n")[0])
    ap.add_argument("--tool", default="guest-profile")
    sub = ap.add_subparsers(dest="cmd", required=True)
    j = sub.add_parser("join")
    j.add_argument("raw")
    j.add_argument("metrics")
    j.add_argument("-o", "--output", required=True)
    c = sub.add_parser("check")
    c.add_argument("--raw", action="store_true", help="the plugin's own file: regions not joined")
    c.add_argument("profile")
    args = ap.parse_args()
    try:
        if args.cmd == "join":
            join(args.raw, args.metrics, args.output)
        else:
            p = Profile(args.profile, joined=not args.raw)
            for r in p.regions:
                print(f"region {r['region']} {r['workload']} {r['metric']} {r['iterations']} "
                      f"insns={r['insns']} functions={len(r['functions'])}")
    except Refusal as e:
        print(f"{args.tool}: error: step 'guest profile': {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
