// Log-mel spectrograms: frames of mel-band power in dB, the representation the spectral distance
// compares.
import { type FftConstructor, nextPow2 } from './fft.js';

export interface SpectrogramConfig {
  sampleRate: number;
  nFft: number;
  hop: number;
  nMels: number;
}

/** ≈ 64 ms frames and 16 ms hops at any rate (1024/256 at 16 kHz). */
export function spectrogramConfig(sampleRate: number, nMels: number): SpectrogramConfig {
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
export function logMelSpectrogram(
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
