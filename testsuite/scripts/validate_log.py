#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Validates decision logs (JSON Lines) against docs/log-schema.json.

usage: validate_log.py LOG.jsonl...

Checks every record against the schema, the order within a TU (a tu record
first, then site records, then function records), and what the schema cannot
say (schema 2, docs/log-format.md): the tu record's "reasons" name exactly the
codes its site records use, a "chain_sites" is one shorter than its "chain",
and nothing is written that a reader infers when it
is absent: a *_symbol or "symbol" equal to its name, a lexical caller equal to
the caller, a chain of just the caller's symbol.  Prints one line per problem
(file:line: message) and a summary; exits 1 on any problem.
"""
import json
import os
import sys

import jsonschema

SCHEMA = os.path.join(os.path.dirname(__file__), '..', '..', 'docs', 'log-schema.json')
ORDER = {'tu': 0, 'site': 1, 'function': 2}


def redundant(rec):
    """What REC (a site or function record) spells out that a reader infers."""
    found = []
    for name in ('caller', 'lexical_caller', 'callee'):
        if name + '_symbol' in rec and rec[name + '_symbol'] == rec.get(name):
            found.append(f'"{name}_symbol" equals "{name}"')
    if 'symbol' in rec and rec['symbol'] == rec.get('name'):
        found.append('"symbol" equals "name"')
    if rec.get('record') == 'site':
        if 'lexical_caller' in rec and (rec['lexical_caller'], rec.get('lexical_caller_symbol')) \
                == (rec.get('caller'), rec.get('caller_symbol')):
            found.append('"lexical_caller" equals "caller"')
        if rec.get('chain') == [rec.get('caller_symbol', rec.get('caller'))]:
            found.append('"chain" is just the caller')
    return found


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(SCHEMA) as f:
        validator = jsonschema.Draft202012Validator(json.load(f))
    problems = records = 0

    def problem(where, message):
        nonlocal problems
        print(f'{where}: {message}')
        problems += 1

    for path in sys.argv[1:]:
        stage = None
        header = None  # (line, "reasons") of the current TU
        used = set()   # reason codes its sites use

        def end_tu():
            if header is None or not isinstance(header[1], dict):
                return
            for code in sorted(used - header[1].keys()):
                problem(f'{path}:{header[0]}', f'"reasons" has no text for {code}, used by a site')
            for code in sorted(header[1].keys() - used):
                problem(f'{path}:{header[0]}', f'"reasons" lists {code}, which no site uses')

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
                    problem(f'{path}:{n}', error.message)
                kind = rec.get('record') if isinstance(rec, dict) else None
                if kind in ('site', 'function'):
                    for what in redundant(rec):
                        problem(f'{path}:{n}', what + ': leave it out')
                if kind == 'site' and isinstance(rec.get('reason'), str):
                    used.add(rec['reason'])
                if kind == 'site' and 'chain_sites' in rec and \
                        len(rec['chain_sites']) + 1 != len(rec.get('chain', [None])):
                    problem(f'{path}:{n}', '"chain_sites" is not one shorter than "chain"')
                if kind == 'tu':
                    end_tu()
                    header, used = (n, rec.get('reasons')), set()
                    stage = 0
                elif kind in ORDER and (stage is None or ORDER[kind] < stage):
                    problem(f'{path}:{n}', f'a {kind} record out of order (tu, sites, functions)')
                elif kind in ORDER:
                    stage = ORDER[kind]
        end_tu()
    print(f'{records} records in {len(sys.argv) - 1} logs, {problems} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
