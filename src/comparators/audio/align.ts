// Where actual lines up with expected: the lag with the highest cross-correlation, found by FFT on
// the loudest stretch of each signal.
import { type FftConstructor, nextPow2 } from './fft.js';

/** Longest stretch used for the lag search: 2^15 samples (2 s at 16 kHz), the loudest one. */
const ALIGN_SEGMENT = 1 << 15;

/**
 * The lag k (|k| ≤ maxLag) maximising Σ e[n]·a[n+k], i.e. `actual` is `expected` delayed by k
 * samples. Computed by FFT cross-correlation over the loudest segment of `expected`, so the cost is
 * bounded whatever the length.
 */
export function findLag(
  expected: Float32Array,
  actual: Float32Array,
  maxLag: number,
  FFT: FftConstructor,
): { lag: number; correlation: number } {
  const L = Math.min(expected.length, ALIGN_SEGMENT);
  if (L === 0 || actual.length === 0 || maxLag <= 0) return { lag: 0, correlation: 0 };
  const start = loudestSegment(expected, L);
  const span = L + 2 * maxLag;
  // a circular correlation of this size is exact at every lag searched: x is zero past L, so
  // x[n]·y[n + m] never wraps while n + m ≤ L − 1 + 2·maxLag < span ≤ P
  const P = nextPow2(span);
  const x = new Float64Array(P);
  const y = new Float64Array(P);
  let ex = 0;
  for (let n = 0; n < L; n++) {
    const v = expected[start + n]!;
    x[n] = v;
    ex += v * v;
  }
  for (let n = 0; n < span; n++) {
    const j = start - maxLag + n;
    if (j >= 0 && j < actual.length) y[n] = actual[j]!;
  }
  const fft = new FFT(P);
  const X = new Float64Array(2 * P);
  const Y = new Float64Array(2 * P);
  fft.realTransform(X, x);
  fft.completeSpectrum(X);
  fft.realTransform(Y, y);
  fft.completeSpectrum(Y);
  // conj(X)·Y → inverse gives r[m] = Σ x[n]·y[n+m]
  for (let i = 0; i < 2 * P; i += 2) {
    const xr = X[i]!;
    const xi = X[i + 1]!;
    const yr = Y[i]!;
    const yi = Y[i + 1]!;
    X[i] = xr * yr + xi * yi;
    X[i + 1] = xr * yi - xi * yr;
  }
  const r = new Float64Array(2 * P);
  fft.inverseTransform(r, X);
  let best = -Infinity;
  let bestM = maxLag;
  for (let m = 0; m <= 2 * maxLag; m++) {
    const v = r[2 * m]!;
    // prefer the smallest shift on ties (silence correlates equally everywhere)
    if (v > best || (v === best && Math.abs(m - maxLag) < Math.abs(bestM - maxLag))) {
      best = v;
      bestM = m;
    }
  }
  let ey = 0;
  for (let n = bestM; n < bestM + L; n++) ey += y[n]! * y[n]!;
  const correlation = ex > 0 && ey > 0 ? best / Math.sqrt(ex * ey) : 0;
  if (!(correlation > 0)) return { lag: 0, correlation: 0 };
  return { lag: bestM - maxLag, correlation };
}

function loudestSegment(s: Float32Array, L: number): number {
  if (s.length <= L) return 0;
  const block = Math.max(1, Math.floor(L / 8));
  const blocks = Math.floor(s.length / block);
  const energy = new Float64Array(blocks);
  for (let b = 0; b < blocks; b++) {
    let e = 0;
    for (let n = b * block; n < (b + 1) * block; n++) e += s[n]! * s[n]!;
    energy[b] = e;
  }
  const per = Math.floor(L / block);
  let sum = 0;
  for (let b = 0; b < per; b++) sum += energy[b]!;
  let best = sum;
  let bestB = 0;
  for (let b = per; b < blocks; b++) {
    sum += energy[b]! - energy[b - per]!;
    if (sum > best) {
      best = sum;
      bestB = b - per + 1;
    }
  }
  return Math.min(bestB * block, s.length - L);
}
