#!/usr/bin/env python3
"""Checks that a PNG screenshot is not blank, using only the standard library (zlib).

Usage: png_check.py FILE.png [--min-colours N]
Exit 0 when the image has at least N distinct colours (default 8) and a reasonable share of
pixels differs from the most common (background) colour; 1 otherwise, with the reason.
Decodes 8-bit greyscale, RGB and RGBA non-interlaced PNGs: what Chromium's --screenshot writes.
"""
import struct
import sys
import zlib

CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def unfilter(raw, width, height, bpp):
    """Undoes the per-row PNG filters; returns a list of rows (bytearrays)."""
    stride = width * bpp
    rows, prev, pos = [], bytearray(stride), 0
    for _ in range(height):
        ftype = raw[pos]
        line = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 0xFF
            elif ftype == 2:
                line[i] = (line[i] + b) & 0xFF
            elif ftype == 3:
                line[i] = (line[i] + ((a + b) >> 1)) & 0xFF
            elif ftype == 4:
                line[i] = (line[i] + paeth(a, b, c)) & 0xFF
            elif ftype != 0:
                raise ValueError(f"unknown PNG filter type {ftype}")
        rows.append(line)
        prev = line
    return rows


def decode(path):
    """Returns (width, height, channels, rows)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    if header is None:
        raise ValueError("no IHDR chunk")
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in CHANNELS or interlace != 0:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, "
                         f"interlace {interlace}")
    bpp = CHANNELS[colour]
    return width, height, bpp, unfilter(zlib.decompress(idat), width, height, bpp)


def colour_stats(width, height, bpp, rows, step=2):
    """Distinct colours and the share of pixels unlike the most common one (sampled)."""
    counts = {}
    for y in range(0, height, step):
        row = rows[y]
        for x in range(0, width, step):
            px = bytes(row[x * bpp:(x + 1) * bpp])
            counts[px] = counts.get(px, 0) + 1
    total = sum(counts.values())
    background = max(counts.values())
    return len(counts), (total - background) / total


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    min_colours = int(argv[3]) if len(argv) > 3 and argv[2] == "--min-colours" else 8
    width, height, bpp, rows = decode(argv[1])
    colours, foreground = colour_stats(width, height, bpp, rows)
    print(f"{argv[1]}: {width}x{height}, {colours} colours, {foreground:.1%} non-background")
    if colours < min_colours:
        print(f"FAIL: only {colours} distinct colours (want >= {min_colours}): blank page?")
        return 1
    if foreground < 0.01:
        print("FAIL: under 1% of the pixels differ from the background: blank page?")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
