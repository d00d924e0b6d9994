// The histogram distance of two images: the worst channel's Hellinger distance over 16 soft bins
// per channel, in 0..1. Why this metric and these bins: bench/evidence/image-metrics.md.
import { pixels32, SHIFTS, type RgbaImage } from './rgba.js';

// local constants, not imported bindings, so the counting loop reads them as constants
const SR = SHIFTS.SR,
  SG = SHIFTS.SG,
  SB = SHIFTS.SB;
const COUNTS = 768;

const HISTOGRAM_BINS = 16;

type Channel = 'red' | 'green' | 'blue';
const CHANNELS: readonly Channel[] = ['red', 'green', 'blue'];

export interface HistogramComparison {
  /** worst channel's Hellinger distance, 0..1 */
  distance: number;
  worstChannel: Channel;
  channels: Record<Channel, number>;
  bins: number;
}

function addPixel(counts: Int32Array, p: number, k: number): void {
  counts[(p >>> SR) & 255]! += k;
  counts[256 + ((p >>> SG) & 255)]! += k;
  counts[512 + ((p >>> SB) & 255)]! += k;
}

/** 256 level counts of one channel → `bins` soft bins (linear split between neighbouring centres). */
function softBins(counts: Int32Array, offset: number, bins: number): Float64Array {
  const out = new Float64Array(bins);
  const width = 256 / bins;
  for (let v = 0; v < 256; v++) {
    const c = counts[offset + v]!;
    if (c === 0) continue;
    const t = (v + 0.5) / width - 0.5;
    if (t <= 0) {
      out[0]! += c;
      continue;
    }
    if (t >= bins - 1) {
      out[bins - 1]! += c;
      continue;
    }
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
function channelCounts(a: RgbaImage, b: RgbaImage): { expected: Int32Array; actual: Int32Array } {
  const a32 = pixels32(a);
  const b32 = pixels32(b);
  const n = a32.length;
  const ca = new Int32Array(COUNTS);
  const delta = new Int32Array(COUNTS);
  let prev = n ? a32[0]! : 0;
  let run = 0;
  for (let i = 0; i < n; i++) {
    const pa = a32[i]!;
    if (pa === prev) run++;
    else {
      addPixel(ca, prev, run);
      prev = pa;
      run = 1;
    }
    const pb = b32[i]!;
    if (pb !== pa) {
      addPixel(delta, pb, 1);
      addPixel(delta, pa, -1);
    }
  }
  if (run) addPixel(ca, prev, run);
  const cb = new Int32Array(COUNTS);
  for (let i = 0; i < COUNTS; i++) cb[i] = ca[i]! + delta[i]!;
  return { expected: ca, actual: cb };
}

/** Images must have the same size (the comparator checks that first). */
export function histogramDistance(a: RgbaImage, b: RgbaImage, bins = HISTOGRAM_BINS): HistogramComparison {
  const n = a.width * a.height;
  const { expected, actual } = channelCounts(a, b);
  const channels = { red: 0, green: 0, blue: 0 } as Record<Channel, number>;
  let worstChannel: Channel = 'red';
  let distance = 0;
  if (n > 0) {
    CHANNELS.forEach((ch, c) => {
      const d = hellinger(softBins(expected, c * 256, bins), softBins(actual, c * 256, bins), n);
      channels[ch] = d;
      if (d > distance) {
        distance = d;
        worstChannel = ch;
      }
    });
  }
  return { distance, worstChannel, channels, bins };
}
