// Which pixels differ: pixelmatch 7.2's YIQ colour test and anti-aliasing detector
// (pixelmatch-port.ts) in one pass that sorts every pixel into same, anti-aliased, tolerated or
// differing, plus pixie's own tolerances (ink that moved, moved-ink.ts; ignore regions; `maxShift`).
// What each tolerance lets pass: bench/evidence/image-metrics.md.
import { movedInk } from './moved-ink.js';
import { pmAntialiased, pmColorDelta } from './pixelmatch-port.js';
import { aligned, pixels32, SHIFTS, type RgbaImage } from './rgba.js';

// local constants, not imported bindings, so the shift search reads them as constants
const SR = SHIFTS.SR,
  SG = SHIFTS.SG,
  SB = SHIFTS.SB;

/**
 * What the per-pixel mask holds (the diff image draws from it). `antialiased` pixels are not
 * counted as tolerated (only moved and shifted ones are); the diff image shows both yellow.
 */
export const MASK = { same: 0, differs: 1, tolerated: 2, ignored: 3, antialiased: 4 } as const;

export interface PixelDiffOptions {
  /** 0..1, default 0.1 */
  threshold?: number;
  /** tolerate anti-aliased pixels (not counted as differing) */
  antialiasing?: boolean;
  /** tolerate content displaced by up to this many pixels (0 = off) */
  maxShift?: number;
  /**
   * The images as they were before alpha.ts composited them, for the anti-aliasing detector, which
   * then sees them as pixelmatch does (blended over its checkerboard) rather than the flat
   * background a composite puts around every shape, which it would take for anti-aliasing.
   */
  aaSource?: { a: RgbaImage; b: RgbaImage };
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
  /** flagged pixels tolerated because the same ink moved (moved-ink.ts) */
  moved: number;
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

interface Pair {
  a8: Uint8Array;
  b8: Uint8Array;
  a32: Uint32Array;
  b32: Uint32Array;
}

function pairOf(a: RgbaImage, b: RgbaImage): Pair {
  const [al, bl] = [aligned(a), aligned(b)];
  return { a8: al.data, b8: bl.data, a32: pixels32(al), b32: pixels32(bl) };
}

/**
 * pixelmatch's anti-aliasing detector, on either image. A composited pair must also pass it as
 * pixelmatch sees the images (`source`, blended over its checkerboard): on a composite, the flat
 * background around every shape makes the detector forgive changes pixelmatch counts. Except on a
 * transparent edge, a pixel opaque in neither image, where the checkerboard hides the smoothing the
 * composite shows (pixelmatch's own detector blends with white there since 7.2).
 */
function antialiased(
  i: number,
  x: number,
  y: number,
  w: number,
  h: number,
  a8: Uint8Array,
  b8: Uint8Array,
  a32: Uint32Array,
  b32: Uint32Array,
  source: Pair | null,
): boolean {
  const seen = pmAntialiased(a8, x, y, w, h, a32, b32) || pmAntialiased(b8, x, y, w, h, b32, a32);
  if (!seen || !source) return seen;
  if ((source.a32[i]! & ALPHA) !== ALPHA && (source.b32[i]! & ALPHA) !== ALPHA) return true;
  return (
    pmAntialiased(source.a8, x, y, w, h, source.a32, source.b32) ||
    pmAntialiased(source.b8, x, y, w, h, source.b32, source.a32)
  );
}

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
  // a composited pair: the images before compositing, as pixelmatch would see them
  const source: Pair | null = opts.aaSource ? pairOf(opts.aaSource.a, opts.aaSource.b) : null;
  let differing = 0,
    shifted = 0,
    moved = 0,
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
    // equal neighbours say no) and no ink moved (the neighbours changed as the pixel did)
    const flat =
      !includeAA &&
      opaquePair &&
      !opts.aaSource &&
      x > 0 &&
      y > 0 &&
      x < w - 1 &&
      y < h - 1 &&
      flatAround(a32, pa, i, w) &&
      flatAround(b32, pb, i, w);
    if (!includeAA && !flat && antialiased(i, x, y, w, h, a8, b8, a32, b32, source)) {
      // pixelmatch's anti-aliasing: never counted; shown yellow in the diff image
      if (mask && mask[i] === MASK.same) mask[i] = MASK.antialiased;
      continue;
    }
    let fate: number = MASK.differs;
    if (ignore?.[i]) {
      ignored++;
      fate = MASK.ignored;
    } else if (!includeAA && !flat && movedInk(a32, b32, x, y, w, h, maxDelta)) {
      moved++;
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
    moved,
    ignored,
    total: n,
    ratio: n ? differing / n : 0,
    box: differing ? { x0, y0, x1, y1 } : null,
  };
}
