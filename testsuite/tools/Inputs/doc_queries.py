#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# doc_queries.py DB FILE...: runs every SQL query the FILEs show a user
# against the database DB (written by `inlinetune db`), and prints one line
# per query: "FILE:LINE: N rows: SQL" (its first 60 characters).  The queries
# are the ```sql blocks and the `sqlite3 FILE "SQL"` commands of Markdown
# files, pandas' read_sql('SQL', ...) calls, and a shell script's
# query="SQL" lines (bench/demo.sh).  Exit 1 when a query fails (its error
# is printed) or when a FILE shows none.
import re
import sqlite3
import sys


def queries(path):
    text = open(path, encoding='utf-8').read()
    found = []
    for m in re.finditer(r'^```sql\n(.*?)^```', text, re.M | re.S):
        found.append((m.start(1), m.group(1)))
    for m in re.finditer(r'\bsqlite3 (?:-\S+ )*\S+ "([^"]+)"', text):
        if '$' not in m.group(1):  # a shell variable, as in bench/demo.sh's echo
            found.append((m.start(1), m.group(1)))
    for m in re.finditer(r"read_sql\('([^']+)'", text):
        found.append((m.start(1), m.group(1)))
    for m in re.finditer(r'^\s*query="([^"]+)"', text, re.M):
        found.append((m.start(1), m.group(1)))
    return [(text.count('\n', 0, at) + 1, sql) for at, sql in sorted(found)]


def main():
    db = sqlite3.connect(sys.argv[1])
    status = 0
    for path in sys.argv[2:]:
        found = queries(path)
        if not found:
            print(f'{path}: no SQL query found')
            status = 1
        for line, sql in found:
            one_line = ' '.join(sql.split())
            try:
                rows = db.execute(sql).fetchall()
            except sqlite3.Error as e:
                print(f'{path}:{line}: error: {e}: {one_line}')
                status = 1
                continue
            print(f'{path}:{line}: {len(rows)} rows: {one_line[:60]}')
    return status


if __name__ == '__main__':
    sys.exit(main())
