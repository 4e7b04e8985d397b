#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Validates decision logs (JSON Lines) against docs/log-schema.json.

usage: validate_log.py LOG.jsonl...

Checks every record against the schema, and the order within a TU: a tu
record first, then site records, then function records.  Prints one line per
problem (file:line: message) and a summary; exits 1 on any problem.
"""
import json
import os
import sys

import jsonschema

SCHEMA = os.path.join(os.path.dirname(__file__), '..', '..', 'docs', 'log-schema.json')
ORDER = {'tu': 0, 'site': 1, 'function': 2}


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(SCHEMA) as f:
        validator = jsonschema.Draft202012Validator(json.load(f))
    problems = records = 0
    for path in sys.argv[1:]:
        stage = None
        with open(path) as f:
            for n, text in enumerate(f, 1):
                records += 1
                try:
                    rec = json.loads(text)
                except json.JSONDecodeError as e:
                    print(f'{path}:{n}: not JSON: {e}')
                    problems += 1
                    continue
                for error in validator.iter_errors(rec):
                    print(f'{path}:{n}: {error.message}')
                    problems += 1
                kind = rec.get('record') if isinstance(rec, dict) else None
                if kind == 'tu':
                    stage = 0
                elif kind in ORDER and (stage is None or ORDER[kind] < stage):
                    print(f'{path}:{n}: a {kind} record out of order (tu, sites, functions)')
                    problems += 1
                elif kind in ORDER:
                    stage = ORDER[kind]
    print(f'{records} records in {len(sys.argv) - 1} logs, {problems} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
