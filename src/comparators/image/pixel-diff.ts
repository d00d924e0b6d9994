// Which pixels differ: pixelmatch 7.2's YIQ colour test and anti-aliasing detector, ported so one
// pass sorts every pixel into same, anti-aliased, tolerated or differing, plus pixie's own
// tolerances (ink spread differently within a 3×3 neighbourhood, ignore regions, `maxShift`).
// Why ported, and what each tolerance lets pass: bench/evidence/image-metrics.md.
import { aligned, pixels32, SHIFTS, type RgbaImage } from './rgba.js';

// local constants, not imported bindings, so the shift search reads them as constants
const SR = SHIFTS.SR,
  SG = SHIFTS.SG,
  SB = SHIFTS.SB;

/**
 * What the per-pixel mask holds (the diff image draws from it). `antialiased` pixels are not
 * counted as tolerated (only smoothed and shifted ones are); the diff image shows both yellow.
 */
export const MASK = { same: 0, differs: 1, tolerated: 2, ignored: 3, antialiased: 4 } as const;

export interface PixelDiffOptions {
  /** 0..1, default 0.1 */
  threshold?: number;
  /** tolerate anti-aliased pixels (not counted as differing) */
  antialiasing?: boolean;
  /** tolerate content displaced by up to this many pixels (0 = off) */
  maxShift?: number;
  /** width × height bytes, 1 where differences are ignored */
  ignore?: Uint8Array | null;
  /**
   * Width × height bytes to record each pixel's fate (MASK). A pixel already marked `differs` by an
   * earlier call stays so, which is how the two compositions of a transparent pair add up.
   */
  mask?: Uint8Array;
}

export interface PixelDiff {
  /** every pixel of both images is opaque (alpha 255) */
  opaque: boolean;
  differing: number;
  /** pixels tolerated because their colour is found within `maxShift` px in the other image, both ways */
  shifted: number;
  /** flagged pixels tolerated as an edge smoothed in one image and sharp in the other */
  smoothed: number;
  /** differing pixels inside ignore regions */
  ignored: number;
  total: number;
  ratio: number;
  /** bounding box of the differing pixels, inclusive */
  box: { x0: number; y0: number; x1: number; y1: number } | null;
}

const MAX_YIQ_DELTA = 35215;
/** the alpha byte of a pixel read as one word, all ones */
const ALPHA = (255 << SHIFTS.SA) | 0;

/** Squared YIQ distance of two opaque pixels (pixelmatch's formula, for the shift search). */
function colourDelta(pa: number, pb: number): number {
  const dr = ((pa >>> SR) & 255) - ((pb >>> SR) & 255);
  const dg = ((pa >>> SG) & 255) - ((pb >>> SG) & 255);
  const db = ((pa >>> SB) & 255) - ((pb >>> SB) & 255);
  const y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223;
  const i = dr * 0.59597799 - dg * 0.2741761 - db * 0.32180189;
  const q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694;
  return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q;
}

/** The mean colour of the 3×3 neighbourhood of (x, y), packed like a pixel. */
function neighbourhoodMean(img: Uint32Array, x: number, y: number, w: number, h: number): number {
  if (x > 0 && y > 0 && x < w - 1 && y < h - 1) {
    // inside the image (nearly every pixel): nine reads, no bounds; round(sum / 9) = ⌊(2·sum + 9) / 18⌋
    let r = 0,
      g = 0,
      bl = 0;
    for (let row = (y - 1) * w + x - 1, end = row + 3 * w; row < end; row += w) {
      const p0 = img[row]!;
      const p1 = img[row + 1]!;
      const p2 = img[row + 2]!;
      r += ((p0 >>> SR) & 255) + ((p1 >>> SR) & 255) + ((p2 >>> SR) & 255);
      g += ((p0 >>> SG) & 255) + ((p1 >>> SG) & 255) + ((p2 >>> SG) & 255);
      bl += ((p0 >>> SB) & 255) + ((p1 >>> SB) & 255) + ((p2 >>> SB) & 255);
    }
    return ((((2 * r + 9) / 18) << SR) | (((2 * g + 9) / 18) << SG) | (((2 * bl + 9) / 18) << SB)) >>> 0;
  }
  let r = 0,
    g = 0,
    bl = 0,
    n = 0;
  for (let ny = Math.max(0, y - 1); ny <= Math.min(h - 1, y + 1); ny++)
    for (let nx = Math.max(0, x - 1); nx <= Math.min(w - 1, x + 1); nx++) {
      const p = img[ny * w + nx]!;
      r += (p >>> SR) & 255;
      g += (p >>> SG) & 255;
      bl += (p >>> SB) & 255;
      n++;
    }
  return ((Math.round(r / n) << SR) | (Math.round(g / n) << SG) | (Math.round(bl / n) << SB)) >>> 0;
}

/** Every one of the eight pixels around (x, y), inside the image, is `p`. */
function flatAround(img: Uint32Array, p: number, i: number, w: number): boolean {
  const up = i - w;
  const down = i + w;
  return (
    img[i - 1] === p &&
    img[i + 1] === p &&
    img[up] === p &&
    img[down] === p &&
    img[up - 1] === p &&
    img[up + 1] === p &&
    img[down - 1] === p &&
    img[down + 1] === p
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

// ---- pixelmatch 7.2's test, ported (ISC License, Copyright (c) 2025, Mapbox) ----

/** Squared YIQ distance of pixel k of both images, blended over pixelmatch's checkerboard when not opaque. */
function pmColorDelta(img1: Uint8Array, img2: Uint8Array, k: number): number {
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
function pmAntialiased(
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

// ---- end of the port ----

/** Images must have the same size (opaque, as alpha.ts makes them; other pixels are blended as pixelmatch does). */
export function pixelDiff(unalignedA: RgbaImage, unalignedB: RgbaImage, opts: PixelDiffOptions = {}): PixelDiff {
  const a = aligned(unalignedA);
  const b = aligned(unalignedB);
  const { width: w, height: h } = a;
  const n = w * h;
  const threshold = opts.threshold ?? 0.1;
  const includeAA = !(opts.antialiasing ?? false);
  const shift = Math.max(0, Math.floor(opts.maxShift ?? 0));
  const maxDelta = MAX_YIQ_DELTA * threshold * threshold;
  const { ignore, mask } = opts;
  const a8 = a.data;
  const b8 = b.data;
  const a32 = pixels32(a);
  const b32 = pixels32(b);
  let differing = 0,
    shifted = 0,
    smoothed = 0,
    ignored = 0;
  let x0 = w,
    y0 = h,
    x1 = -1,
    y1 = -1;
  // the alpha bits every pixel of both images has, found in the same pass
  let alphaBits = ALPHA;
  for (let i = 0; i < n; i++) {
    let pa = a32[i]!;
    let pb = b32[i]!;
    // a run of equal pixels (nearly all of them) in a loop of its own, which the compiler keeps
    // tight: in this loop's body they measured twice as slow (bench/image.ts)
    if (pa === pb) {
      alphaBits &= pa;
      for (i++; i < n; i++) {
        pa = a32[i]!;
        pb = b32[i]!;
        if (pa !== pb) break;
        alphaBits &= pa;
      }
      if (i === n) break;
    }
    const both = pa & pb;
    alphaBits &= both;
    // two opaque pixels (nearly always): the delta from the words; else pixelmatch's blend
    const opaquePair = (both & ALPHA) === ALPHA;
    if (opaquePair ? colourDelta(pa, pb) <= maxDelta : pmColorDelta(a8, b8, i * 4) <= maxDelta) continue;
    const y = (i / w) | 0;
    const x = i - y * w;
    // inside a flat patch in both images (a recoloured area): neither pixel is anti-aliased (three
    // equal neighbours say no) and the 3×3 means are the pixels themselves, already too far apart
    const flat =
      !includeAA &&
      opaquePair &&
      x > 0 &&
      y > 0 &&
      x < w - 1 &&
      y < h - 1 &&
      flatAround(a32, pa, i, w) &&
      flatAround(b32, pb, i, w);
    if (!includeAA && !flat && (pmAntialiased(a8, x, y, w, h, a32, b32) || pmAntialiased(b8, x, y, w, h, b32, a32))) {
      // pixelmatch's anti-aliasing: never counted; shown yellow in the diff image
      if (mask && mask[i] === MASK.same) mask[i] = MASK.antialiased;
      continue;
    }
    let fate: number = MASK.differs;
    if (ignore?.[i]) {
      ignored++;
      fate = MASK.ignored;
    } else if (
      !includeAA &&
      !flat &&
      colourDelta(neighbourhoodMean(a32, x, y, w, h), neighbourhoodMean(b32, x, y, w, h)) <= maxDelta
    ) {
      smoothed++;
      fate = MASK.tolerated;
    } else if (
      shift &&
      foundNear(b32, a32[i]!, x, y, w, h, shift, maxDelta) &&
      foundNear(a32, b32[i]!, x, y, w, h, shift, maxDelta)
    ) {
      shifted++;
      fate = MASK.tolerated;
    } else {
      differing++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    if (mask && mask[i] !== MASK.differs) mask[i] = fate;
  }
  return {
    opaque: alphaBits === ALPHA,
    differing,
    shifted,
    smoothed,
    ignored,
    total: n,
    ratio: n ? differing / n : 0,
    box: differing ? { x0, y0, x1, y1 } : null,
  };
}
