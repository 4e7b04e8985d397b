#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a guest profile (docs/guest-profile.md, format 2) for the tools
tests, with the counts given and the sums and modelled cycles computed.

  guest-profile.py OUT [options] REGION...

REGION: WORKLOAD[:ITERATIONS]/FUNC=INSNS[:L1I:L1D:L2[:L1I_FA:L1D_FA:L2_FA]],
FUNC=...  (WORKLOAD '_': not joined, null workload, metric and iterations).
The fully associative hierarchy's misses (the _fa counts) default to the
set-associative ones less a fifth, rounded down (10 -> 8, 1 -> 1): no
conflict misses below 5.  FUNC '[user]' is user space, '[kernel unknown]'
has no addr.  Two models, n1 and small: small has twice n1's misses, _fa
ones too.  Options break the file on purpose: --incomplete REASON,
--version N, --format F, --second-header, --unknown-region, --bad-sum (one
instruction more in the last region's first function), --bad-sum-fa (one
l1i_fa miss of n1 more there), --bad-cycles, --bad-cycles-fa (one cycle
more in n1's cycles or cycles_fa of the last region), --drop KEY (the last
region line's n1 misses without KEY, e.g. l1i_fa), --no-models.
"""
import argparse
import json

KEYS = ("l1i", "l1d", "l2", "l1i_fa", "l1d_fa", "l2_fa")
MODELS = [("n1", 65536, 4, 1048576, 8, 12, 120), ("small", 4096, 2, 32768, 4, 10, 100)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--incomplete")
    ap.add_argument("--version", type=int, default=2)
    ap.add_argument("--format", default="inlinetune-guest-profile")
    ap.add_argument("--second-header", action="store_true")
    ap.add_argument("--unknown-region", action="store_true")
    ap.add_argument("--bad-sum", action="store_true")
    ap.add_argument("--bad-sum-fa", action="store_true")
    ap.add_argument("--bad-cycles", action="store_true")
    ap.add_argument("--bad-cycles-fa", action="store_true")
    ap.add_argument("--drop")
    ap.add_argument("--no-models", action="store_true")
    ap.add_argument("regions", nargs="*")
    a = ap.parse_intermixed_args()
    models = [] if a.no_models else MODELS
    header = {"format": a.format, "format_version": a.version, "tool": "guestprof 0.1 (test)",
              "qemu_plugin_version": 1, "vmlinux": "vmlinux", "vmlinux_build_id": None,
              "models": [{"name": n, "l1i": {"size": s, "ways": w, "line": 64},
                          "l1d": {"size": s, "ways": w, "line": 64},
                          "l2": {"size": s2, "ways": w2, "line": 64},
                          "latency": {"l2_hit": hit, "memory": mem}}
                         for n, s, w, s2, w2, hit, mem in models],
              "complete": a.incomplete is None, "error": a.incomplete, "regions": len(a.regions)}
    lines = [header]
    if a.second_header:
        lines.append(header)
    lines.append({"kind": "run", "insns": 10 ** 9,
                  "misses": {m[0]: {"l1i": 1, "l1d": 1, "l2": 1,
                                    "l1i_fa": 1, "l1d_fa": 1, "l2_fa": 1} for m in models}})
    for i, spec in enumerate(a.regions, 1):
        name, funcs = spec.split("/", 1)
        workload, _, iterations = name.partition(":")
        fl = []
        for f in funcs.split(","):
            fname, counts = f.rsplit("=", 1)
            c = [int(x) for x in counts.split(":")] + [0, 0, 0]
            if len(c) < 10:
                c = c[:4] + [x - x // 5 for x in c[1:4]]
            fl.append((fname, c[0], c[1:7]))
        miss = lambda c, k: dict(zip(KEYS, (x * (k + 1) for x in c)))
        insns = sum(f[1] for f in fl)
        rm = {m[0]: {key: sum(miss(f[2], k)[key] for f in fl) for key in KEYS}
              for k, m in enumerate(models)}
        formula = lambda m, s: insns + (rm[m[0]]["l1i" + s] + rm[m[0]]["l1d" + s]) * m[5] + \
            rm[m[0]]["l2" + s] * m[6]
        cycles = {m[0]: formula(m, "") for m in models}
        cycles_fa = {m[0]: formula(m, "_fa") for m in models}
        last = i == len(a.regions)
        if a.bad_cycles and last and models:
            cycles[models[0][0]] += 1
        if a.bad_cycles_fa and last and models:
            cycles_fa[models[0][0]] += 1
        if a.drop and last and models:
            del rm[models[0][0]][a.drop]
        joined = workload != "_"
        lines.append({"kind": "region", "region": i, "workload": workload if joined else None,
                      "metric": "instructions_per_op" if joined else None,
                      "iterations": int(iterations) if joined and iterations else None,
                      "insns": insns, "misses": rm, "cycles": cycles, "cycles_fa": cycles_fa})
        for j, (fname, n, c) in enumerate(fl):
            line = {"kind": "function", "region": i + (1 if a.unknown_region and last else 0),
                    "function": fname}
            if fname not in ("[user]", "[kernel unknown]"):
                line["addr"] = "0xffff8000%08x" % (0x10000 + 0x100 * j)
            line.update({"space": "user" if fname == "[user]" else "kernel",
                         "insns": n + (1 if a.bad_sum and last and j == 0 else 0), "calls": n // 10,
                         "misses": {m[0]: miss(c, k) for k, m in enumerate(models)}})
            if a.bad_sum_fa and last and j == 0 and models:
                line["misses"][models[0][0]]["l1i_fa"] += 1
            lines.append(line)
    with open(a.out, "w") as out:
        for o in lines:
            out.write(json.dumps(o) + "\n")


main()
