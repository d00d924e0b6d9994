#!/usr/bin/env python3
"""Expected PNGs for gradient-image, rendered without the tool's code, sharp or libvips.

Python standard library only: pixel values come from exact rational arithmetic (fractions), and the
PNGs are written chunk by chunk with zlib + struct (every row with the Sub filter, where sharp
writes filter 0 at compression level 9).

  image            t = x/(w-1), y/(h-1) or their mean; channel = start + (end - start) t, rounded
                   either halves up (the rule the tool's README states) or halves to even (Python's
                   round()), chosen per fixture. Halves to even differs from the tool by one level
                   wherever the exact value is a half: rounding freedom a perceptual comparator
                   should allow.
  greyscale        before = the same PNG as `image`; after = CIE luminance in linear light,
                   Y = 0.2126 R + 0.7152 G + 0.0722 B on linearised sRGB values, encoded back with the
                   sRGB transfer curve (a colour-managed "convert to black and white"), written as an
                   8-bit greyscale PNG (colour type 0).
  swatches         32 x 32 solid PNGs of the start, middle (t = 1/2) and end colours, written as
                   1-entry palette PNGs (colour type 3).

Run from anywhere:  python3 tools/gradient-image/scripts/make-gradient-png.py
It rewrites the fixture_independent_*.json files in ../reference/ (deterministic output).
"""
import base64
import json
import math
import os
import struct
import zlib
from fractions import Fraction

REFERENCE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'reference')


def chunk(kind, body):
    return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body) & 0xFFFFFFFF)


def sub_filter(row, bpp):
    out = bytearray([1])  # filter type 1: each byte minus the byte bpp to its left
    for i, v in enumerate(row):
        out.append((v - (row[i - bpp] if i >= bpp else 0)) & 0xFF)
    return bytes(out)


def png(width, height, rows, colour_type, bpp, palette=None):
    """rows: list of `height` byte strings of width*bpp bytes; colour type 0 (grey), 2 (RGB) or 3 (palette)."""
    raw = b''.join(sub_filter(r, bpp) for r in rows)
    out = b'\x89PNG\r\n\x1a\n'
    out += chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, colour_type, 0, 0, 0))
    if palette is not None:
        out += chunk(b'PLTE', b''.join(bytes(c) for c in palette))
    out += chunk(b'IDAT', zlib.compress(raw, 6))
    out += chunk(b'IEND', b'')
    return out


def data_url(b):
    return 'data:image/png;base64,' + base64.b64encode(b).decode('ascii')


def hex_colour(s):
    s = s.lstrip('#')
    if len(s) == 3:
        s = ''.join(ch * 2 for ch in s)
    return tuple(int(s[i:i + 2], 16) for i in (0, 2, 4))


def round_half_up(v):
    return math.floor(v + Fraction(1, 2))


ROUNDING = {'half_up': round_half_up, 'half_even': round}  # Python's round() of a Fraction: halves to even


def gradient(width, height, start, end, direction, rnd):
    """Exact t as a Fraction, each channel rnd(start + (end - start) * t)."""
    pixels = []
    for y in range(height):
        row = []
        for x in range(width):
            if direction == 'horizontal':
                t = Fraction(x, width - 1)
            elif direction == 'vertical':
                t = Fraction(y, height - 1)
            else:
                t = (Fraction(x, width - 1) + Fraction(y, height - 1)) / 2
            row.append(tuple(rnd(s + (e - s) * t) for s, e in zip(start, end)))
        pixels.append(row)
    return pixels


def srgb_to_linear(v):
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def linear_to_srgb(y):
    c = 12.92 * y if y <= 0.0031308 else 1.055 * y ** (1 / 2.4) - 0.055
    return max(0, min(255, round(255 * c)))


def luminance_grey(rgb):
    r, g, b = (srgb_to_linear(v) for v in rgb)
    return linear_to_srgb(0.2126 * r + 0.7152 * g + 0.0722 * b)


def solid_swatch(colour, size=32):
    return png(size, size, [bytes(size)] * size, 3, 1, palette=[colour])


def fixture(name, inputs, rounding, note, tolerance=None, tags=()):
    rnd = ROUNDING[rounding]
    w, h = inputs['width'], inputs['height']
    start, end = hex_colour(inputs['start_colour']), hex_colour(inputs['end_colour'])
    pix = gradient(w, h, start, end, inputs['direction'], rnd)
    image = png(w, h, [bytes(c for p in row for c in p) for row in pix], 2, 3)
    grey = png(w, h, [bytes(luminance_grey(p) for p in row) for row in pix], 0, 1)
    middle = tuple(rnd(s + Fraction(e - s, 2)) for s, e in zip(start, end))
    hexes = ['#%02x%02x%02x' % c for c in (start, middle, end)]
    how = 'halves up, as the README states' if rounding == 'half_up' else "halves to even (Python's round(); the tool rounds halves up)"
    out = {
        'name': name,
        'source': (
            'Independent render: tools/gradient-image/scripts/make-gradient-png.py (Python standard library only; '
            'no sharp/libvips and none of the tool\'s code). Pixels from exact fractions, t = x/(w-1), y/(h-1) or their mean, '
            f'channel = start + (end - start) t rounded {how}; PNG written with zlib + struct, Sub filter. '
            'greyscale.before = that PNG, greyscale.after = sRGB transfer of linear-light Y = 0.2126 R + 0.7152 G + 0.0722 B, '
            'as a greyscale PNG; swatches = 32 x 32 palette PNGs of start, middle (t = 1/2) and end. ' + note
        ),
        'inputs': inputs,
        'expected_outputs': {
            'image': {'value': data_url(image)},
            'greyscale': {'before': data_url(image), 'after': data_url(grey)},
            'swatches': {'images': [
                {'value': data_url(solid_swatch(c)), 'label': f'{label} {hx}'}
                for c, label, hx in zip((start, middle, end), ('start', 'middle', 'end'), hexes)
            ]},
        },
        'tags': ['independent', 'media', *tags],
    }
    if tolerance:
        out['tolerance'] = tolerance
    return out


FIXTURES = {
    'fixture_independent_png_horizontal.json': fixture(
        'Independent PNG: default colours, left to right, 16 x 8',
        {'width': 16, 'height': 8, 'start_colour': '#1e3a8a', 'end_colour': '#f59e0b', 'direction': 'horizontal'},
        'half_up',
        'Compared with the default mode (histogram).',
    ),
    'fixture_independent_png_diagonal_pixel.json': fixture(
        'Independent PNG: red to blue, diagonal, 16 x 8, pixel mode',
        {'width': 16, 'height': 8, 'start_colour': '#ff0000', 'end_colour': '#0000ff', 'direction': 'diagonal'},
        'half_even',
        'Diagonal t = (7x + 15y)/210 hits exact halves, where halves-to-even and halves-up differ by one level; '
        'compared pixel by pixel (compare: pixel, default max_diff_ratio).',
        tolerance={k: {'compare': 'pixel'} for k in ('image', 'greyscale', 'swatches')},
    ),
}

if __name__ == '__main__':
    for file, fx in FIXTURES.items():
        with open(os.path.join(REFERENCE_DIR, file), 'w', encoding='utf-8') as f:
            json.dump(fx, f, indent=2, ensure_ascii=False)
            f.write('\n')
        print(file, os.path.getsize(os.path.join(REFERENCE_DIR, file)), 'bytes')
