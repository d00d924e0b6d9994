// Which pixels differ, by pixelmatch: YIQ colour distance beyond `threshold` on the scale of
// Kotsarenko & Ramos (the one odiff and Playwright use too), with pixelmatch's anti-aliasing
// detector (Vyšniauskas 2009) when `antialiasing` is on. Pixie adds what pixelmatch does not do:
// - ink redistributed within a pixel's reach: pixelmatch wants a flat area beside an anti-aliased
//   pixel, so text drawn with and without anti-aliasing, or a line moved by a fraction of a pixel,
//   differ all along their edges. A pixel it flags is also tolerated when the mean colours of its
//   3×3 neighbourhoods in the two images are within `threshold`: the same ink, spread differently.
//   Ink that appears, disappears or moves by more than a pixel changes those means, so a new
//   glyph, a removed decimal point or a label moved by two pixels still fail.
// - ignored regions, and `maxShift`: a differing pixel is tolerated when its expected colour occurs
//   within r px in the actual image *and* its actual colour within r px in the expected one, so a
//   glyph moved by a pixel passes while a deleted or recoloured shape does not.
// Inputs are opaque (alpha.ts composites them first), so pixelmatch's own blending never applies.
import pixelmatch from 'pixelmatch';
import { aligned, pixels32, SHIFTS, type RgbaImage } from './rgba.js';

// local constants, not imported bindings, so the shift search reads them as constants
const SR = SHIFTS.SR,
  SG = SHIFTS.SG,
  SB = SHIFTS.SB;

/** What the per-pixel mask holds (the diff image draws from it). */
export const MASK = { same: 0, differs: 1, tolerated: 2, ignored: 3 } as const;

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

/** Images must have the same size and be opaque. */
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
  // with diffMask, pixelmatch draws only the differing pixels (opaque red) into the zeroed output
  const out = new Uint8Array(n * 4);
  pixelmatch(a.data, b.data, out, w, h, { threshold, includeAA, diffMask: true });
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
  const flagged = new Uint32Array(out.buffer);
  for (let i = 0; i < n; i++) {
    if (flagged[i] === 0) continue;
    const y = (i / w) | 0;
    const x = i - y * w;
    let fate: number = MASK.differs;
    if (ignore?.[i]) {
      ignored++;
      fate = MASK.ignored;
    } else if (
      !includeAA &&
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
    differing,
    shifted,
    smoothed,
    ignored,
    total: n,
    ratio: n ? differing / n : 0,
    box: differing ? { x0, y0, x1, y1 } : null,
  };
}

/** Marks the anti-aliased pixels `tolerated` in `mask`, for the diff image (a second pixelmatch pass). */
export function markAntialiased(ua: RgbaImage, ub: RgbaImage, threshold: number, mask: Uint8Array): void {
  const a = aligned(ua);
  const b = aligned(ub);
  const out = new Uint8Array(a.width * a.height * 4);
  // the full output: red differs, yellow anti-aliasing, white (alpha 0 fades the rest away)
  pixelmatch(a.data, b.data, out, a.width, a.height, { threshold, alpha: 0 });
  for (let i = 0; i < mask.length; i++)
    if (mask[i] === MASK.same && out[i * 4 + 1] === 255 && out[i * 4 + 2] === 0) mask[i] = MASK.tolerated;
}
