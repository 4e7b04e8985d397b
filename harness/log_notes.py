#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Unwraps a dumped .inlinetune.log section: the zstd frames of its notes.

usage: log_notes.py [--big-endian] SECTION.bin > FRAMES.zst

SECTION.bin is what `objcopy --dump-section .inlinetune.log=SECTION.bin OBJ`
writes: ELF notes (docs/log-format.md), each with owner "inlinetune", type
0x494c4f47 and one zstd frame as its descriptor, each padded to 4 bytes.
Writes the descriptors, in order, to stdout (`zstd -d` reads the result).
Any other note, a size that runs past the end, or padding that is not zero is
an error (exit 1): the plugin's tests use this to check the note format
itself, apart from the CLI's reader.  The byte order is the object's; both
of the project's targets (x86-64, aarch64) are little-endian.
"""
import struct
import sys

OWNER = b"inlinetune\0"
TYPE = 0x494C4F47


def align4(n):
    return (n + 3) & ~3


def frames(data, endian):
    at = 0
    index = 0
    while at < len(data):
        index += 1
        if len(data) - at < 12:
            raise ValueError(f"note {index} at byte {at}: {len(data) - at} bytes, too short for a header")
        namesz, descsz, ntype = struct.unpack_from(endian + "III", data, at)
        name_at = at + 12
        desc_at = name_at + align4(namesz)
        end = desc_at + align4(descsz)
        if end > len(data):
            raise ValueError(f"note {index} at byte {at}: sizes run past the section's {len(data)} bytes")
        if data[name_at:name_at + namesz] != OWNER or ntype != TYPE:
            raise ValueError(f"note {index} at byte {at}: owner {data[name_at:name_at + namesz]!r}, "
                             f"type {ntype:#x}, not a log note")
        if any(data[name_at + namesz:desc_at]) or any(data[desc_at + descsz:end]):
            raise ValueError(f"note {index} at byte {at}: padding is not zero")
        yield data[desc_at:desc_at + descsz]
        at = end


def main(argv):
    endian = "<"
    if argv and argv[0] == "--big-endian":
        endian = ">"
        argv = argv[1:]
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    with open(argv[0], "rb") as f:
        data = f.read()
    try:
        out = b"".join(frames(data, endian))
    except ValueError as e:
        print(f"{argv[0]}: {e}", file=sys.stderr)
        return 1
    sys.stdout.buffer.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
