#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""bench/kernel_results.py: the numbers of `make bench-kernel` (bench/bench-kernel.sh).

  kernel_results.py samples  METRICS... -o SAMPLES.csv   (one METRICS file per boot)
  kernel_results.py aggregate SAMPLES.csv --variants V,V... [--profile V=PROFILE...] -o RESULTS.csv
  kernel_results.py table RESULTS.csv VARIANTS.csv [--base baseline]
  kernel_results.py cache-summary RESULTS.csv --new VARIANT [--base baseline]

samples: each METRICS file is harness/qemu.sh's metrics.txt of one boot
("WORKLOAD METRIC VALUE ITERATIONS" lines), named on the command line as
VARIANT:LAYOUT:RUN=PATH; the rows go to SAMPLES.csv
(variant,layout,run,workload,metric,value,iterations).

aggregate: one row per workload, metric and variant, in the long layout that
`inlinetune correlate`, `report --results` and `db --results` read
(docs/cli.md): workload,metric,variant,value,runs, then min,max,iterations.
value is the median over the variant's boots (LAYOUTS x RUNS of them), runs
the number of boots, min and max the spread. Refuses (exit 1, no file
written) anything short of complete: a variant without samples, a variant
booted over other layouts or runs than the others, a boot that lacks a
workload another boot has, a workload run with other iterations, a row twice.
With --profile (one per variant, each the joined guest profile of the
variant's profiling boot: harness/guest_profile.sh, docs/guest-profile.md),
each workload's rows are followed by the cache model's, per model M of the
profiles and per variant: l1i_misses_per_op:M, l1d_misses_per_op:M,
l2_misses_per_op:M and the fully associative shadow's l1i_fa_misses_per_op:M,
l1d_fa_misses_per_op:M, l2_fa_misses_per_op:M (misses over the region's
iterations, three decimals), modelled_cycles_per_op:M and
modelled_cycles_fa_per_op:M (the cycles without conflict misses; one
decimal); _per_request for the servers.
One profiling boot per variant: runs 1, min = max = value. The profiles may
hold fewer workloads than the plain boots (PROFILE_WORKLOADS), all the same
ones. Refused too: a variant without a profile or a profile of a variant
not named, profiles with other models or of other workloads, a region of a
workload the plain boots lack or run with other iterations, and any
profile guest_profile.py refuses.

table: per workload (and metric: per op, per request), each variant's
median and spread, its change against
the base variant, and beside it the variant's vmlinux .text change (from
VARIANTS.csv, which bench-kernel.sh writes: variant, vmlinux_text_bytes,
selftests_pass, selftests_total, ...). A change whose ranges overlap the
base's is marked `~` (within the spread of the layouts). When RESULTS.csv
holds the cache model's rows, a second table follows, per workload and
model: L1I, L1D and L2 misses and modelled cycles per op, with and without
conflict misses, each variant's and its change against the base; its header
says that they are a model, not a measurement.

cache-summary: per model, in how many workloads VARIANT took fewer, more or
as many L1I, L1D and L2 misses per op (and modelled cycles, with and
without conflict misses) as the base,
the biggest changes named (bench/demo.sh prints it).

Errors: "bench-kernel: error: step 'STEP': ..." on stderr, exit 1.
"""
import argparse
import csv
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "harness"))
import guest_profile  # noqa: E402  (the profile format's one definition)

TOOL = "bench-kernel"
NAME = re.compile(r"^[a-z0-9_]+$")
NUMBER = re.compile(r"^[0-9]+(\.[0-9]+)?$")


class Refusal(Exception):
    pass


def fail(step, message):
    raise Refusal(f"step '{step}': {message}")


def write_csv(path, header, rows):
    """Writes atomically: a temporary file beside PATH, renamed over it."""
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)
    os.replace(tmp, path)


def cmd_samples(args):
    rows = []
    for spec in args.metrics:
        m = re.match(r"^([A-Za-z0-9._-]+):([0-9]+):([0-9]+)=(.+)$", spec)
        if not m:
            fail("samples", f"'{spec}' is not VARIANT:LAYOUT:RUN=PATH")
        variant, layout, run, path = m.groups()
        try:
            lines = open(path).read().splitlines()
        except OSError as e:
            fail("samples", f"{path}: {e.strerror}")
        if not lines:
            fail("samples", f"{path}: no metrics (variant {variant}, layout {layout}, run {run})")
        for n, line in enumerate(lines, 1):
            f = line.split()
            if (len(f) != 4 or not NAME.match(f[0]) or not NAME.match(f[1])
                    or not NUMBER.match(f[2]) or not f[3].isdigit() or int(f[3]) == 0):
                fail("samples", f"{path}:{n}: not 'WORKLOAD METRIC VALUE ITERATIONS': '{line}'")
            rows.append([variant, layout, run] + f)
    write_csv(args.output, ["variant", "layout", "run", "workload", "metric", "value", "iterations"], rows)


def read_samples(path):
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        fail("aggregate", f"{path}: {e.strerror}")
    need = {"variant", "layout", "run", "workload", "metric", "value", "iterations"}
    if rows and not need <= set(rows[0]):
        fail("aggregate", f"{path}: the header lacks {', '.join(sorted(need - set(rows[0])))}")
    return rows


def cmd_aggregate(args):
    variants = [v for v in args.variants.split(",") if v]
    rows = read_samples(args.samples)
    # boots[variant][(layout, run)] = {(workload, metric): (value, iterations)}
    boots = {}
    order = []  # (workload, metric) in first-seen order
    for r in rows:
        if r["variant"] not in variants:
            fail("aggregate", f"{args.samples}: a sample of variant '{r['variant']}', not one of {', '.join(variants)}")
        key = (r["workload"], r["metric"])
        boot = boots.setdefault(r["variant"], {}).setdefault((r["layout"], r["run"]), {})
        if key in boot:
            fail("aggregate", f"{args.samples}: {r['workload']} {r['metric']} twice in variant {r['variant']}, layout {r['layout']}, run {r['run']}")
        try:
            boot[key] = (float(r["value"]), int(r["iterations"]))
        except ValueError:
            fail("aggregate", f"{args.samples}: variant {r['variant']}, layout {r['layout']}, run {r['run']}: '{r['value']}' or '{r['iterations']}' is not a number")
        if key not in order:
            order.append(key)
    missing = [v for v in variants if v not in boots]
    if missing:
        fail("aggregate", f"no samples of variant(s) {', '.join(missing)}: refusing to write partial results")
    reference = sorted(boots[variants[0]])
    for v in variants:
        if sorted(boots[v]) != reference:
            fail("aggregate", f"variant {v} was booted over layouts/runs {fmt_boots(boots[v])}, "
                 f"{variants[0]} over {fmt_boots(boots[variants[0]])}: refusing to compare them")
        for b, got in boots[v].items():
            lacking = [f"{w} {m}" for (w, m) in order if (w, m) not in got]
            if lacking:
                fail("aggregate", f"variant {v}, layout {b[0]}, run {b[1]} has no result for {', '.join(lacking)}: "
                     "refusing to write partial results")
    out = []
    iterations_of = {}
    for key in order:
        iterations = {boots[v][b][key][1] for v in variants for b in boots[v]}
        if len(iterations) != 1:
            fail("aggregate", f"{key[0]} ran with different iteration counts ({', '.join(map(str, sorted(iterations)))})")
        (iterations_of[key],) = iterations
    profiles, models = read_profiles(args.profile, variants, order, iterations_of)
    for key in order:
        count = iterations_of[key]
        for v in variants:
            values = [boots[v][b][key][0] for b in sorted(boots[v])]
            out.append([key[0], key[1], v, num(statistics.median(values)), len(values),
                        num(min(values)), num(max(values)), count])
        if profiles:
            out += cache_rows(key, variants, profiles, models)
    write_csv(args.output, ["workload", "metric", "variant", "value", "runs", "min", "max", "iterations"], out)


# The cache model's metrics, per model: (name prefix, the region's field,
# its counter or None, decimals): every miss count (the shadow's _fa ones
# too), the modelled cycles and those of the fully associative shadow
# (without conflict misses).
CACHE_METRICS = ([(f"{c}_misses", "misses", c, 3) for c in guest_profile.CACHES]
                 + [(f"modelled_{k}", k, None, 1) for k in guest_profile.CYCLES])


def cache_metric(prefix, per, model):
    """l1i_misses_per_op:n1: the results.csv name of a cache-model metric."""
    return f"{prefix}_{per}:{model}"


def per_of(metric):
    """instructions_per_op -> per_op: what a metric is counted over."""
    return metric[len("instructions_"):] if metric.startswith("instructions_per_") else None


def read_profiles(specs, variants, order, iterations_of):
    """{variant: {(workload, metric): region}} and the models, checked."""
    profiles, models = {}, None
    for spec in specs:
        v, sep, path = spec.partition("=")
        if not sep or not v or not path:
            fail("aggregate", f"--profile '{spec}' is not VARIANT=PROFILE")
        if v not in variants:
            fail("aggregate", f"--profile {spec}: '{v}' is not one of {', '.join(variants)}")
        if v in profiles:
            fail("aggregate", f"two profiles of variant {v}")
        try:
            p = guest_profile.Profile(path, joined=True)
        except guest_profile.Refusal as e:
            fail("aggregate", str(e))
        if models is None:
            models = p.models
        elif p.models != models:
            fail("aggregate", f"{path}: cache models {'+'.join(p.models)}, the other profiles' {'+'.join(models)}")
        regions = {}
        for r in p.regions:
            key = (r["workload"], r["metric"])
            if key in regions:
                fail("aggregate", f"{path}: {key[0]} {key[1]} in regions {regions[key]['region']} and {r['region']}")
            if key not in iterations_of:
                fail("aggregate", f"{path}: a region of {key[0]} {key[1]}, which the plain boots did not measure")
            if r["iterations"] != iterations_of[key]:
                fail("aggregate", f"{path}: {key[0]} ran {r['iterations']} iterations in the profiling boot, "
                     f"{iterations_of[key]} in the others")
            regions[key] = r
        profiles[v] = (p, regions)
    missing = [v for v in variants if v not in profiles]
    if specs and missing:
        fail("aggregate", f"no profile of variant(s) {', '.join(missing)}: refusing to write partial results")
    # Every profile of the same workloads (PROFILE_WORKLOADS may name fewer
    # than the plain boots ran, never other ones per variant).
    if profiles:
        first = variants[0]
        for v in variants[1:]:
            a, b = set(profiles[first][1]), set(profiles[v][1])
            if a != b:
                fail("aggregate", f"the profiles of {first} and {v} hold other workloads "
                     f"({', '.join(sorted(w for w, _ in a ^ b))} in one only): refusing to write partial results")
    return profiles, models or []


def cache_rows(key, variants, profiles, models):
    per = per_of(key[1])
    if per is None or key not in profiles[variants[0]][1]:
        return []
    out = []
    for m in models:
        for prefix, field, counter, decimals in CACHE_METRICS:
            for v in variants:
                p, regions = profiles[v]
                r = regions[key]
                count = r[field][m][counter] if counter else r[field][m]
                value = f"{count / r['iterations']:.{decimals}f}"
                out.append([key[0], cache_metric(prefix, per, m), v, value, 1, value, value, r["iterations"]])
    return out


def fmt_boots(boots):
    return "{" + ", ".join(f"{l}/{r}" for l, r in sorted(boots)) + "}"


def num(x):
    """A number as the CSV holds it: one decimal, as the workloads print them."""
    return f"{x:.1f}"


def pct(new, base):
    return f"{(new / base - 1) * 100:+.1f}%" if base else "-"


def cmd_table(args):
    with open(args.results, newline="") as f:
        results = list(csv.DictReader(f))
    with open(args.builds, newline="") as f:
        builds = {r["variant"]: r for r in csv.DictReader(f)}
    variants = list(builds)
    base = args.base
    if base not in builds:
        fail("table", f"{args.builds} has no variant '{base}'")
    # The cache model's rows (name:model) have their own table.
    cache = [r for r in results if ":" in r["metric"]]
    results = [r for r in results if ":" not in r["metric"]]
    by = {(r["workload"], r["variant"]): r for r in results}
    workloads = []
    for r in results:
        if r["workload"] not in workloads:
            workloads.append(r["workload"])
    text = {v: int(b["vmlinux_text_bytes"]) for v, b in builds.items()}

    print(f"{'variant':<16} {'vmlinux .text':>14} {'vs ' + base:>10}  {'selftests passed':<18} build")
    for v in variants:
        b = builds[v]
        built = "cached" if b.get("cached") == "1" else "built"
        # A resumed build's time is that of its last part only.
        resumed = " (resumed: not a whole build)" if b.get("resumed") == "1" else ""
        print(f"{v:<16} {text[v]:>14,} {pct(text[v], text[base]) if v != base else '':>10}  "
              f"{b['selftests_pass'] + '/' + b['selftests_total']:<18} {built} in {b['build_seconds']} s{resumed}")
    print()
    print("Instructions per operation or request (QEMU -icount: the guest clock counts instructions,"
          " not cycles; code size costs are invisible here, hence .text beside each change).")
    print("median [min..max] over the boots; ~: the change lies within the spread of the layouts.")
    header = ["workload", "per", base]
    for v in variants:
        if v != base:
            header += [v, "change", ".text"]
    table = [header]
    for w in workloads:
        b = by[(w, base)]
        per = b["metric"].replace("instructions_per_", "")
        row = [w, per, cell(b)]
        for v in variants:
            if v == base:
                continue
            r = by[(w, v)]
            within = float(r["min"]) <= float(b["max"]) and float(b["min"]) <= float(r["max"])
            row += [cell(r), pct(float(r["value"]), float(b["value"])) + ("~" if within else " "),
                    pct(text[v], text[base])]
        table.append(row)
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    for row in table:
        out = []
        for i, c in enumerate(row):
            # A bar before each variant's group of three columns.
            sep = " | " if i >= 3 and (i - 3) % 3 == 0 else " "
            out.append((sep if i else "") + (c.ljust(widths[i]) if i < 2 else c.rjust(widths[i])))
        print("".join(out).rstrip())
    runs = {r["runs"] for r in results}
    print(f"{len(workloads)} workloads, {', '.join(sorted(runs))} boots per variant; "
          f"{args.results}")
    if cache:
        print()
        cache_table(cache, workloads, variants, base)


def cache_table(rows, workloads, variants, base):
    """Per workload and model: misses and modelled cycles per op, each
    variant's and its change against BASE."""
    by = {(r["workload"], r["metric"], r["variant"]): r["value"] for r in rows}
    models = []
    for r in rows:
        m = r["metric"].split(":", 1)[1]
        if m not in models:
            models.append(m)
    print("Cache MODEL per operation or request (guestprof, one profiling boot per variant: a model of"
          " L1I, L1D and L2 caches, not a measurement of a real core;")
    print("modelled cycles = instructions + L1 misses x L2 latency + L2 misses x memory latency;"
          " w/o conflicts: the same caches fully associative, docs/guest-profile.md).")
    others = [v for v in variants if v != base]
    header = ["workload", "model"]
    groups = [("L1I misses", "l1i_misses"), ("L1D misses", "l1d_misses"), ("L2 misses", "l2_misses"),
              ("modelled cycles", "modelled_cycles"), ("cycles w/o conflicts", "modelled_cycles_fa")]
    sub = ["", ""]
    for title, _ in groups:
        header += [title] + [""] * (2 * len(others))
        sub += [base] + [x for v in others for x in (v, "change")]
    table = [header, sub]
    for w in workloads:
        for m in models:
            row = [w, m]
            found = False
            for _, prefix in groups:
                names = [k for k in by if k[0] == w and k[1].startswith(prefix + "_per_") and k[1].endswith(":" + m)]
                if not names:
                    row += ["-"] * (1 + 2 * len(others))
                    continue
                found = True
                metric = names[0][1]
                b = by.get((w, metric, base))
                row.append(b or "-")
                for v in others:
                    n = by.get((w, metric, v))
                    row += [n or "-", pct(float(n), float(b)) if n and b else "-"]
            if found:
                table.append(row)
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    step = 1 + 2 * len(others)
    for row in table:
        out = []
        for i, c in enumerate(row):
            sep = " | " if i >= 2 and (i - 2) % step == 0 else " "
            out.append((sep if i else "") + (c.ljust(widths[i]) if i < 2 else c.rjust(widths[i])))
        print("".join(out).rstrip())


def cmd_cache_summary(args):
    with open(args.results, newline="") as f:
        rows = [r for r in csv.DictReader(f) if ":" in r["metric"]]
    if not rows:
        fail("cache summary", f"{args.results} has no cache-model rows (PROFILE_MODELS=none?)")
    value = {(r["workload"], r["metric"], r["variant"]): float(r["value"]) for r in rows}
    models, workloads = [], []
    for r in rows:
        m = r["metric"].split(":", 1)[1]
        if m not in models:
            models.append(m)
        if r["workload"] not in workloads:
            workloads.append(r["workload"])
    print(f"{args.new} against {args.base}, per op or request (guestprof's cache MODEL, not a measurement of a real core):")
    for m in models:
        for label, prefix in (("L1I misses", "l1i_misses"), ("L1D misses", "l1d_misses"),
                              ("L2 misses", "l2_misses"), ("modelled cycles", "modelled_cycles"),
                              ("w/o conflicts", "modelled_cycles_fa")):
            ch = []
            for w in workloads:
                for per in ("per_op", "per_request"):
                    k = f"{prefix}_{per}:{m}"
                    b, n = value.get((w, k, args.base)), value.get((w, k, args.new))
                    if b is not None and n is not None:
                        ch.append((w, (n / b - 1) if b else (0.0 if n == 0 else None)))
            # None: from none to some (no percentage).
            fewer = sorted([c for c in ch if c[1] is not None and c[1] < 0], key=lambda c: c[1])
            more = sorted([c for c in ch if c[1] is None or c[1] > 0],
                          key=lambda c: -float("inf") if c[1] is None else -c[1])
            same = len(ch) - len(fewer) - len(more)

            def names(cs):
                shown = ", ".join(f"{w} from 0" if c is None else f"{w} {c * 100:+.1f}%" for w, c in cs[:3])
                return shown + (", ..." if len(cs) > 3 else "")
            print(f"   {m:<6} {label + ':':<16} fewer in {len(fewer)}" + (f" ({names(fewer)})" if fewer else "")
                  + f", more in {len(more)}" + (f" ({names(more)})" if more else "")
                  + f", as many in {same}")


def cell(r):
    lo, hi = r["min"], r["max"]
    spread = f"[{lo}..{hi}]" if lo != hi else "[=]"
    return f"{r['value']} {spread}"


def main():
    p = argparse.ArgumentParser(prog="kernel_results.py", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("samples")
    s.add_argument("metrics", nargs="+")
    s.add_argument("-o", "--output", required=True)
    a = sub.add_parser("aggregate")
    a.add_argument("samples")
    a.add_argument("--variants", required=True)
    a.add_argument("--profile", action="append", default=[], metavar="VARIANT=PROFILE")
    a.add_argument("-o", "--output", required=True)
    t = sub.add_parser("table")
    t.add_argument("results")
    t.add_argument("builds")
    t.add_argument("--base", default="baseline")
    c = sub.add_parser("cache-summary")
    c.add_argument("results")
    c.add_argument("--new", required=True)
    c.add_argument("--base", default="baseline")
    args = p.parse_args()
    try:
        {"samples": cmd_samples, "aggregate": cmd_aggregate, "table": cmd_table,
         "cache-summary": cmd_cache_summary}[args.cmd](args)
    except Refusal as e:
        print(f"{TOOL}: error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
