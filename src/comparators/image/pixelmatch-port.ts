// pixelmatch 7.2's colour test and anti-aliasing detector (ISC License, Copyright (c) 2025, Mapbox),
// ported line for line (loop order, strict comparisons, the checkerboard blend of pixels that are
// not opaque), so pixel-diff.ts makes pixelmatch's decisions in the pass that makes its own. Why
// ported rather than called: bench/evidence/image-metrics.md.
import { SHIFTS } from './rgba.js';

// local constants, not imported bindings, so the loops read them as constants
const SR = SHIFTS.SR,
  SG = SHIFTS.SG,
  SB = SHIFTS.SB;
/** the alpha byte of a pixel read as one word, all ones */
const ALPHA = (255 << SHIFTS.SA) | 0;

/** Squared YIQ distance of pixel k of both images, blended over pixelmatch's checkerboard when not opaque. */
export function pmColorDelta(img1: Uint8Array, img2: Uint8Array, k: number): number {
  const r1 = img1[k]!;
  const g1 = img1[k + 1]!;
  const b1 = img1[k + 2]!;
  const a1 = img1[k + 3]!;
  const r2 = img2[k]!;
  const g2 = img2[k + 1]!;
  const b2 = img2[k + 2]!;
  const a2 = img2[k + 3]!;
  let dr = r1 - r2;
  let dg = g1 - g2;
  let db = b1 - b2;
  const da = a1 - a2;
  if (a1 < 255 || a2 < 255) {
    const rb = 48 + 159 * (k % 2);
    const gb = 48 + 159 * (((k / 1.618033988749895) | 0) % 2);
    const bb = 48 + 159 * (((k / 2.618033988749895) | 0) % 2);
    dr = (r1 * a1 - r2 * a2 - rb * da) / 255;
    dg = (g1 * a1 - g2 * a2 - gb * da) / 255;
    db = (b1 * a1 - b2 * a2 - bb * da) / 255;
  }
  const y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223;
  const i = dr * 0.59597799 - dg * 0.2741761 - db * 0.32180189;
  const q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694;
  return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q;
}

function pmBrightnessDelta(
  img: Uint8Array,
  k: number,
  m: number,
  r1: number,
  g1: number,
  b1: number,
  a1: number,
): number {
  const r2 = img[m]!;
  const g2 = img[m + 1]!;
  const b2 = img[m + 2]!;
  const a2 = img[m + 3]!;
  let dr = r1 - r2;
  let dg = g1 - g2;
  let db = b1 - b2;
  const da = a1 - a2;
  if (!dr && !dg && !db && !da) return 0;
  if (a1 < 255 || a2 < 255) {
    const rb = 48 + 159 * (k % 2);
    const gb = 48 + 159 * (((k / 1.618033988749895) | 0) % 2);
    const bb = 48 + 159 * (((k / 2.618033988749895) | 0) % 2);
    dr = (r1 * a1 - r2 * a2 - rb * da) / 255;
    dg = (g1 * a1 - g2 * a2 - gb * da) / 255;
    db = (b1 * a1 - b2 * a2 - bb * da) / 255;
  }
  return dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223;
}

function pmHasManySiblings(img: Uint32Array, x1: number, y1: number, width: number, height: number): boolean {
  const x0 = Math.max(x1 - 1, 0);
  const y0 = Math.max(y1 - 1, 0);
  const x2 = Math.min(x1 + 1, width - 1);
  const y2 = Math.min(y1 + 1, height - 1);
  const val = img[y1 * width + x1];
  let zeroes = x1 === x0 || x1 === x2 || y1 === y0 || y1 === y2 ? 1 : 0;
  for (let x = x0; x <= x2; x++) {
    for (let y = y0; y <= y2; y++) {
      if (x === x1 && y === y1) continue;
      zeroes += +(val === img[y * width + x]);
      if (zeroes > 2) return true;
    }
  }
  return false;
}

/** pixelmatch's anti-aliasing detector (Vyšniauskas 2009) for pixel (x1, y1) of `img`. */
export function pmAntialiased(
  img: Uint8Array,
  x1: number,
  y1: number,
  width: number,
  height: number,
  a32: Uint32Array,
  b32: Uint32Array,
): boolean {
  const x0 = Math.max(x1 - 1, 0);
  const y0 = Math.max(y1 - 1, 0);
  const x2 = Math.min(x1 + 1, width - 1);
  const y2 = Math.min(y1 + 1, height - 1);
  const pos4 = (y1 * width + x1) * 4;
  const cr = img[pos4]!;
  const cg = img[pos4 + 1]!;
  const cb = img[pos4 + 2]!;
  const ca = img[pos4 + 3]!;
  // `a32` is `img` read a pixel at a time (pixelmatch passes them together)
  const c32 = a32[y1 * width + x1]!;
  let zeroes = x1 === x0 || x1 === x2 || y1 === y0 || y1 === y2 ? 1 : 0;
  let min = 0;
  let max = 0;
  let minX = 0;
  let minY = 0;
  let maxX = 0;
  let maxY = 0;
  for (let x = x0; x <= x2; x++) {
    for (let y = y0; y <= y2; y++) {
      if (x === x1 && y === y1) continue;
      const p = a32[y * width + x]!;
      // an equal neighbour, or two opaque ones (nearly always), from the words: the same arithmetic
      const delta =
        p === c32
          ? 0
          : (p & c32 & ALPHA) === ALPHA
            ? (cr - ((p >>> SR) & 255)) * 0.29889531 +
              (cg - ((p >>> SG) & 255)) * 0.58662247 +
              (cb - ((p >>> SB) & 255)) * 0.11448223
            : pmBrightnessDelta(img, pos4, (y * width + x) * 4, cr, cg, cb, ca);
      if (delta === 0) {
        zeroes++;
        if (zeroes > 2) return false;
      } else if (delta < min) {
        min = delta;
        minX = x;
        minY = y;
      } else if (delta > max) {
        max = delta;
        maxX = x;
        maxY = y;
      }
    }
  }
  if (min === 0 || max === 0) return false;
  return (
    (pmHasManySiblings(a32, minX, minY, width, height) && pmHasManySiblings(b32, minX, minY, width, height)) ||
    (pmHasManySiblings(a32, maxX, maxY, width, height) && pmHasManySiblings(b32, maxX, maxY, width, height))
  );
}
