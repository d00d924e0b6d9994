// The verdict on two decoded images of the same size, in any mode: pure (no decoding, no I/O), so
// the image comparator and the PDF comparator's `visual` mode share it. Identical pixels pass every
// mode; transparency goes through alpha.ts the same way for every mode; ignore regions are left out
// of the pixel count and, for histogram and SSIM, filled with the expected pixels on both sides.
import { clipRegion, type Region } from '../kit/regions.js';
import { compositePairs, opaquePairs } from './alpha.js';
import { histogramDistance } from './histogram.js';
import { messages } from './messages.js';
import { MASK, pixelDiff } from './pixel-diff.js';
import { samePixels, type RgbaImage } from './rgba.js';
import { allowedDiffPixels, type ImageSettings } from './settings.js';
import { ssim } from './ssim.js';

export interface RgbaVerdict {
  ok: boolean;
  /** the decoded pixels are identical (every mode passes) */
  identical: boolean;
  score: number;
  metric: string;
  /** where the difference lies, for the difference's message */
  notes: string[];
  /** per pixel MASK values for the diff image (null when the pixels are identical) */
  mask: Uint8Array | null;
}

/** 1 inside any region (clipped to the image), or null without regions. */
function regionMask(img: RgbaImage, regions: readonly Region[]): { mask: Uint8Array; pixels: number } | null {
  if (!regions.length) return null;
  const mask = new Uint8Array(img.width * img.height);
  for (const r of regions) {
    const c = clipRegion(r, img.width, img.height);
    if (!c) continue;
    for (let y = c.y0; y < c.y1; y++) mask.fill(1, y * img.width + c.x0, y * img.width + c.x1);
  }
  let pixels = 0;
  for (let i = 0; i < mask.length; i++) pixels += mask[i]!;
  return { mask, pixels };
}

/** `actual` with the ignored pixels replaced by the expected ones (for the position-blind metrics). */
function withExpectedIn(expected: RgbaImage, actual: RgbaImage, ignore: Uint8Array): RgbaImage {
  const e32 = new Uint32Array(
    expected.data.buffer.slice(expected.data.byteOffset, expected.data.byteOffset + expected.data.length),
  );
  const out = new Uint32Array(
    actual.data.buffer.slice(actual.data.byteOffset, actual.data.byteOffset + actual.data.length),
  );
  for (let i = 0; i < ignore.length; i++) if (ignore[i]) out[i] = e32[i]!;
  return { width: actual.width, height: actual.height, data: new Uint8Array(out.buffer) };
}

interface PixelCount {
  differing: number;
  shifted: number;
  ignored: number;
  box: { x0: number; y0: number; x1: number; y1: number } | null;
}

/** The union of differing pixels over the opaque pairs, into `mask`. */
function countPixels(
  expected: RgbaImage,
  actual: RgbaImage,
  s: ImageSettings,
  ignore: Uint8Array | null,
  mask: Uint8Array,
): PixelCount {
  const options = { threshold: s.threshold, antialiasing: s.antialiasing, maxShift: s.maxShift, ignore, mask };
  // the usual case, two opaque images, in one pass that also finds whether they are opaque; else
  // that pass is dropped and the two composites are compared, their differences the mask's union
  const d = pixelDiff(expected, actual, options);
  if (d.opaque) return { differing: d.differing, shifted: d.shifted + d.moved, ignored: d.ignored, box: d.box };
  mask.fill(MASK.same);
  const aaSource = { a: expected, b: actual };
  for (const pair of compositePairs(expected, actual)) pixelDiff(pair.expected, pair.actual, { ...options, aaSource });
  const w = expected.width;
  let differing = 0,
    shifted = 0,
    ignored = 0,
    x0 = w,
    y0 = expected.height,
    x1 = -1,
    y1 = -1;
  for (let i = 0; i < mask.length; i++) {
    const m = mask[i]!;
    if (m === MASK.same || m === MASK.antialiased) continue;
    if (m === MASK.ignored) ignored++;
    else if (m === MASK.tolerated) shifted++;
    else {
      differing++;
      const y = (i / w) | 0;
      const x = i - y * w;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return { differing, shifted, ignored, box: differing ? { x0, y0, x1, y1 } : null };
}

/** Images must have the same size (the callers check that first and say so). */
export function compareRgba(
  expected: RgbaImage,
  actual: RgbaImage,
  s: ImageSettings,
  regions: readonly Region[] = [],
): RgbaVerdict {
  const total = expected.width * expected.height;
  if (samePixels(expected, actual))
    return { ok: true, identical: true, score: 1, metric: messages.samePixels(), notes: [], mask: null };
  const ignore = regionMask(expected, regions);
  const ignoredNote = ignore ? messages.ignoredPixels(ignore.pixels, regions.length) : null;
  const mask = new Uint8Array(total);
  const notes: string[] = [];
  let ok: boolean, score: number, metric: string;
  if (s.mode === 'histogram' || s.mode === 'ssim') {
    const a = ignore ? withExpectedIn(expected, actual, ignore.mask) : actual;
    if (s.mode === 'histogram') {
      let worst = { distance: -1, label: '', detail: '' };
      for (const pair of opaquePairs(expected, a)) {
        const h = histogramDistance(pair.expected, pair.actual);
        if (h.distance > worst.distance)
          worst = {
            distance: h.distance,
            label: pair.background,
            detail: messages.channels(h.worstChannel, h.channels),
          };
      }
      ok = worst.distance <= s.maxDistance;
      score = 1 - worst.distance;
      metric = messages.histogramMetric(worst.distance, ok, s.maxDistance, worst.detail, worst.label, ignoredNote);
    } else {
      let worst: ReturnType<typeof ssim> | null = null;
      let label = '';
      for (const pair of opaquePairs(expected, a)) {
        const r = ssim(pair.expected, pair.actual);
        if (!worst || r.ssim < worst.ssim) {
          worst = r;
          label = pair.background;
        }
      }
      const r = worst!;
      ok = r.ssim >= s.minSsim;
      score = Math.max(0, r.ssim);
      metric = messages.ssimMetric(r.ssim, ok, s.minSsim, expected, r.scale, label, ignoredNote);
      notes.push(messages.lowestSsim(r.worst));
    }
    if (!ok) {
      const c = countPixels(expected, actual, s, ignore?.mask ?? null, mask);
      notes.push(messages.pixelsBeyond(c.differing, total, s.threshold, c.box));
    }
    return { ok, identical: false, score, metric, notes, mask: ok ? null : mask };
  }
  const c = countPixels(expected, actual, s, ignore?.mask ?? null, mask);
  const allowed = allowedDiffPixels(s, total);
  ok = c.differing <= allowed;
  score = 1 - c.differing / total;
  const tolerated = [
    s.antialiasing ? messages.antialiasingTolerated() : '',
    s.maxShift ? messages.shiftedTolerated(c.shifted) : '',
    ignore ? messages.inIgnoreRegions(c.ignored) : '',
  ].filter(Boolean);
  metric = messages.pixelMetric(c.differing, total, allowed, s, tolerated);
  if (c.box) notes.push(messages.pixelsWithin(c.box));
  return { ok, identical: false, score, metric, notes, mask: ok ? null : mask };
}
