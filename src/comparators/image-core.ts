// The pure image-compare core: functions over decoded 8-bit RGBA buffers, no decoding and no I/O
// (pixelmatch's shape). Everything here is synchronous, allocation-light and safe to benchmark on
// its own (bench/image.ts). Decoding lives in image-decode.ts, the comparator in image.ts.
//
// Transparency: colours are composited before they are measured (over white for histogram and SSIM,
// over both white and black for the pixel mode), so a fully transparent pixel equals any other fully
// transparent pixel whatever its stored RGB, and an alpha change is still a visible change.

export interface RgbaImage {
  width: number;
  height: number;
  /** width × height × 4 bytes, row-major RGBA, not premultiplied */
  data: Uint8Array;
}

// Channel shifts inside a Uint32 read of one RGBA pixel; every platform Node ships on but s390x is
// little-endian, and reading whole pixels is what makes the loops below fast.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const SR = LITTLE_ENDIAN ? 0 : 24;
const SG = LITTLE_ENDIAN ? 8 : 16;
const SB = LITTLE_ENDIAN ? 16 : 8;
const SA = LITTLE_ENDIAN ? 24 : 0;

/** The pixels as one Uint32 each (a view when aligned, else a copy). */
export function pixels32(img: RgbaImage): Uint32Array {
  const n = img.width * img.height;
  const d = img.data;
  if (d.byteOffset % 4 === 0) return new Uint32Array(d.buffer, d.byteOffset, n);
  return new Uint32Array(d.slice(0, n * 4).buffer);
}

export function sameSize(a: RgbaImage, b: RgbaImage): boolean {
  return a.width === b.width && a.height === b.height;
}

/** Exact pixel equality (memcmp speed): different encodings of the same pixels are equal. */
export function samePixels(a: RgbaImage, b: RgbaImage): boolean {
  if (!sameSize(a, b)) return false;
  const n = a.width * a.height * 4;
  return Buffer.from(a.data.buffer, a.data.byteOffset, n).equals(Buffer.from(b.data.buffer, b.data.byteOffset, n));
}

// ---------------------------------------------------------------------------------------------
// Histogram distance
//
// Metric: Hellinger distance (OpenCV's HISTCMP_BHATTACHARYYA), sqrt(1 − Σ sqrt(p·q)), per channel
// R, G, B (composited over white) and A, on 64-bin normalised histograms; the reported distance is
// the worst channel. It lies in 0..1 (0 = same distribution, 1 = disjoint). Chosen over chi-square
// because it is bounded and symmetric, so one threshold means the same thing for every image.
// Bins are *soft* (each 0..255 level is split linearly between the two nearest bin centres): with
// hard 4-level bins a flat colour that moves by one level across a bin edge jumps to distance 1,
// which made JPEG re-encoding of flat UI colours fail (bench/evidence/image-thresholds.md).
// Speed: one pass reads both images as Uint32; the expected image's counts are taken run-length
// (flat areas cost one compare per pixel), the actual image's counts are the expected ones plus
// a correction over the pixels that differ, so identical regions are never counted twice.

export const HISTOGRAM_BINS = 16;

export type Channel = 'red' | 'green' | 'blue' | 'alpha';
export const CHANNELS: readonly Channel[] = ['red', 'green', 'blue', 'alpha'];

export interface HistogramComparison {
  /** worst channel's Hellinger distance, 0..1 */
  distance: number;
  worstChannel: Channel;
  channels: Record<Channel, number>;
  bins: number;
}

function addPixel(counts: Int32Array, p: number, k: number): void {
  let r = (p >>> SR) & 255;
  let g = (p >>> SG) & 255;
  let b = (p >>> SB) & 255;
  const a = (p >>> SA) & 255;
  if (a !== 255) {
    r = 255 - (((255 - r) * a + 127) / 255 | 0);
    g = 255 - (((255 - g) * a + 127) / 255 | 0);
    b = 255 - (((255 - b) * a + 127) / 255 | 0);
  }
  counts[r]! += k;
  counts[256 + g]! += k;
  counts[512 + b]! += k;
  counts[768 + a]! += k;
}

/** 256 level counts of one channel → `bins` soft bins (linear split between neighbouring centres). */
function softBins(counts: Int32Array, offset: number, bins: number): Float64Array {
  const out = new Float64Array(bins);
  const width = 256 / bins;
  for (let v = 0; v < 256; v++) {
    const c = counts[offset + v]!;
    if (c === 0) continue;
    const t = (v + 0.5) / width - 0.5;
    if (t <= 0) { out[0]! += c; continue; }
    if (t >= bins - 1) { out[bins - 1]! += c; continue; }
    const lo = Math.floor(t);
    const frac = t - lo;
    out[lo]! += c * (1 - frac);
    out[lo + 1]! += c * frac;
  }
  return out;
}

function hellinger(p: Float64Array, q: Float64Array, total: number): number {
  let bc = 0;
  for (let i = 0; i < p.length; i++) bc += Math.sqrt(p[i]! * q[i]!);
  bc /= total;
  return Math.sqrt(Math.max(0, 1 - bc));
}

/** Per-channel 256-level counts of both images, sharing the work over identical pixels. */
export function channelCounts(a: RgbaImage, b: RgbaImage): { expected: Int32Array; actual: Int32Array } {
  const a32 = pixels32(a);
  const b32 = pixels32(b);
  const n = a32.length;
  const ca = new Int32Array(1024);
  const delta = new Int32Array(1024);
  let prev = n ? a32[0]! : 0;
  let run = 0;
  for (let i = 0; i < n; i++) {
    const pa = a32[i]!;
    if (pa === prev) run++;
    else { addPixel(ca, prev, run); prev = pa; run = 1; }
    const pb = b32[i]!;
    if (pb !== pa) { addPixel(delta, pb, 1); addPixel(delta, pa, -1); }
  }
  if (run) addPixel(ca, prev, run);
  const cb = new Int32Array(1024);
  for (let i = 0; i < 1024; i++) cb[i] = ca[i]! + delta[i]!;
  return { expected: ca, actual: cb };
}

/** Images must have the same size (the comparator checks that first). */
export function histogramDistance(a: RgbaImage, b: RgbaImage, bins = HISTOGRAM_BINS): HistogramComparison {
  const n = a.width * a.height;
  const { expected, actual } = channelCounts(a, b);
  const channels = { red: 0, green: 0, blue: 0, alpha: 0 } as Record<Channel, number>;
  let worstChannel: Channel = 'red';
  let distance = 0;
  if (n > 0) {
    CHANNELS.forEach((ch, c) => {
      const d = hellinger(softBins(expected, c * 256, bins), softBins(actual, c * 256, bins), n);
      channels[ch] = d;
      if (d > distance) { distance = d; worstChannel = ch; }
    });
  }
  return { distance, worstChannel, channels, bins };
}

// ---------------------------------------------------------------------------------------------
// SSIM
//
// Choice: SSIM on luma (Rec. 601, composited over white), first box-downsampled by
// f = round(min(w, h) / 256) as Wang's reference ssim.m does (ssim.js 'original' too), then uniform
// 8×8 windows stepped by 4 px, mean over windows. Wang et al. (2004) describe SSIM over 8×8 square
// windows first and switch to an 11×11 Gaussian only to avoid blocking artefacts in the displayed
// SSIM *map*; a pass/fail gate only needs the mean, and reviewers get a pixel diff image instead.
// Windows come from 4×4 cell sums (Σx, Σy, Σx², Σy², Σxy) in one cache-friendly pass: one read of
// each pixel plus ~1/16 of a window evaluation per (downsampled) pixel, no Gaussian convolution
// (ssim.js convolves five full-size float images). The downsampling also stops a 1-px shift of
// text from reading as structural change (bench/evidence/image-thresholds.md). Luma only: a hue
// change at equal luma is invisible to SSIM; the default `histogram` mode measures colour.

export interface SsimComparison {
  ssim: number;
  windows: number;
  /** the downsampling factor used (1 = full resolution) */
  scale: number;
  /** the worst window, for the report */
  worst: { x: number; y: number; width: number; height: number; ssim: number };
}

const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;
const CELL = 4;

function lumaOf(p: number): number {
  const y = (77 * ((p >>> SR) & 255) + 150 * ((p >>> SG) & 255) + 29 * ((p >>> SB) & 255) + 128) >> 8;
  const a = (p >>> SA) & 255;
  return a === 255 ? y : 255 - (((255 - y) * a + 127) / 255 | 0);
}

/** Wang's reference ssim.m downsamples by round(min(w, h) / 256) so the windows match viewing distance. */
export function ssimScale(width: number, height: number): number {
  return Math.max(1, Math.round(Math.min(width, height) / 256));
}

/** Luma averaged over f×f blocks (the remainder rows/columns are dropped, as in ssim.m). */
function lumaPlane(p32: Uint32Array, w: number, h: number, f: number): Float32Array {
  const dw = Math.floor(w / f), dh = Math.floor(h / f);
  const out = new Float32Array(dw * dh);
  if (f === 1) {
    for (let i = 0; i < out.length; i++) out[i] = lumaOf(p32[i]!);
    return out;
  }
  const inv = 1 / (f * f);
  for (let dy = 0; dy < dh; dy++) {
    for (let y = dy * f; y < dy * f + f; y++) {
      const row = y * w;
      for (let dx = 0; dx < dw; dx++) {
        let sum = 0;
        for (let i = row + dx * f, end = i + f; i < end; i++) sum += lumaOf(p32[i]!);
        out[dy * dw + dx]! += sum * inv;
      }
    }
  }
  return out;
}

/** Images must have the same size. `scale` overrides the automatic downsampling factor. */
export function ssim(a: RgbaImage, b: RgbaImage, scale = ssimScale(a.width, a.height)): SsimComparison {
  const f = Math.max(1, Math.min(scale, a.width, a.height));
  const w = Math.floor(a.width / f), h = Math.floor(a.height / f);
  const la = lumaPlane(pixels32(a), a.width, a.height, f);
  const lb = lumaPlane(pixels32(b), b.width, b.height, f);
  const ncx = Math.ceil(w / CELL);
  const ncy = Math.ceil(h / CELL);
  const cells = ncx * ncy;
  const sx = new Float64Array(cells), sy = new Float64Array(cells);
  const sxx = new Float64Array(cells), syy = new Float64Array(cells), sxy = new Float64Array(cells);
  for (let cy = 0; cy < ncy; cy++) {
    const y0 = cy * CELL;
    const y1 = Math.min(h, y0 + CELL);
    for (let cx = 0; cx < ncx; cx++) {
      const x0 = cx * CELL;
      const x1 = Math.min(w, x0 + CELL);
      let tx = 0, ty = 0, txx = 0, tyy = 0, txy = 0;
      for (let y = y0; y < y1; y++) {
        for (let i = y * w + x0, end = y * w + x1; i < end; i++) {
          const lx = la[i]!;
          const ly = lb[i]!;
          tx += lx; ty += ly; txx += lx * lx; tyy += ly * ly; txy += lx * ly;
        }
      }
      const c = cy * ncx + cx;
      sx[c] = tx; sy[c] = ty; sxx[c] = txx; syy[c] = tyy; sxy[c] = txy;
    }
  }
  // windows = 2×2 cells (8×8 px) at every cell position; images under 8 px get one clipped window
  const nwx = Math.max(1, ncx - 1);
  const nwy = Math.max(1, ncy - 1);
  let total = 0;
  const worst = { x: 0, y: 0, width: 0, height: 0, ssim: Infinity };
  for (let wy = 0; wy < nwy; wy++) {
    const cy1 = Math.min(wy + 1, ncy - 1);
    const py0 = wy * CELL;
    const ph = Math.min(h, (cy1 + 1) * CELL) - py0;
    for (let wx = 0; wx < nwx; wx++) {
      const cx1 = Math.min(wx + 1, ncx - 1);
      const px0 = wx * CELL;
      const pw = Math.min(w, (cx1 + 1) * CELL) - px0;
      let tx = 0, ty = 0, txx = 0, tyy = 0, txy = 0;
      for (let cy = wy; cy <= cy1; cy++) {
        for (let cx = wx; cx <= cx1; cx++) {
          const c = cy * ncx + cx;
          tx += sx[c]!; ty += sy[c]!; txx += sxx[c]!; tyy += syy[c]!; txy += sxy[c]!;
        }
      }
      const n = pw * ph;
      const mx = tx / n, my = ty / n;
      const vx = txx / n - mx * mx, vy = tyy / n - my * my, cov = txy / n - mx * my;
      const s = ((2 * mx * my + C1) * (2 * cov + C2)) / ((mx * mx + my * my + C1) * (vx + vy + C2));
      total += s;
      if (s < worst.ssim) { worst.x = px0 * f; worst.y = py0 * f; worst.width = pw * f; worst.height = ph * f; worst.ssim = s; }
    }
  }
  const windows = nwx * nwy;
  return { ssim: total / windows, windows, worst, scale: f };
}

// ---------------------------------------------------------------------------------------------
// Pixel difference
//
// A pixel differs when its colour distance exceeds `threshold` (0..1) on the YIQ ΔE² scale of
// Kotsarenko & Ramos (the scale pixelmatch, odiff and Playwright use, so their `threshold` values
// mean the same here; max distance 35215, compared squared). Equal pixels are skipped with one
// 32-bit compare. With `antialiasing`, a differing pixel that looks like anti-aliasing in either
// image (Vyšniauskas 2009: it sits on a brightness ramp between two flat regions) is tolerated
// and counted separately. With `maxShift` r, a differing pixel is tolerated when its expected
// colour occurs within r px in the actual image *and* its actual colour within r px in the expected
// one: a glyph moved by a pixel passes, a deleted or recoloured shape does not (pixelmatch#42).

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

export const MAX_YIQ_DELTA = 35215;

function yiqDelta2(dr: number, dg: number, db: number): number {
  const y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223;
  const i = dr * 0.59597799 - dg * 0.2741761 - db * 0.32180189;
  const q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694;
  return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q;
}

/** Squared YIQ distance of two pixels; non-opaque pixels are composited over white and over black, the larger counts. */
export function colourDelta(pa: number, pb: number): number {
  const r1 = (pa >>> SR) & 255, g1 = (pa >>> SG) & 255, b1 = (pa >>> SB) & 255, a1 = (pa >>> SA) & 255;
  const r2 = (pb >>> SR) & 255, g2 = (pb >>> SG) & 255, b2 = (pb >>> SB) & 255, a2 = (pb >>> SA) & 255;
  if (a1 === 255 && a2 === 255) return yiqDelta2(r1 - r2, g1 - g2, b1 - b2);
  // over black: c·a/255; over white: the same plus 255·(1 − a/255), so they differ by 255·Δa/255
  const dr = (r1 * a1 - r2 * a2) / 255, dg = (g1 * a1 - g2 * a2) / 255, db = (b1 * a1 - b2 * a2) / 255;
  const da = (a2 - a1);
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
  let min = 0, max = 0, minX = -1, minY = -1, maxX = -1, maxY = -1;
  for (let ny = Math.max(0, y - 1); ny <= Math.min(h - 1, y + 1); ny++) {
    for (let nx = Math.max(0, x - 1); nx <= Math.min(w - 1, x + 1); nx++) {
      if (nx === x && ny === y) continue;
      const d = brightness(img[ny * w + nx]!) - centre;
      if (d === 0) {
        if (++equal > 2) return false;
      } else if (d < min) { min = d; minX = nx; minY = ny; } else if (d > max) { max = d; maxX = nx; maxY = ny; }
    }
  }
  if (min === 0 || max === 0) return false;
  return (hasManySiblings(img, minX, minY, w, h) && hasManySiblings(other, minX, minY, w, h))
    || (hasManySiblings(img, maxX, maxY, w, h) && hasManySiblings(other, maxX, maxY, w, h));
}

/** Some pixel of `img` within `r` px of (x, y) has a colour within `maxDelta` of `p`. */
function foundNear(img: Uint32Array, p: number, x: number, y: number, w: number, h: number, r: number, maxDelta: number): boolean {
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
  let differing = 0, antialiased = 0, shifted = 0;
  let x0 = w, y0 = h, x1 = -1, y1 = -1;
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
  return { differing, antialiased, shifted, total: n, ratio: n ? differing / n : 0, box: differing ? { x0, y0, x1, y1 } : null };
}

// ---------------------------------------------------------------------------------------------
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

function packRgba(r: number, g: number, b: number, a: number): number {
  return ((r << SR) | (g << SG) | (b << SB) | (a << SA)) >>> 0;
}

export function renderDiff(expected: RgbaImage, actual: RgbaImage, opts: { threshold?: number; mask?: Uint8Array } = {}): RgbaImage {
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
      if (x >= expected.width || y >= expected.height || x >= actual.width || y >= actual.height) { out[o] = MAGENTA; continue; }
      const pe = e32[y * expected.width + x]!;
      const m = mask ? mask[o]! : (pe !== a32[y * actual.width + x]! && colourDelta(pe, a32[y * actual.width + x]!) > maxDelta ? 1 : 0);
      out[o] = m === 1 ? RED : m === 2 ? YELLOW : FADED[lumaOf(pe)]!;
    }
  }
  return { width, height, data: new Uint8Array(out.buffer) };
}
