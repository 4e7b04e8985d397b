#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""testsuite/bench/Inputs/fake-guestprof.py: what guestprof would write at
QEMU's exit (docs/guest-profile.md, format 2), for the harness's tests.

  fake-guestprof.py OUT MODELS [--incomplete REASON] [--bad-sum] [--bad-cycles]
                    [--header-regions N] REGION...

MODELS: preset names joined by '+' (n1+small). REGION:
INSNS:L1I:L1D:L2[:L1I_FA:L1D_FA:L2_FA], the region's instructions and its
misses under the first model, and its fully associative shadow's misses
(default: the same, no conflict misses); model k (from 0) has 4**k times
those misses. Each region's figures are split over
three functions: el0_svc_common (half, rounded down), [user] (a quarter),
[kernel unknown] (the rest), so that they sum to the region exactly;
--bad-sum adds one instruction to the first function of the last region;
--bad-cycles one cycle to its first model's cycles. --incomplete writes
"complete": false with REASON (the regions seen so far are still listed).
The workload, metric and iterations are null, as the plugin leaves them.
"""
import argparse
import json

LAT = {"l2_hit": 10, "memory": 100}


def split(n):
    a = n // 2
    b = n // 4
    return [a, b, n - a - b]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("models")
    ap.add_argument("--incomplete")
    ap.add_argument("--bad-sum", action="store_true")
    ap.add_argument("--bad-cycles", action="store_true")
    ap.add_argument("--header-regions", type=int)
    ap.add_argument("regions", nargs="*")
    args = ap.parse_intermixed_args()
    models = args.models.split("+")
    geometry = {"size": 65536, "ways": 4, "line": 64}
    header = {"format": "inlinetune-guest-profile", "format_version": 2, "tool": "guestprof 0.0 (fake)",
              "qemu_plugin_version": 1, "vmlinux": "/fake/vmlinux", "vmlinux_build_id": None,
              "models": [{"name": m, "l1i": geometry, "l1d": geometry,
                          "l2": {"size": 1048576, "ways": 8, "line": 64}, "latency": LAT} for m in models],
              "complete": args.incomplete is None, "error": args.incomplete,
              "regions": args.header_regions if args.header_regions is not None else len(args.regions)}
    lines = [header]
    run_insns = 1000000
    run_miss = {m: {"l1i": 1000, "l1d": 1000, "l2": 100, "l1i_fa": 900, "l1d_fa": 950, "l2_fa": 100}
                for m in models}
    body = []
    for i, spec in enumerate(args.regions, 1):
        fields = [int(x) for x in spec.split(":")]
        insns, counts = fields[0], fields[1:] if len(fields) == 7 else fields[1:] * 2
        misses = {m: {c: n * 4 ** k for c, n in zip(CACHES, counts)} for k, m in enumerate(models)}
        cyc = {m: insns + (v["l1i"] + v["l1d"]) * LAT["l2_hit"] + v["l2"] * LAT["memory"] for m, v in misses.items()}
        cyc_fa = {m: insns + (v["l1i_fa"] + v["l1d_fa"]) * LAT["l2_hit"] + v["l2_fa"] * LAT["memory"]
                  for m, v in misses.items()}
        last = i == len(args.regions)
        if args.bad_cycles and last:
            cyc[models[0]] += 1
        body.append({"kind": "region", "region": i, "workload": None, "metric": None, "iterations": None,
                     "insns": insns, "misses": misses, "cycles": cyc, "cycles_fa": cyc_fa})
        parts = split(insns)
        mparts = {m: {c: split(v[c]) for c in v} for m, v in misses.items()}
        for j, (name, space, addr) in enumerate([("el0_svc_common", "kernel", "0xffff8000080123a0"),
                                                 ("[user]", "user", None),
                                                 ("[kernel unknown]", "kernel", None)]):
            f = {"kind": "function", "region": i, "function": name}
            if addr:
                f["addr"] = addr
            f.update({"space": space, "insns": parts[j] + (1 if args.bad_sum and last and j == 0 else 0),
                      "calls": insns // 100 if j == 0 else 0,
                      "misses": {m: {c: mparts[m][c][j] for c in CACHES} for m in models}})
            body.append(f)
        run_insns += insns
    lines.append({"kind": "run", "insns": run_insns, "misses": run_miss})
    lines += body
    with open(args.out, "w") as f:
        for o in lines:
            f.write(json.dumps(o) + "\n")


CACHES = ("l1i", "l1d", "l2", "l1i_fa", "l1d_fa", "l2_fa")

if __name__ == "__main__":
    main()
