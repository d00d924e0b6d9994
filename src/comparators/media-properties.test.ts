// Loosening any media tolerance never turns a pass into a fail (fast-check, on generated images
// and sounds), and identical decoded pixels or samples pass every mode. Images go through the pure
// core the image comparator and the PDF visual mode share; sounds through the audio comparator.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeWav, wavDataUrl } from './audio/wav.js';
import { compareAudioValues } from './audio/audio.js';
import { compareRgba } from './image/compare-rgba.js';
import type { RgbaImage } from './image/rgba.js';
import { type CanonicalMode, settingsOf } from './image/settings.js';
import type { Region } from './kit/regions.js';

const W = 10,
  H = 8;
const PALETTE = [
  [255, 255, 255, 255],
  [20, 20, 30, 255],
  [200, 60, 60, 255],
  [120, 120, 140, 255],
  [60, 60, 200, 128],
  [0, 0, 0, 0],
];

/** A 10×8 picture of palette colours, and a copy with some pixels changed. */
const imagePair = fc
  .record({
    base: fc.array(fc.integer({ min: 0, max: PALETTE.length - 1 }), { minLength: W * H, maxLength: W * H }),
    edits: fc.array(
      fc.record({
        at: fc.integer({ min: 0, max: W * H - 1 }),
        c: fc.integer({ min: 0, max: 255 }),
        ch: fc.integer({ min: 0, max: 3 }),
      }),
      { maxLength: 12 },
    ),
  })
  .map(({ base, edits }) => {
    const data = new Uint8Array(W * H * 4);
    base.forEach((p, i) => data.set(PALETTE[p]!, i * 4));
    const actual = data.slice();
    for (const e of edits) actual[e.at * 4 + e.ch] = e.c;
    return {
      expected: { width: W, height: H, data } as RgbaImage,
      actual: { width: W, height: H, data: actual } as RgbaImage,
    };
  });

const region = fc.record({
  x: fc.integer({ min: 0, max: W - 1 }),
  y: fc.integer({ min: 0, max: H - 1 }),
  width: fc.integer({ min: 1, max: W }),
  height: fc.integer({ min: 1, max: H }),
});

/** A tolerance and a looser one: every option moved towards passing (or kept). */
const looserImageTolerances = fc
  .record({
    threshold: fc.double({ min: 0, max: 0.5, noNaN: true }),
    dThreshold: fc.double({ min: 0, max: 0.5, noNaN: true }),
    max_diff_pixels: fc.integer({ min: 0, max: 20 }),
    dPixels: fc.integer({ min: 0, max: 20 }),
    max_diff_ratio: fc.double({ min: 0, max: 0.2, noNaN: true }),
    dRatio: fc.double({ min: 0, max: 0.2, noNaN: true }),
    antialiasing: fc.boolean(),
    max_shift: fc.integer({ min: 0, max: 2 }),
    dShift: fc.integer({ min: 0, max: 2 }),
    max_distance: fc.double({ min: 0, max: 0.5, noNaN: true }),
    dDistance: fc.double({ min: 0, max: 0.5, noNaN: true }),
    min_ssim: fc.double({ min: 0.5, max: 1, noNaN: true }),
    dSsim: fc.double({ min: 0, max: 0.5, noNaN: true }),
    regions: fc.array(region, { maxLength: 2 }),
    more: fc.array(region, { maxLength: 2 }),
  })
  .map((t) => ({
    strict: {
      threshold: t.threshold,
      max_diff_pixels: t.max_diff_pixels,
      max_diff_ratio: t.max_diff_ratio,
      antialiasing: t.antialiasing,
      max_shift: t.max_shift,
      max_distance: t.max_distance,
      min_ssim: t.min_ssim,
    },
    loose: {
      threshold: t.threshold + t.dThreshold,
      max_diff_pixels: t.max_diff_pixels + t.dPixels,
      max_diff_ratio: t.max_diff_ratio + t.dRatio,
      antialiasing: true,
      max_shift: t.max_shift + t.dShift,
      max_distance: t.max_distance + t.dDistance,
      min_ssim: t.min_ssim - t.dSsim,
    },
    regions: t.regions as Region[],
    moreRegions: [...t.regions, ...t.more] as Region[],
  }));

describe('loosening a media tolerance never turns a pass into a fail', () => {
  for (const mode of ['pixel', 'histogram', 'ssim'] as CanonicalMode[]) {
    it(`images, ${mode} mode`, () => {
      fc.assert(
        fc.property(imagePair, looserImageTolerances, ({ expected, actual }, t) => {
          const strict = compareRgba(expected, actual, settingsOf(t.strict, mode));
          const loose = compareRgba(expected, actual, settingsOf(t.loose, mode));
          return !strict.ok || loose.ok;
        }),
        { numRuns: 300 },
      );
    });
  }

  it('images, pixel mode: more ignore regions', () => {
    fc.assert(
      fc.property(imagePair, looserImageTolerances, ({ expected, actual }, t) => {
        const s = settingsOf(t.strict, 'pixel');
        return !compareRgba(expected, actual, s, t.regions).ok || compareRgba(expected, actual, s, t.moreRegions).ok;
      }),
      { numRuns: 300 },
    );
  });

  it('audio: max_distance, max_length_diff_s, max_l2', async () => {
    const rate = 8000;
    const sound = fc
      .record({
        f: fc.integer({ min: 200, max: 1500 }),
        g: fc.double({ min: 0.05, max: 0.8, noNaN: true }),
        len: fc.integer({ min: 1600, max: 3200 }),
        lead: fc.integer({ min: 0, max: 800 }),
      })
      .map(({ f, g, len, lead }) => {
        const s = new Float32Array(lead + len);
        for (let i = 0; i < len; i++) s[lead + i] = g * Math.sin((2 * Math.PI * f * i) / rate);
        return wavDataUrl(encodeWav(s, rate));
      });
    const limits = fc.record({
      max_distance: fc.double({ min: 0, max: 10, noNaN: true }),
      dDistance: fc.double({ min: 0, max: 20, noNaN: true }),
      max_length_diff_s: fc.double({ min: 0, max: 0.2, noNaN: true }),
      dLength: fc.double({ min: 0, max: 0.3, noNaN: true }),
      max_l2: fc.double({ min: 0, max: 1, noNaN: true }),
      dL2: fc.double({ min: 0, max: 2, noNaN: true }),
      trim_silence: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(sound, sound, limits, async (e, a, l) => {
        const run = (tolerance: Record<string, unknown>) =>
          compareAudioValues({ key: 'sound', expected: e, actual: a, tolerance });
        const strict = await run({
          max_distance: l.max_distance,
          max_length_diff_s: l.max_length_diff_s,
          max_l2: l.max_l2,
          trim_silence: l.trim_silence,
        });
        const loose = await run({
          max_distance: l.max_distance + l.dDistance,
          max_length_diff_s: l.max_length_diff_s + l.dLength,
          max_l2: l.max_l2 + l.dL2,
          trim_silence: l.trim_silence,
        });
        return strict.status === 'fail' || loose.status === 'pass';
      }),
      { numRuns: 40 },
    );
  });
});

describe('identical decoded samples pass', () => {
  it('whatever the encoding of the same samples', async () => {
    const s = Float32Array.from({ length: 800 }, (_, i) => Math.round(Math.sin(i / 7) * 1000) / 32768);
    const r = await compareAudioValues({
      key: 'sound',
      expected: wavDataUrl(encodeWav(s, 8000)),
      actual: wavDataUrl(encodeWav([s], 8000, 'pcm16', { extensible: true })),
      tolerance: { max_distance: 0, max_length_diff_s: 0, max_l2: 0 },
    });
    expect(r.status).toBe('pass');
  });
});
