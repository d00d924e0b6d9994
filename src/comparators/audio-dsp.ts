// The pure audio compare core: resampling, alignment, log-mel spectrograms and the spectral
// distance. Works on decoded mono Float32Array samples; the FFT class (fft.js) is passed in so this
// file never imports an optional dependency.

/** The slice of fft.js this core uses (its own .d.ts types everything as any). */
interface Fft {
  realTransform(out: Float64Array, data: Float64Array): void;
  completeSpectrum(spectrum: Float64Array): void;
  inverseTransform(out: Float64Array, data: Float64Array): void;
}
export type FftConstructor = new (size: number) => Fft;

function nextPow2(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

const SINC_ZERO_CROSSINGS = 8;
const SINC_TABLE_RES = 512;
let sincTable: Float64Array | null = null;

/** Blackman-windowed sinc, sampled SINC_TABLE_RES times per zero crossing (built once). */
function kernelTable(): Float64Array {
  if (sincTable) return sincTable;
  const n = SINC_ZERO_CROSSINGS * SINC_TABLE_RES + 2;
  const t = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = i / SINC_TABLE_RES; // in zero crossings
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    const w =
      x >= SINC_ZERO_CROSSINGS
        ? 0
        : 0.42 +
          0.5 * Math.cos((Math.PI * x) / SINC_ZERO_CROSSINGS) +
          0.08 * Math.cos((2 * Math.PI * x) / SINC_ZERO_CROSSINGS);
    t[i] = sinc * w;
  }
  sincTable = t;
  return t;
}

/**
 * Band-limited resampling with a Blackman-windowed sinc (8 zero crossings). Chosen over linear
 * interpolation because downsampling 44.1 kHz → 16 kHz by linear interpolation folds everything
 * above 8 kHz back into the band, so a 44.1 kHz and a 48 kHz rendering of the same sound would
 * alias differently; the sinc's low-pass at the lower Nyquist removes that. Rational ratios with
 * few phases (44.1k→16k has 160) use a precomputed polyphase bank, others interpolate the table.
 */
export function resample(input: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return input;
  const ratio = toRate / fromRate;
  const cutoff = Math.min(1, ratio) * 0.97; // a little below Nyquist: the window's transition band
  const outLen = Math.round(input.length * ratio);
  const g = gcd(fromRate, toRate);
  const phases = toRate / g;
  const stride = fromRate / g; // output i sits at input time i·stride/phases
  if (Number.isInteger(phases) && phases <= 4096) return resamplePolyphase(input, outLen, phases, stride, cutoff);
  const table = kernelTable();
  const out = new Float32Array(outLen);
  const step = 1 / ratio;
  const halfWidth = SINC_ZERO_CROSSINGS / cutoff;
  const tableStep = cutoff * SINC_TABLE_RES;
  const n = input.length;
  for (let i = 0; i < outLen; i++) {
    const t = i * step;
    const lo = Math.max(0, Math.ceil(t - halfWidth));
    const hi = Math.min(n - 1, Math.floor(t + halfWidth));
    let acc = 0;
    for (let j = lo; j <= hi; j++) {
      const pos = Math.abs(t - j) * tableStep;
      const k = pos | 0;
      const a = table[k]!;
      acc += input[j]! * (a + (table[k + 1]! - a) * (pos - k));
    }
    out[i] = acc * cutoff;
  }
  return out;
}

function gcd(a: number, b: number): number {
  a = Math.round(a);
  b = Math.round(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

const bankCache = new Map<string, { taps: number; first: number; bank: Float64Array }>();

/** Filter bank: for phase φ, taps for input samples base−first … base−first+taps−1. */
function polyphaseBank(phases: number, cutoff: number): { taps: number; first: number; bank: Float64Array } {
  const key = `${phases}/${cutoff}`;
  const hit = bankCache.get(key);
  if (hit) return hit;
  const table = kernelTable();
  const halfWidth = SINC_ZERO_CROSSINGS / cutoff;
  const first = Math.floor(halfWidth);
  const taps = 2 * first + 2;
  const bank = new Float64Array(phases * taps);
  for (let ph = 0; ph < phases; ph++) {
    const frac = ph / phases;
    for (let k = 0; k < taps; k++) {
      const dist = Math.abs(frac - (k - first)); // from the output time to input sample base−first+k
      const pos = dist * cutoff * SINC_TABLE_RES;
      const i = pos | 0;
      bank[ph * taps + k] = i + 1 < table.length ? (table[i]! + (table[i + 1]! - table[i]!) * (pos - i)) * cutoff : 0;
    }
  }
  const made = { taps, first, bank };
  bankCache.set(key, made);
  return made;
}

function resamplePolyphase(
  input: Float32Array,
  outLen: number,
  phases: number,
  stride: number,
  cutoff: number,
): Float32Array {
  const { taps, first, bank } = polyphaseBank(phases, cutoff);
  const out = new Float32Array(outLen);
  const n = input.length;
  for (let i = 0; i < outLen; i++) {
    const pos = i * stride;
    const base = Math.floor(pos / phases);
    const ph = pos - base * phases;
    const j0 = base - first;
    const off = ph * taps;
    let acc = 0;
    if (j0 >= 0 && j0 + taps <= n) {
      for (let k = 0; k < taps; k++) acc += input[j0 + k]! * bank[off + k]!;
    } else {
      for (let k = 0; k < taps; k++) {
        const j = j0 + k;
        if (j >= 0 && j < n) acc += input[j]! * bank[off + k]!;
      }
    }
    out[i] = acc;
  }
  return out;
}

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
  const P = nextPow2(L + span);
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

interface SpectrogramConfig {
  sampleRate: number;
  nFft: number;
  hop: number;
  nMels: number;
}

/** ≈ 64 ms frames and 16 ms hops at any rate (1024/256 at 16 kHz). */
function spectrogramConfig(sampleRate: number, nMels: number): SpectrogramConfig {
  const nFft = nextPow2(Math.round(sampleRate * 0.064));
  return { sampleRate, nFft, hop: nFft / 4, nMels };
}

const melOf = (f: number): number => 2595 * Math.log10(1 + f / 700);
const hzOf = (m: number): number => 700 * (10 ** (m / 2595) - 1);

interface MelFilter {
  lo: number;
  weights: Float64Array;
}

const melCache = new Map<string, MelFilter[]>();

/** HTK-mel triangular filters from 0 Hz to Nyquist over the nFft/2+1 power bins. */
function melFilters(cfg: SpectrogramConfig): MelFilter[] {
  const key = `${cfg.sampleRate}/${cfg.nFft}/${cfg.nMels}`;
  const hit = melCache.get(key);
  if (hit) return hit;
  const bins = cfg.nFft / 2 + 1;
  const binHz = cfg.sampleRate / cfg.nFft;
  const top = melOf(cfg.sampleRate / 2);
  const edges = Array.from({ length: cfg.nMels + 2 }, (_, i) => hzOf((top * i) / (cfg.nMels + 1)));
  const filters: MelFilter[] = [];
  for (let m = 0; m < cfg.nMels; m++) {
    const [l, c, r] = [edges[m]!, edges[m + 1]!, edges[m + 2]!];
    const lo = Math.max(0, Math.floor(l / binHz));
    const hi = Math.min(bins - 1, Math.ceil(r / binHz));
    const w = new Float64Array(hi - lo + 1);
    let any = false;
    for (let k = lo; k <= hi; k++) {
      const f = k * binHz;
      const v = f <= c ? (f - l) / (c - l) : (r - f) / (r - c);
      if (v > 0) {
        w[k - lo] = v;
        any = true;
      }
    }
    // narrow low bands can fall between bins: give them the nearest bin so no band is always empty
    if (!any) w[Math.min(w.length - 1, Math.max(0, Math.round(c / binHz) - lo))] = 1;
    filters.push({ lo, weights: w });
  }
  melCache.set(key, filters);
  return filters;
}

/** Mel power in dB, frames × bands, row-major. Hann window, frames start at 0 (no centring). */
function logMelSpectrogram(
  samples: Float32Array,
  cfg: SpectrogramConfig,
  FFT: FftConstructor,
): { db: Float32Array; frames: number } {
  const { nFft, hop, nMels } = cfg;
  const frames = samples.length < nFft ? (samples.length > 0 ? 1 : 0) : 1 + Math.floor((samples.length - nFft) / hop);
  const db = new Float32Array(frames * nMels);
  const fft = new FFT(nFft);
  const frame = new Float64Array(nFft);
  const spec = new Float64Array(2 * nFft);
  const power = new Float64Array(nFft / 2 + 1);
  const window = new Float64Array(nFft);
  for (let i = 0; i < nFft; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / nFft);
  const filters = melFilters(cfg);
  for (let f = 0; f < frames; f++) {
    const at = f * hop;
    for (let i = 0; i < nFft; i++) frame[i] = at + i < samples.length ? samples[at + i]! * window[i]! : 0;
    fft.realTransform(spec, frame);
    for (let k = 0; k <= nFft / 2; k++) power[k] = spec[2 * k]! * spec[2 * k]! + spec[2 * k + 1]! * spec[2 * k + 1]!;
    for (let m = 0; m < nMels; m++) {
      const { lo, weights } = filters[m]!;
      let e = 0;
      for (let k = 0; k < weights.length; k++) e += weights[k]! * power[lo + k]!;
      db[f * nMels + m] = 10 * Math.log10(e + 1e-12);
    }
  }
  return { db, frames };
}

const DB_TO_LN = Math.LN10 / 10;

interface SpectralDistance {
  /** the decision metric: mean |ΔdB| over sounding bins in the worst window (dB) */
  worst: number;
  /** where the worst window starts (s) */
  worstAtS: number;
  /** mean |ΔdB| over all frames (dB) */
  mean: number;
  /** relative L2 of linear mel power, ‖E−A‖/‖E‖ (the spectrogram_l2 metric of the earlier Python validator) */
  relativeL2: number;
  /** per-frame mean |ΔdB| */
  perFrame: Float32Array;
  frames: number;
  frameS: number;
}

/**
 * Mean absolute dB difference of two log-mel spectrograms over the bins where there is sound: both
 * are clamped to `topDb` below the louder one's peak, and bins at that floor on both sides are left
 * out of the mean (so a gain of +6 dB reads as 6 dB however sparse the spectrum, and hiss or
 * quantisation noise far below the content does not count). Per-frame means are averaged over
 * sliding windows of `windowS` and the worst window decides: a change confined to one note is not
 * diluted by a long file, while benign differences spread evenly stay small.
 */
function spectralDistance(
  e: Float32Array,
  a: Float32Array,
  frames: number,
  nMels: number,
  frameS: number,
  topDb: number,
  windowS: number,
): SpectralDistance {
  let peak = -Infinity;
  const n = frames * nMels;
  for (let i = 0; i < n; i++) {
    if (e[i]! > peak) peak = e[i]!;
    if (a[i]! > peak) peak = a[i]!;
  }
  const floor = peak - topDb;
  const perFrame = new Float32Array(frames);
  let total = 0;
  let l2num = 0;
  let l2den = 0;
  for (let f = 0; f < frames; f++) {
    let s = 0;
    let active = 0;
    for (let m = 0; m < nMels; m++) {
      const i = f * nMels + m;
      const ev = e[i]!;
      const av = a[i]!;
      if (ev > floor || av > floor) {
        s += Math.abs(Math.max(ev, floor) - Math.max(av, floor));
        active++;
      }
      const ep = Math.exp(ev * DB_TO_LN);
      const ap = Math.exp(av * DB_TO_LN);
      l2num += (ep - ap) ** 2;
      l2den += ep * ep;
    }
    perFrame[f] = active ? s / active : 0;
    total += perFrame[f]!;
  }
  const w = Math.max(1, Math.min(frames, Math.round(windowS / frameS)));
  let sum = 0;
  for (let f = 0; f < w; f++) sum += perFrame[f]!;
  let worst = frames ? sum / w : 0;
  let worstAt = 0;
  for (let f = w; f < frames; f++) {
    sum += perFrame[f]! - perFrame[f - w]!;
    if (sum / w > worst) {
      worst = sum / w;
      worstAt = f - w + 1;
    }
  }
  const relativeL2 = l2den > 0 ? Math.sqrt(l2num / l2den) : l2num > 0 ? Infinity : 0;
  return { worst, worstAtS: worstAt * frameS, mean: frames ? total / frames : 0, relativeL2, perFrame, frames, frameS };
}

export interface AudioSignal {
  samples: Float32Array;
  sampleRate: number;
}

export interface AudioCompareOptions {
  /** target rate; the lower input rate wins when it is lower */
  sampleRate: number;
  nMels: number;
  maxShiftS: number;
  topDb: number;
  windowS: number;
}

export interface AudioCoreResult {
  rate: number;
  lagS: number;
  /** where the compared overlap starts in the expected recording (s) */
  startS: number;
  correlation: number;
  overlapS: number;
  distance: SpectralDistance;
}

/** Resample both to a common rate, align within ±maxShiftS, spectral distance over the overlap. */
export function compareAudioSignals(
  expected: AudioSignal,
  actual: AudioSignal,
  opts: AudioCompareOptions,
  FFT: FftConstructor,
): AudioCoreResult {
  const rate = Math.min(opts.sampleRate, expected.sampleRate, actual.sampleRate);
  const e = resample(expected.samples, expected.sampleRate, rate);
  const a = resample(actual.samples, actual.sampleRate, rate);
  const { lag, correlation } = findLag(e, a, Math.round(opts.maxShiftS * rate), FFT);
  // actual[n + lag] lines up with expected[n]
  const n0 = Math.max(0, -lag);
  const n1 = Math.min(e.length, a.length - lag);
  const eo = n1 > n0 ? e.subarray(n0, n1) : new Float32Array(0);
  const ao = n1 > n0 ? a.subarray(n0 + lag, n1 + lag) : new Float32Array(0);
  const cfg = spectrogramConfig(rate, opts.nMels);
  const se = logMelSpectrogram(eo, cfg, FFT);
  const sa = logMelSpectrogram(ao, cfg, FFT);
  const distance = spectralDistance(se.db, sa.db, se.frames, cfg.nMels, cfg.hop / rate, opts.topDb, opts.windowS);
  return { rate, lagS: lag / rate, startS: n0 / rate, correlation, overlapS: eo.length / rate, distance };
}
