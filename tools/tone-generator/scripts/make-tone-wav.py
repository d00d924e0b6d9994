#!/usr/bin/env python3
"""Expected WAVs for tone-generator, synthesised without the tool's code (Python standard library).

Both differ from the tool on purpose in everything but the sound, so only the spectral comparator
can call them equal:

  fixture_independent_sine_8bit.json
      440 Hz sine, amplitude 0.5, 0.25 s. The tool writes 16-bit PCM at 8 kHz; this file is written
      by Python's `wave` module as 8-bit unsigned PCM at 8 kHz: 128 + round(127 * 0.5 * sin(2 pi f t)).

  fixture_independent_triangle_additive.json
      220 Hz triangle, amplitude 0.8, 0.25 s. The tool renders it at 22.05 kHz from the piecewise-linear
      formula 1 - 4 |frac(phase + 1/4) - 1/2|; this file is 16-bit PCM at 11.025 kHz built from the
      triangle's Fourier series instead, (8 / pi^2) * sum over odd n below Nyquist of
      (-1)^((n-1)/2) sin(2 pi n f t) / n^2 (band-limited, so no aliasing; the tool's naive wave aliases).

Run from anywhere:  python3 tools/tone-generator/scripts/make-tone-wav.py
It rewrites the two fixture files in ../reference/ (deterministic output).
"""
import base64
import io
import json
import math
import os
import wave

REFERENCE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'reference')


def wav_bytes(samples, rate, width):
    """samples in [-1, 1] -> mono PCM WAV; width 1 = 8-bit unsigned, 2 = 16-bit signed."""
    if width == 1:
        frames = bytes(128 + round(127 * s) for s in samples)
    else:
        frames = b''.join(round(32767 * s).to_bytes(2, 'little', signed=True) for s in samples)
    buf = io.BytesIO()
    with wave.open(buf, 'wb') as w:
        w.setnchannels(1)
        w.setsampwidth(width)
        w.setframerate(rate)
        w.writeframes(frames)
    return buf.getvalue()


def sine(freq, amp, seconds, rate):
    return [amp * math.sin(2 * math.pi * freq * n / rate) for n in range(round(seconds * rate))]


def triangle_additive(freq, amp, seconds, rate):
    harmonics = [n for n in range(1, 10 ** 6, 2) if n * freq < rate / 2]
    out = []
    for i in range(round(seconds * rate)):
        t = i / rate
        v = sum((-1) ** ((n - 1) // 2) * math.sin(2 * math.pi * n * freq * t) / (n * n) for n in harmonics)
        out.append(amp * 8 / math.pi ** 2 * v)
    return out


def data_url(b):
    return 'data:audio/wav;base64,' + base64.b64encode(b).decode('ascii')


FIXTURES = {
    'fixture_independent_sine_8bit.json': {
        'name': 'Independent WAV: 440 Hz sine, 8-bit Python wave file',
        'source': (
            'Independent synthesis: tools/tone-generator/scripts/make-tone-wav.py (Python wave + math, none of the '
            'tool\'s code). 0.25 s at 8 kHz = 2000 samples of 0.5 sin(2 pi 440 n / 8000), written as 8-bit unsigned PCM '
            '(128 + round(127 x)) where the tool writes 16-bit. Compared by the spectral comparator (defaults).'
        ),
        'inputs': {'frequency': 440, 'duration': 0.25, 'sample_rate': 8000, 'waveform': 'sine', 'amplitude': 0.5},
        'expected_outputs': {'audio': {'value': data_url(wav_bytes(sine(440, 0.5, 0.25, 8000), 8000, 1))}},
        'tags': ['independent', 'media'],
    },
    'fixture_independent_triangle_additive.json': {
        'name': 'Independent WAV: 220 Hz triangle by Fourier series at 11.025 kHz',
        'source': (
            'Independent synthesis: tools/tone-generator/scripts/make-tone-wav.py (Python wave + math, none of the '
            'tool\'s code). The tool renders 0.25 s at 22.05 kHz from the piecewise-linear triangle; this WAV is 16-bit '
            'PCM at 11.025 kHz (2756 samples) summed from the triangle\'s Fourier series, 0.8 (8/pi^2) sum_(odd n, '
            'n 220 < 5512.5) (-1)^((n-1)/2) sin(2 pi n 220 t)/n^2. Compared by the spectral comparator (defaults).'
        ),
        'inputs': {'frequency': 220, 'duration': 0.25, 'sample_rate': 22050, 'waveform': 'triangle', 'amplitude': 0.8},
        'expected_outputs': {'audio': {'value': data_url(wav_bytes(triangle_additive(220, 0.8, 0.25, 11025), 11025, 2))}},
        'tags': ['independent', 'media'],
    },
}

if __name__ == '__main__':
    for file, fx in FIXTURES.items():
        with open(os.path.join(REFERENCE_DIR, file), 'w', encoding='utf-8') as f:
            json.dump(fx, f, indent=2, ensure_ascii=False)
            f.write('\n')
        print(file, os.path.getsize(os.path.join(REFERENCE_DIR, file)), 'bytes')
