#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""testsuite/kernel/Inputs/profile_top.py PROFILE [N [METRICS]]: per region of a
joined guest profile (docs/guest-profile.md), one line with its workload,
instructions, iterations and the sums over its function lines (instructions
and every model's misses, computed here, not trusted from the harness), then
its N (default 5) kernel functions with the most instructions, most first:

  region 1 getppid iterations=200000 insns=N sum_insns=N n1.l1i=N sum_n1.l1i=N ...
    kernel 1 el0t_64_sync insns=N calls=N

With METRICS (the boot's metrics.txt), the region line ends with
"metric=VALUE region=INSNS/ITERATIONS close=yes|no": close when the two
differ by less than 0.1% (the region excludes the clock reads around it).
The guest-profile tests check these lines with FileCheck.
"""
import json
import sys


def main():
    path = sys.argv[1]
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    metrics = [line.split() for line in open(sys.argv[3])] if len(sys.argv) > 3 else None
    objs = [json.loads(line) for line in open(path)]
    models = [m["name"] for m in objs[0]["models"]]
    for r in (o for o in objs if o.get("kind") == "region"):
        fs = [o for o in objs if o.get("kind") == "function" and o["region"] == r["region"]]
        words = [f"region {r['region']} {r['workload']} iterations={r['iterations']}",
                 f"insns={r['insns']} sum_insns={sum(f['insns'] for f in fs)}"]
        for m in models:
            for c in ("l1i", "l1d", "l2"):
                words.append(f"{m}.{c}={r['misses'][m][c]} sum_{m}.{c}={sum(f['misses'][m][c] for f in fs)}")
        if metrics:
            value = float(metrics[r["region"] - 1][2])
            per = r["insns"] / r["iterations"]
            words.append(f"metric={value} region={per:.2f} close={'yes' if abs(per - value) < value * 0.001 else 'no'}")
        print(" ".join(words))
        kernel = sorted((f for f in fs if f["space"] == "kernel" and f["function"] != "[kernel unknown]"),
                        key=lambda f: (-f["insns"], f["function"]))
        for i, f in enumerate(kernel[:top], 1):
            print(f"  kernel {i} {f['function']} insns={f['insns']} calls={f['calls']}")


if __name__ == "__main__":
    main()
