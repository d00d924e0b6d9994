import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contractCases } from './audio.cases.js';
import { findLag } from './align.js';
import type { FftConstructor } from './fft.js';
import { resample } from './resample.js';
import { audioComparator, compareAudioValues } from './audio.js';
import type { ComparisonResult } from '../types.js';
import { trimSilence } from './trim.js';
import { decodeWav, encodeWav, mediaBytes, wavDataUrl } from './wav.js';
import { comparatorTester, resultText } from '../kit/comparator-tester.test-helper.js';
import { installed, missingOptional, skipWithout } from '../optional-installed.test-helper.js';

// the spectral comparison needs fft.js; without it only decoding, trimming and the fallback are tested
const withoutFft = missingOptional('fft.js');

const casesDir = new URL('../../../test/cases/audio/', import.meta.url);
interface GoldenCase {
  id: string;
  name: string;
  expected: string;
  actual: string;
  as: string;
  tolerance: Record<string, unknown>;
  status: string;
  message?: string;
}
const cases = JSON.parse(readFileSync(new URL('cases.json', casesDir), 'utf8')) as GoldenCase[];
const file = (name: string): Buffer => readFileSync(new URL(name, casesDir));

function present(bytes: Buffer, as: string): unknown {
  const b64 = bytes.toString('base64');
  if (as === 'base64') return b64;
  if (as === 'object_value') return { value: `data:audio/wav;base64,${b64}` };
  if (as === 'object_data') return { data: b64 };
  return `data:audio/wav;base64,${b64}`;
}

const golden = comparatorTester(audioComparator, { key: 'audio', defaults: 'never' });
const tester = comparatorTester(audioComparator, { defaults: 'never' });

describe.skipIf(withoutFft)('audio golden cases (test/cases/audio)', () => {
  it('has cases', () => expect(cases.length).toBeGreaterThanOrEqual(20));
  for (const c of cases) {
    it(`${c.id} ${c.name} → ${c.status}`, async () => {
      const r = await golden.compareAsync(
        present(file(c.expected), 'data_url'),
        present(file(c.actual), c.as),
        c.tolerance,
      );
      expect(r.status, resultText(r)).toBe(c.status);
      if (c.message) expect(resultText(r)).toContain(c.message);
      if (c.status === 'fail') expect(r.differences?.length).toBeGreaterThan(0);
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(1);
      expect(r.degraded).toBeUndefined();
    });
  }
});

describe.skipIf(withoutFft)('audio contract cases', () => {
  for (const c of contractCases) {
    it(`${c.label}: identical passes, changed fails at ${c.changedPath}, boundary passes, garbage fails`, async () => {
      expect((await tester.compareAsync(c.value, c.value, c.tolerance, c.type)).status).toBe('pass');
      const changed = await tester.compareAsync(c.value, c.changed, c.tolerance, c.type);
      expect(changed.status).toBe('fail');
      expect(changed.differences?.map((d) => d.path)).toContain(c.changedPath);
      const b = await tester.compareAsync(c.boundary!.expected, c.boundary!.actual, c.boundary!.tolerance, c.type);
      expect(b.status, b.metric).toBe('pass');
      const g = await tester.compareAsync(c.value, c.garbage, c.tolerance, c.type);
      expect(g.status).toBe('fail');
      expect(g.metric).toMatch(/WAV data chunk claims \d+ bytes but only 956 are present/);
      expect((await tester.compareAsync(c.value, c.changed, { compare: 'skip' }, c.type)).status).toBe('skip');
    });
  }
});

describe('WAV decoding', () => {
  const ramp = Float32Array.from({ length: 64 }, (_, i) => (i - 32) / 40);
  for (const enc of ['pcm8', 'pcm16', 'pcm24', 'pcm32', 'float32', 'float64'] as const) {
    for (const extensible of [false, true]) {
      it(`${enc}${extensible ? ' extensible' : ''} round-trips`, () => {
        const d = decodeWav(encodeWav(ramp, 11025, enc, { extensible }));
        expect(d.ok).toBe(true);
        if (!d.ok) return;
        expect(d.audio.sampleRate).toBe(11025);
        const tol = enc === 'pcm8' ? 1 / 100 : 1e-4;
        for (let i = 0; i < ramp.length; i++) expect(Math.abs(d.audio.samples[i]! - ramp[i]!)).toBeLessThan(tol);
      });
    }
  }
  it('mixes stereo to mono', () => {
    const d = decodeWav(encodeWav([new Float32Array([0.5, 0.5]), new Float32Array([-0.5, 0.25])], 8000, 'float32'));
    expect(d.ok && Array.from(d.audio.samples)).toEqual([0, 0.375]);
  });
  it('names each problem', () => {
    const wav = encodeWav(new Float32Array(100), 8000);
    const bad = (b: Uint8Array): string => {
      const d = decodeWav(b);
      return d.ok ? 'ok' : d.problem;
    };
    expect(bad(wav.slice(0, 100))).toBe('WAV data chunk claims 200 bytes but only 56 are present (file truncated?)');
    expect(bad(new Uint8Array(0))).toBe('not a WAV file (no RIFF/WAVE header; it is empty)');
    const alaw = wav.slice();
    alaw[20] = 6;
    expect(bad(alaw)).toContain('format tag 6 (A-law)');
    const noData = wav.slice(0, 36);
    expect(bad(noData)).toBe('WAV has no data chunk');
  });
  it('checks the header against its limits before allocating, naming the output', async () => {
    const good = encodeWav(new Float32Array(800), 8000);
    const patched = (at: number, v: number, bytes: 2 | 4): Uint8Array => {
      const b = good.slice();
      const dv = new DataView(b.buffer);
      if (bytes === 2) dv.setUint16(at, v, true);
      else dv.setUint32(at, v, true);
      return b;
    };
    const bad = (b: Uint8Array): string => {
      const d = decodeWav(b);
      return d.ok ? 'ok' : d.problem;
    };
    expect(bad(patched(22, 65535, 2))).toBe('WAV fmt chunk says 65535 channels; pixie reads at most 64');
    expect(bad(patched(24, 1, 4))).toBe(
      'WAV fmt chunk says sample rate 1 Hz; pixie reads 1000–768000 Hz (a corrupt header?)',
    );
    expect(bad(patched(32, 7, 2))).toBe(
      'WAV fmt chunk says 7 bytes per frame, but 1 channel(s) of 16-bit samples take 2 (a corrupt header?)',
    );
    const long = new Uint8Array(44 + 48000 * 601);
    long.set(encodeWav(new Float32Array(0), 48000, 'pcm8').subarray(0, 44));
    new DataView(long.buffer).setUint32(40, 48000 * 601, true);
    expect(bad(long)).toBe(
      "WAV holds 601.0 s (28848000 frames at 48000 Hz), over pixie's limit of 28800000 frames (10 minutes at 48 kHz)",
    );
    for (const [at, v, size] of [
      [22, 65535, 2],
      [24, 1, 4],
    ] as const) {
      const r = await golden.compareAsync(wavDataUrl(good), wavDataUrl(patched(at, v, size)), {});
      expect(r.status).toBe('fail');
      expect(r.differences![0]!.message).toMatch(
        /^audio output 'audio': actual audio cannot be decoded: WAV fmt chunk says/,
      );
    }
  });
  it('reads data URLs, base64 and objects, and names what is wrong', () => {
    expect(mediaBytes('data:audio/wav;base64,UklGRg==').ok).toBe(true);
    expect(mediaBytes({ url: 'UklGRg==' }).ok).toBe(true);
    const p = (v: unknown): string => {
      const r = mediaBytes(v);
      return r.ok ? 'ok' : r.problem;
    };
    expect(p(42)).toBe('is a number (42), expected a data URL or base64 string');
    expect(p('https://example.com/a.wav')).toContain('is a URL');
    expect(p('hello world!')).toContain('neither a data URL nor base64');
    expect(p({ name: 'x' })).toContain("without a string 'value', 'data' or 'url'");
  });
});

describe('silence trimming', () => {
  const rate = 8000;
  const tone = (s: number, amp = 0.5): Float32Array =>
    Float32Array.from({ length: Math.round(s * rate) }, (_, i) => amp * Math.sin((2 * Math.PI * 440 * i) / rate));
  const cat = (...parts: Float32Array[]): Float32Array => {
    const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
  it('trims frames more than 35 dB below the loudest, from both ends only', () => {
    const t = trimSilence(
      cat(new Float32Array(800), tone(0.3), new Float32Array(400), tone(0.2), new Float32Array(160)),
      rate,
    );
    expect(t.leadS).toBeCloseTo(0.1, 5);
    expect(t.tailS).toBeCloseTo(0.02, 5);
    expect(t.samples.length).toBe(2400 + 400 + 1600); // the silence between the tones stays
    // a tone 30 dB down is sound, 50 dB down is silence
    expect(trimSilence(cat(tone(0.1, 0.5 * 10 ** (-30 / 20)), tone(0.1)), rate).leadS).toBe(0);
    expect(trimSilence(cat(tone(0.1, 0.5 * 10 ** (-40 / 20)), tone(0.1)), rate).leadS).toBeCloseTo(0.1, 5);
    expect(trimSilence(cat(tone(0.1, 0.5 * 10 ** (-50 / 20)), tone(0.1)), rate).leadS).toBeCloseTo(0.1, 5);
    expect(trimSilence(new Float32Array(80), rate).samples.length).toBe(0);
  });
  it('100 ms of extra leading silence passes by default and fails with trim_silence: false', async (ctx) => {
    skipWithout(ctx, 'fft.js');
    const e = wavDataUrl(encodeWav(cat(new Float32Array(160), tone(0.5)), rate));
    const a = wavDataUrl(encodeWav(cat(new Float32Array(960), tone(0.5)), rate));
    const r = await tester.compareAsync(e, a, {});
    expect(r.status, r.metric).toBe('pass');
    expect(r.metric).toContain('actual aligned by 100.0 ms');
    const strict = await tester.compareAsync(e, a, { trim_silence: false });
    expect(strict.status).toBe('fail');
    expect(strict.differences![0]!.message).toMatch(/^duration differs: expected 0\.520 s, got 0\.620 s \(difference/);
  });
  it('length is that of the sound: a tone cut short fails even when silence pads it to the same length', async (ctx) => {
    skipWithout(ctx, 'fft.js');
    const e = wavDataUrl(encodeWav(cat(tone(0.5), new Float32Array(800)), rate));
    const a = wavDataUrl(encodeWav(cat(tone(0.3), new Float32Array(2400)), rate));
    const r = await tester.compareAsync(e, a, {});
    expect(r.status).toBe('fail');
    expect(r.differences![0]!.message).toMatch(
      /^duration differs: expected 0\.600 s, got 0\.600 s \(0\.500 s and 0\.300 s of sound after trimming silence/,
    );
  });
  it('identical decoded samples pass before any measurement', async () => {
    const samples = tone(0.2);
    const r = await tester.compareAsync(
      wavDataUrl(encodeWav(samples, rate)),
      wavDataUrl(encodeWav([samples], rate, 'pcm16', { extensible: true })),
      {},
    );
    expect(r.metric).toMatch(/^same samples, different bytes/);
  });
});

describe('samples that are not numbers', () => {
  const rate = 8000;
  const sine = (hz: number): Float32Array =>
    Float32Array.from({ length: rate }, (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / rate));
  it('a different tone with one NaN every 1000 samples fails, saying what the samples are', async () => {
    const other = sine(660);
    for (let i = 500; i < other.length; i += 1000) other[i] = Number.NaN;
    for (const enc of ['float32', 'float64'] as const) {
      const r = await tester.compareAsync(
        wavDataUrl(encodeWav(sine(440), rate)),
        wavDataUrl(encodeWav(other, rate, enc)),
        {},
      );
      expect(r.status).toBe('fail');
      expect(r.metric).toBe(
        'actual audio cannot be decoded: WAV holds samples that are not numbers: 8 NaN of 8000 (the first at 0.063 s); audio samples must be finite',
      );
    }
  });
  it('infinities in the expected recording are the fixture to fix', async () => {
    const inf = sine(440);
    inf[10] = Number.POSITIVE_INFINITY;
    inf[20] = Number.NEGATIVE_INFINITY;
    inf[30] = Number.NaN;
    const r = await tester.compareAsync(
      wavDataUrl(encodeWav(inf, rate, 'float32')),
      wavDataUrl(encodeWav(sine(440), rate)),
      {},
    );
    expect(r.status).toBe('fail');
    expect(r.metric).toMatch(
      /^expected audio cannot be decoded: WAV holds samples that are not numbers: 1 NaN and 2 infinite of 8000 \(the first at 0\.001 s\).*\(fix the fixture/,
    );
  });
});

describe('audio DSP core', () => {
  it('resamples a 1 kHz tone without changing its frequency', () => {
    const tone = Float32Array.from({ length: 44100 }, (_, i) => Math.sin((2 * Math.PI * 1000 * i) / 44100));
    const out = resample(tone, 44100, 16000);
    expect(out.length).toBe(16000);
    for (const i of [1000, 5000, 12000])
      expect(Math.abs(out[i]! - Math.sin((2 * Math.PI * 1000 * i) / 16000))).toBeLessThan(0.01);
  });
  it('finds a delay within the window and ignores silence', async (ctx) => {
    skipWithout(ctx, 'fft.js');
    const FFT = ((await import('fft.js')) as { default: unknown }).default as FftConstructor;
    const noise = Float32Array.from({ length: 4000 }, (_, i) => Math.sin(i * 0.37) * Math.sin(i * 0.011));
    const delayed = new Float32Array(4160);
    delayed.set(noise, 160);
    expect(findLag(noise, delayed, 400, FFT).lag).toBe(160);
    expect(findLag(new Float32Array(100), new Float32Array(100), 10, FFT)).toEqual({ lag: 0, correlation: 0 });
  });
});

describe('audio degradation', () => {
  it('falls back to size + SHA-256 with degraded set when fft.js is missing (injected loader)', async () => {
    const degraded = { package: 'fft.js', install: 'npm install fft.js', reason: 'fft.js could not be loaded (test)' };
    const input = {
      key: 'audio',
      expected: present(file('01a.wav'), 'data_url'),
      actual: present(file('04b.wav'), 'data_url'),
      tolerance: {},
    };
    const r = await compareAudioValues(input, async () => ({ degraded }));
    expect(r.status).toBe('fail');
    expect(r.degraded).toEqual(degraded);
    expect(r.metric).toContain('sha256 differs');
    expect(r.rule).toContain('npm install fft.js');
    const same = await compareAudioValues({ ...input, actual: input.expected }, async () => ({ degraded }));
    expect(same.status).toBe('pass');
    // the injected loader is not asked for identical bytes: whether fft.js is installed decides
    // (without it, identical bytes pass with the degraded note, docs/comparators.md)
    expect(same.degraded?.package).toBe(installed('fft.js') ? undefined : 'fft.js');
  });
  it('PIXIE_DISABLE_OPTIONAL=fft.js degrades in a fresh process; a truncated WAV still names the problem', async () => {
    const probe = fileURLToPath(new URL('degraded-probe.ts', casesDir));
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', probe, '01a.wav:04b.wav', '01a.wav:01a.wav', '01a.wav:17b.wav'],
        { env: { ...process.env, PIXIE_DISABLE_OPTIONAL: 'fft.js' } },
        (err, out, errOut) => (err ? reject(new Error(`${err.message}\n${errOut}`)) : resolve(out)),
      );
    });
    const [reencoded, same, truncated] = JSON.parse(stdout) as ComparisonResult[];
    expect(reencoded!.status).toBe('fail');
    expect(reencoded!.degraded).toEqual({
      package: 'fft.js',
      install: 'npm install fft.js',
      reason: 'fft.js is disabled by PIXIE_DISABLE_OPTIONAL',
    });
    expect(same!.status).toBe('pass');
    // identical bytes pass without fft.js, and still say the comparison was degraded
    expect(same!.degraded).toEqual(reencoded!.degraded);
    expect(same!.metric).toContain('fft.js is disabled by PIXIE_DISABLE_OPTIONAL');
    expect(truncated!.status).toBe('fail');
    expect(truncated!.metric).toContain('WAV data chunk claims 12800 bytes but only 956 are present');
  });
  it('a WAV wrapped in a data URL helper is what tools send', () => {
    expect(wavDataUrl(new Uint8Array([1, 2, 3]))).toBe('data:audio/wav;base64,AQID');
  });
});
