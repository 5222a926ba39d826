#!/usr/bin/env python3
"""Prints the colour of pixels of a PNG, read with Python's standard library only (zlib), so that
tests can check roadtrip's PNGs without the library that wrote them (libvips).

    png_pixels.py FILE X,Y [X,Y …]   ->   one line per point: "X,Y #rrggbb" (alpha, if any, ignored)

Reads 8-bit greyscale, RGB, grey + alpha and RGBA images without interlacing (PNG, ISO/IEC
15948:2004: §11.2.2 IHDR, §9 filtering with the five filter types of §9.2); anything else is an
error (exit status 1).
"""
import struct
import sys
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}  # colour type -> samples per pixel


def read_png(path):
    with open(path, "rb") as file:
        data = file.read()
    if not data.startswith(SIGNATURE):
        raise ValueError(f"{path}: not a PNG")
    position, header, compressed = len(SIGNATURE), None, bytearray()
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if zlib.crc32(kind + body) != struct.unpack(">I", data[position + 8 + length:position + 12 + length])[0]:
            raise ValueError(f"{path}: bad CRC in {kind!r}")
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed += body
        elif kind == b"IEND":
            break
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in CHANNELS or interlace != 0:
        raise ValueError(f"{path}: depth {depth}, colour type {colour}, interlace {interlace} not read here")
    channels = CHANNELS[colour]
    raw = zlib.decompress(bytes(compressed))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            left = row[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                row[x] = (row[x] + left) & 0xFF
            elif kind == 2:
                row[x] = (row[x] + up) & 0xFF
            elif kind == 3:
                row[x] = (row[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - corner
                a, b, c = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                predictor = left if a <= b and a <= c else (up if b <= c else corner)
                row[x] = (row[x] + predictor) & 0xFF
            elif kind != 0:
                raise ValueError(f"{path}: filter type {kind} in row {y}")
        rows.append(row)
        previous = row
    return width, height, channels, rows


def main(arguments):
    if len(arguments) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    width, height, channels, rows = read_png(arguments[0])
    for point in arguments[1:]:
        x, y = (int(value) for value in point.split(","))
        if not (0 <= x < width and 0 <= y < height):
            raise ValueError(f"{point} is outside {width} x {height}")
        samples = rows[y][x * channels:(x + 1) * channels]
        rgb = samples[:3] if channels >= 3 else bytes([samples[0]] * 3)
        print(f"{x},{y} #{rgb[0]:02x}{rgb[1]:02x}{rgb[2]:02x}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (OSError, ValueError) as error:
        print(f"png_pixels.py: {error}", file=sys.stderr)
        sys.exit(1)
