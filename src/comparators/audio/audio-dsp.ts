// The pure audio compare core: resample both signals to one rate, align them, and measure the
// spectral distance of their log-mel spectrograms over the overlap. Works on decoded mono
// Float32Array samples; the FFT class (fft.js) is passed in so no file here imports an optional
// dependency.
import { findLag } from './align.js';
import type { FftConstructor } from './fft.js';
import { resample } from './resample.js';
import { type SpectralDistance, spectralDistance } from './spectral-distance.js';
import { logMelSpectrogram, spectrogramConfig } from './spectrogram.js';

export type { FftConstructor } from './fft.js';

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
