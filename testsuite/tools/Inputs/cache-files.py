# SPDX-License-Identifier: GPL-3.0-or-later
# The files of a decoded-log cache (tools/read/decoded_cache.h) by kind:
#   cache-files.py DIR [--newer DATE]   prints "S n T n I n": stream files,
#       TU payloads and file identities (those modified after DATE, with
#       --newer; YYYY-MM-DD)
#   cache-files.py DIR --damage KIND    flips the last byte of every file of
#       KIND (its payload's; the checksum no longer matches)
# A file that is not the cache's (no magic) is an error.
import datetime
import os
import sys

MAGIC = b'itdecod1'


def files(top):
    for d, _, names in os.walk(top):
        for n in sorted(names):
            p = os.path.join(d, n)
            with open(p, 'rb') as f:
                head = f.read(len(MAGIC) + 1)
            if head[:len(MAGIC)] != MAGIC:
                sys.exit('%s: not a cache file' % p)
            yield p, chr(head[len(MAGIC)])


def main():
    top = sys.argv[1]
    args = sys.argv[2:]
    if args[:1] == ['--damage']:
        for p, kind in files(top):
            if kind == args[1]:
                with open(p, 'r+b') as f:
                    f.seek(-1, os.SEEK_END)
                    b = f.read(1)
                    f.seek(-1, os.SEEK_END)
                    f.write(bytes([b[0] ^ 0xff]))
        return
    newer = None
    if args[:1] == ['--newer']:
        newer = datetime.datetime.strptime(args[1], '%Y-%m-%d').timestamp()
    count = {'S': 0, 'T': 0, 'I': 0}
    if os.path.isdir(top):
        for p, kind in files(top):
            if newer is None or os.stat(p).st_mtime > newer:
                count[kind] += 1
    print(' '.join('%s %d' % kv for kv in count.items()))


main()
