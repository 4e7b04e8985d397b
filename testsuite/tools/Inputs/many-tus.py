#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# many-tus.py DIR TUS SITES: a log directory of TUS schema-2 TUs, each with
# SITES inlined call sites between functions of names its own (every name
# new to a memo of names), one .jsonl file per TU.
import json
import os
import sys

out, tus, sites = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
os.makedirs(out, exist_ok=True)
for t in range(tus):
    header = {"record": "tu", "schema": 2,
              "gcc": {"version": "12.2.0", "target": "x86_64-linux-gnu"},
              "source": f"d/t{t}.c", "object": f"d/t{t}.o", "tag": "",
              "params": {"max-inline-insns-auto": "15"}, "function_params": [],
              "never_inline": [], "forbidden_sites": [], "lto": False,
              "reasons": {"OK": "inlined"}}
    with open(os.path.join(out, f"t{t}.jsonl"), "w") as f:
        f.write(json.dumps(header) + "\n")
        for i in range(sites):
            f.write(json.dumps({"record": "site", "id": f"s{i}", "pass": "inline",
                                "caller": f"f{t}_{i}", "callee": f"g{t}_{i}",
                                "location": f"d/t{t}.c:{i + 1}:1",
                                "inlined": True}) + "\n")
