#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""bench/synth_logs.py: a synthetic kernel build's decision logs, made of real ones.

Used by bench/tools.sh (`make bench-tools`).  Reads the real logs of some
template TUs, each compiled twice with the plugin (REAL/gcc/TU.o.jsonl with
profile=gcc, REAL/rfc/TU.o.jsonl with profile=rfc, and the objects beside
them), and writes NTUS synthetic TUs for each of two builds:

    OUT/base/*.jsonl, OUT/new/*.jsonl          log=DIR layout ('/' -> '%')
    OUT/base-obj/**/*.o, OUT/new-obj/**/*.o    with --obj: objects

Synthetic TU i is copy k = i // T of template i % T (T templates).  A copy is
the template's log with what makes a TU a TU of its own renamed, the same way
in both builds, so that `diff` matches copy with copy and finds the real flips
of the template:

  - the header's "source" and "object": fs/nfs/inode.c -> fs/nfs/s3/inode_3.c,
    fs/nfs/s3/inode_3.o; call locations in the source file likewise;
  - the functions written in the source file (those with a call site located
    there, in either build): inode_permission -> inode_permission_c3, in every
    key that names a function (and in "chain", "callee_clone", pieces such as
    foo.part.0 -> foo_3.part.0), and in the objects' symbols;
  - the site id of a call whose caller, callee or location was renamed (the
    plugin hashes those three): its first 4 hex digits become k.

Everything else stays as the plugin wrote it: calls inside header inlines keep
their names, locations and ids in every copy, as in a real build, where every
TU that includes a header repeats them.  Lines are rewritten with Python's
json, which gives back the plugin's bytes for unchanged records.

Objects (--obj) are the template's object with its .inlinetune.log section
replaced by the copy's log (zstd -5, as the plugin writes it, in an ELF note
as the plugin wraps it when the template's section is a note; see
docs/log-format.md) and the renamed functions' symbols renamed, written by
rewriting the ELF file here (the new section contents and string table are
appended, 8-aligned; their section headers point to them); debug info and
the rest are the template's.

The output is a function of the inputs: same inputs, same bytes.
"""

import argparse
import concurrent.futures
import json
import os
import shutil
import struct
import subprocess
import sys

K = "@@K@@"  # the copy number, decimal
K4 = "@@K4@@"  # the copy number, 4 hex digits
SUFFIX = "_c" + K  # what a renamed function gets: inode_permission_c3


def copy_source(path):
    """fs/nfs/inode.c -> fs/nfs/s@@K@@/inode_@@K@@.c (also for .o)."""
    d, base = os.path.split(path)
    stem, ext = os.path.splitext(base)
    return os.path.join(d, "s" + K, stem + "_" + K + ext)


def load(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


class Renamer:
    """Rewrites one template's records with markers for the copy number."""

    def __init__(self, source, own):
        self.source = source
        self.new_source = copy_source(source)
        self.own = own  # names of the functions written in the source file

    def name(self, n):
        if not isinstance(n, str):
            return n
        base, dot, rest = n.partition(".")  # foo.part.0: C names have no dots
        return base + SUFFIX + dot + rest if base in self.own else n

    def location(self, loc):
        if isinstance(loc, str) and loc.startswith(self.source + ":"):
            return self.new_source + loc[len(self.source):]
        return loc

    def record(self, r):
        kind = r.get("record")
        if kind == "tu":
            r["source"] = self.new_source
            r["object"] = copy_source(os.path.splitext(self.source)[0] + ".o")
        elif kind == "site":
            # What the plugin hashes into the id: the lexical caller (the caller
            # when there is no "lexical_caller"), the callee and the location.
            hashed = lambda: (r.get("lexical_caller", r.get("caller")), r.get("callee"),
                              r.get("location"))
            old = hashed()
            for k in ("caller", "caller_symbol", "lexical_caller", "lexical_caller_symbol",
                      "callee", "callee_symbol", "callee_clone"):
                if k in r:
                    r[k] = self.name(r[k])
            if "chain" in r:
                r["chain"] = [self.name(n) for n in r["chain"]]
            if "location" in r:
                r["location"] = self.location(r["location"])
            new = hashed()
            if old != new and isinstance(r.get("id"), str) and len(r["id"]) > 4:
                r["id"] = K4 + r["id"][4:]
        elif kind == "function":
            for k in ("name", "symbol"):
                if k in r:
                    r[k] = self.name(r[k])
        return json.dumps(r, separators=(",", ":"), ensure_ascii=False)


def own_functions(logs, source):
    own, names = set(), set()
    for records in logs:
        for r in records:
            if r.get("record") == "site" and str(r.get("location", "")).startswith(source + ":"):
                n = r.get("lexical_caller", r.get("caller"))
                if isinstance(n, str):
                    own.add(n.partition(".")[0])
            for k in ("caller", "lexical_caller", "callee", "name", "symbol"):
                if isinstance(r.get(k), str):
                    names.add(r[k].partition(".")[0])
    # A renamed function must not take the name of another one (memneq ->
    # memneq_16 did, with the first suffix tried).
    for n in names:
        base, sep, k = n.rpartition(SUFFIX.replace(K, ""))
        if sep and k.isdigit() and base in own:
            raise SystemExit(f"synth_logs.py: {source}: renaming {base} would give {n}, which exists")
    return own


# ---- ELF ---------------------------------------------------------------------


def elf_sections(data):
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError("not a little-endian ELF64 file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    secs = []
    for i in range(shnum):
        off = shoff + i * shentsize
        name, typ, flags, addr, offset, size, link, info, align, entsize = struct.unpack_from(
            "<IIQQQQIIQQ", data, off)
        secs.append(dict(index=i, hdr=off, name_off=name, type=typ, offset=offset, size=size,
                         link=link, entsize=entsize))
    strtab = secs[shstrndx]
    for s in secs:
        end = data.index(b"\0", strtab["offset"] + s["name_off"])
        s["name"] = data[strtab["offset"] + s["name_off"]:end].decode()
    return secs


def elf_template(path, own):
    """The object's bytes and, for the renamed symbols, (symbol entry offset, name)."""
    data = open(path, "rb").read()
    secs = elf_sections(data)
    symtab = next(s for s in secs if s["type"] == 2)  # SHT_SYMTAB
    strtab = secs[symtab["link"]]
    renamed = []
    for off in range(symtab["offset"], symtab["offset"] + symtab["size"], 24):
        st_name, = struct.unpack_from("<I", data, off)
        if not st_name:
            continue
        end = data.index(b"\0", strtab["offset"] + st_name)
        name = data[strtab["offset"] + st_name:end].decode()
        base, dot, rest = name.partition(".")
        if base in own:
            renamed.append((off, base + SUFFIX + dot + rest))
    log = next(s for s in secs if s["name"] == ".inlinetune.log")
    return data, strtab, log, renamed


SHT_NOTE = 7
NOTE_OWNER = b"inlinetune\0"
NOTE_TYPE = 0x494C4F47


def pad4(b):
    return b + b"\0" * (-len(b) % 4)


def log_note(frame):
    """FRAME as the plugin's note: owner "inlinetune", type "ILOG", both padded to 4."""
    return struct.pack("<III", len(NOTE_OWNER), len(frame), NOTE_TYPE) + pad4(NOTE_OWNER) + pad4(frame)


def elf_copy(template, k, log_bytes):
    data, strtab, log, renamed = template
    out = bytearray(data)
    # New string table: the old one, then the renamed symbols' names.
    new_strtab = bytearray(data[strtab["offset"]:strtab["offset"] + strtab["size"]])
    for off, name in renamed:
        struct.pack_into("<I", out, off, len(new_strtab))
        new_strtab += name.replace(K, str(k)).encode() + b"\0"
    if log["type"] == SHT_NOTE:
        log_bytes = log_note(log_bytes)
    for sec, contents in ((strtab, new_strtab), (log, log_bytes)):
        out += b"\0" * (-len(out) % 8)
        struct.pack_into("<QQ", out, sec["hdr"] + 0x18, len(out), len(contents))
        out += contents
    return bytes(out)


# ---- main --------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--real", required=True, help="REAL/{gcc,rfc}/TU.o{,.jsonl}")
    ap.add_argument("--tus", required=True, help="the template TUs (objects), one a line")
    ap.add_argument("--ntus", type=int, required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--obj", action="store_true", help="also write objects")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()

    tus = [line.strip() for line in open(args.tus) if line.strip()]
    builds = (("base", "gcc"), ("new", "rfc"))
    templates = []  # per TU: {build: (text with markers, elf template or None)}
    for tu in tus:
        logs = {b: load(os.path.join(args.real, p, tu + ".jsonl")) for b, p in builds}
        source = logs["base"][0]["source"]
        own = own_functions(logs.values(), source)
        renamer = Renamer(source, own)
        t = {}
        for b, p in builds:
            text = "".join(renamer.record(r) + "\n" for r in logs[b])
            elf = elf_template(os.path.join(args.real, p, tu), own) if args.obj else None
            t[b] = (text, elf)
        t["object"] = copy_source(os.path.splitext(source)[0] + ".o")
        templates.append(t)

    for b, _ in builds:
        os.makedirs(os.path.join(args.out, b))
    zst = os.path.join(args.out, "zst")
    records = {b: 0 for b, _ in builds}
    nbytes = {b: 0 for b, _ in builds}
    written = []  # (build, object path, jsonl path)
    for i in range(args.ntus):
        t = templates[i % len(templates)]
        k = i // len(templates)
        obj = t["object"].replace(K, str(k))
        for b, _ in builds:
            text = t[b][0].replace(K4, "%04x" % k).replace(K, str(k))
            path = os.path.join(args.out, b, obj.replace("/", "%") + ".jsonl")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            records[b] += text.count("\n")
            nbytes[b] += len(text.encode())
            written.append((b, i, obj, path))

    if args.obj:
        # zstd -5, as the plugin compresses; many files per process.
        chunks = []
        for b, _ in builds:
            os.makedirs(os.path.join(zst, b))
            files = [w[3] for w in written if w[0] == b]
            chunks += [(b, files[j:j + 500]) for j in range(0, len(files), 500)]

        def compress(chunk):
            b, files = chunk
            subprocess.run(["zstd", "-q", "-5", "--output-dir-flat", os.path.join(zst, b)] + files,
                           check=True)

        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            list(pool.map(compress, chunks))
        for b, i, obj, path in written:
            t = templates[i % len(templates)]
            k = i // len(templates)
            log_bytes = open(os.path.join(zst, b, os.path.basename(path) + ".zst"), "rb").read()
            dst = os.path.join(args.out, b + "-obj", obj)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(dst, "wb") as f:
                f.write(elf_copy(t[b][1], k, log_bytes))
        shutil.rmtree(zst)

    for b, _ in builds:
        print(f"{b}: {args.ntus} TUs, {records[b]} records, {nbytes[b]} bytes of JSONL")


if __name__ == "__main__":
    sys.exit(main())
