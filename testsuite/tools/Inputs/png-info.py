# Prints "png WIDTHxHEIGHT" for a PNG file, and "non-trivial" when it is
# bigger than MIN_BYTES (a blank page of that size compresses to far less).
# usage: python3 png-info.py FILE MIN_BYTES
import struct
import sys

path, min_bytes = sys.argv[1], int(sys.argv[2])
with open(path, 'rb') as f:
    data = f.read()
if data[:8] != b'\x89PNG\r\n\x1a\n' or data[12:16] != b'IHDR':
    sys.exit('%s: not a PNG file' % path)
width, height = struct.unpack('>II', data[16:24])
print('png %dx%d' % (width, height))
print('non-trivial' if len(data) > min_bytes else 'trivial: %d bytes' % len(data))
