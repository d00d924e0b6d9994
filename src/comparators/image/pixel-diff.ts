// The share of pixels that differ, and the diff image that shows them.
//
// A pixel differs when its colour distance exceeds `threshold` (0..1) on the YIQ ΔE² scale of
// Kotsarenko & Ramos (the scale pixelmatch, odiff and Playwright use, so their `threshold` values
// mean the same here; max distance 35215, compared squared). Equal pixels are skipped with one
// 32-bit compare. With `antialiasing`, a differing pixel that looks like anti-aliasing in either
// image (Vyšniauskas 2009: it sits on a brightness ramp between two flat regions) is tolerated
// and counted separately. With `maxShift` r, a differing pixel is tolerated when its expected
// colour occurs within r px in the actual image *and* its actual colour within r px in the expected
// one: a glyph moved by a pixel passes, a deleted or recoloured shape does not (pixelmatch#42).
import { lumaOf as importedLumaOf, packRgba, pixels32, SHIFTS, sameSize, type RgbaImage } from './rgba.js';

// local constants, not imported bindings: the hot loops then read them as constants (with the
// imports used directly this file measured 1.2-1.4x slower)
const SR = SHIFTS.SR,
  SG = SHIFTS.SG,
  SB = SHIFTS.SB,
  SA = SHIFTS.SA;
const lumaOf = importedLumaOf;

export interface PixelDiffOptions {
  /** 0..1, default 0.1 */
  threshold?: number;
  /** tolerate anti-aliased pixels (not counted as differing) */
  antialiasing?: boolean;
  /** tolerate content displaced by up to this many pixels (0 = off) */
  maxShift?: number;
  /** width × height bytes to receive 0 = same, 1 = differs, 2 = tolerated (anti-aliasing or shift) */
  mask?: Uint8Array;
}

export interface PixelDiff {
  differing: number;
  antialiased: number;
  /** pixels tolerated because their colour is found within `maxShift` px in the other image, both ways */
  shifted: number;
  total: number;
  ratio: number;
  /** bounding box of the differing pixels, inclusive */
  box: { x0: number; y0: number; x1: number; y1: number } | null;
}

const MAX_YIQ_DELTA = 35215;

function yiqDelta2(dr: number, dg: number, db: number): number {
  const y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223;
  const i = dr * 0.59597799 - dg * 0.2741761 - db * 0.32180189;
  const q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694;
  return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q;
}

/** Squared YIQ distance of two pixels; non-opaque pixels are composited over white and over black, the larger counts. */
function colourDelta(pa: number, pb: number): number {
  const r1 = (pa >>> SR) & 255,
    g1 = (pa >>> SG) & 255,
    b1 = (pa >>> SB) & 255,
    a1 = (pa >>> SA) & 255;
  const r2 = (pb >>> SR) & 255,
    g2 = (pb >>> SG) & 255,
    b2 = (pb >>> SB) & 255,
    a2 = (pb >>> SA) & 255;
  if (a1 === 255 && a2 === 255) return yiqDelta2(r1 - r2, g1 - g2, b1 - b2);
  // over black: c·a/255; over white: the same plus 255·(1 − a/255), so they differ by 255·Δa/255
  const dr = (r1 * a1 - r2 * a2) / 255,
    dg = (g1 * a1 - g2 * a2) / 255,
    db = (b1 * a1 - b2 * a2) / 255;
  const da = a2 - a1;
  return Math.max(yiqDelta2(dr, dg, db), yiqDelta2(dr + da, dg + da, db + da));
}

function brightness(p: number): number {
  const a = ((p >>> SA) & 255) / 255;
  const y = ((p >>> SR) & 255) * 0.29889531 + ((p >>> SG) & 255) * 0.58662247 + ((p >>> SB) & 255) * 0.11448223;
  return 255 + (y - 255) * a;
}

/** At least three of the 8 neighbours have exactly the same value (a flat region); image edges count as one. */
function hasManySiblings(img: Uint32Array, x: number, y: number, w: number, h: number): boolean {
  const p = img[y * w + x]!;
  let same = x === 0 || x === w - 1 || y === 0 || y === h - 1 ? 1 : 0;
  for (let ny = Math.max(0, y - 1); ny <= Math.min(h - 1, y + 1); ny++) {
    for (let nx = Math.max(0, x - 1); nx <= Math.min(w - 1, x + 1); nx++) {
      if ((nx !== x || ny !== y) && img[ny * w + nx] === p && ++same > 2) return true;
    }
  }
  return false;
}

/** Vyšniauskas: a pixel on a monotone brightness ramp whose darkest or brightest neighbour sits in a flat area of both images. */
function looksAntialiased(img: Uint32Array, other: Uint32Array, x: number, y: number, w: number, h: number): boolean {
  const centre = brightness(img[y * w + x]!);
  let equal = x === 0 || x === w - 1 || y === 0 || y === h - 1 ? 1 : 0;
  let min = 0,
    max = 0,
    minX = -1,
    minY = -1,
    maxX = -1,
    maxY = -1;
  for (let ny = Math.max(0, y - 1); ny <= Math.min(h - 1, y + 1); ny++) {
    for (let nx = Math.max(0, x - 1); nx <= Math.min(w - 1, x + 1); nx++) {
      if (nx === x && ny === y) continue;
      const d = brightness(img[ny * w + nx]!) - centre;
      if (d === 0) {
        if (++equal > 2) return false;
      } else if (d < min) {
        min = d;
        minX = nx;
        minY = ny;
      } else if (d > max) {
        max = d;
        maxX = nx;
        maxY = ny;
      }
    }
  }
  if (min === 0 || max === 0) return false;
  return (
    (hasManySiblings(img, minX, minY, w, h) && hasManySiblings(other, minX, minY, w, h)) ||
    (hasManySiblings(img, maxX, maxY, w, h) && hasManySiblings(other, maxX, maxY, w, h))
  );
}

/** Some pixel of `img` within `r` px of (x, y) has a colour within `maxDelta` of `p`. */
function foundNear(
  img: Uint32Array,
  p: number,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  maxDelta: number,
): boolean {
  for (let ny = Math.max(0, y - r); ny <= Math.min(h - 1, y + r); ny++) {
    for (let nx = Math.max(0, x - r); nx <= Math.min(w - 1, x + r); nx++) {
      const q = img[ny * w + nx]!;
      if (q === p || colourDelta(p, q) <= maxDelta) return true;
    }
  }
  return false;
}

/** Images must have the same size. */
export function pixelDiff(a: RgbaImage, b: RgbaImage, opts: PixelDiffOptions = {}): PixelDiff {
  const { width: w, height: h } = a;
  const a32 = pixels32(a);
  const b32 = pixels32(b);
  const n = a32.length;
  const threshold = opts.threshold ?? 0.1;
  const maxDelta = MAX_YIQ_DELTA * threshold * threshold;
  const aa = opts.antialiasing ?? false;
  const shift = Math.max(0, Math.floor(opts.maxShift ?? 0));
  const mask = opts.mask;
  let differing = 0,
    antialiased = 0,
    shifted = 0;
  let x0 = w,
    y0 = h,
    x1 = -1,
    y1 = -1;
  for (let i = 0; i < n; i++) {
    const pa = a32[i]!;
    const pb = b32[i]!;
    if (pa === pb) continue;
    if (colourDelta(pa, pb) <= maxDelta) continue;
    const y = (i / w) | 0;
    const x = i - y * w;
    if (aa && (looksAntialiased(a32, b32, x, y, w, h) || looksAntialiased(b32, a32, x, y, w, h))) {
      antialiased++;
      if (mask) mask[i] = 2;
      continue;
    }
    // displaced content: each side's colour is present nearby in the other image
    if (shift && foundNear(b32, pa, x, y, w, h, shift, maxDelta) && foundNear(a32, pb, x, y, w, h, shift, maxDelta)) {
      shifted++;
      if (mask) mask[i] = 2;
      continue;
    }
    differing++;
    if (mask) mask[i] = 1;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return {
    differing,
    antialiased,
    shifted,
    total: n,
    ratio: n ? differing / n : 0,
    box: differing ? { x0, y0, x1, y1 } : null,
  };
}

// Diff image: the expected image faded to 10 % grey, differing pixels red, tolerated anti-aliasing
// yellow. For different sizes the canvas covers both; the overlap is compared pixel by pixel and
// the area only one image covers is magenta.

const RED = packRgba(255, 0, 0, 255);
const YELLOW = packRgba(255, 255, 0, 255);
const MAGENTA = packRgba(255, 0, 255, 255);
/** faded grey for each luma level: the expected image at 10 % contrast over white */
const FADED = Uint32Array.from({ length: 256 }, (_, y) => {
  const g = Math.round(255 + (y - 255) * 0.1);
  return packRgba(g, g, g, 255);
});

export function renderDiff(
  expected: RgbaImage,
  actual: RgbaImage,
  opts: { threshold?: number; mask?: Uint8Array } = {},
): RgbaImage {
  const width = Math.max(expected.width, actual.width);
  const height = Math.max(expected.height, actual.height);
  const out = new Uint32Array(width * height);
  const e32 = pixels32(expected);
  const a32 = pixels32(actual);
  const maxDelta = MAX_YIQ_DELTA * (opts.threshold ?? 0.1) ** 2;
  const mask = sameSize(expected, actual) ? opts.mask : undefined;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = y * width + x;
      if (x >= expected.width || y >= expected.height || x >= actual.width || y >= actual.height) {
        out[o] = MAGENTA;
        continue;
      }
      const pe = e32[y * expected.width + x]!;
      const m = mask
        ? mask[o]!
        : pe !== a32[y * actual.width + x]! && colourDelta(pe, a32[y * actual.width + x]!) > maxDelta
          ? 1
          : 0;
      out[o] = m === 1 ? RED : m === 2 ? YELLOW : FADED[lumaOf(pe)]!;
    }
  }
  return { width, height, data: new Uint8Array(out.buffer) };
}
