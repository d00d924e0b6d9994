// The audio comparator: identical bytes pass first; otherwise both WAVs are decoded to mono
// (identical samples pass), leading and trailing silence is trimmed (trim.ts, unless
// trim_silence: false), both are resampled to a common rate, aligned within ±max_shift_s, and
// compared by the log-mel spectral distance of audio-dsp.ts. A duration difference (of the sound,
// after trimming) beyond max_length_diff_s fails with both durations (never a silent truncation).
// Without fft.js it degrades to size + SHA-256 and says so.
import { createHash } from 'node:crypto';
import type { OutputType } from '../../model/manifest.js';
import type { Difference } from '../../model/report.js';
import { compareAudioSignals, type AudioCoreResult, type FftConstructor } from './audio-dsp.js';
import { loadOptional, missingOptional, type Degraded } from '../optional-module.js';
import { skipped, unknownModeResult } from '../kit/result.js';
import type { Comparator, ComparisonResult } from '../types.js';
import type { Tolerance } from '../../model/tolerance.js';
import { messages } from './messages.js';
import { SILENCE_DB, trimSilence } from './trim.js';
import { decodeWav, mediaBytes } from './wav.js';

const AUDIO_MODES = ['spectral', 'spectrogram_l2', 'sha256', 'size_sha256'] as const;
const MODE_ALIASES: Record<string, string> = { spectrogram_l2: 'spectral', size_sha256: 'sha256' };

// Defaults, measured in bench/audio-evidence.ts (table: bench/evidence/audio-thresholds.md).
// max_distance 2 dB: benign variations (10/30 ms delay, resampling, 48k/22.05k renders, noise at SNR
// 20 dB, 8-bit/float re-encoding) measure ≤ 0.41 dB and a +1 dB gain 1.0 dB; the smallest real change
// (+3 dB gain) measures 3.0 dB and content changes (a note changed/missing, a semitone) ≥ 15 dB.
export const DEFAULT_MAX_DISTANCE_DB = 2;
// 50 ms: the same as the alignment window, so a benign delay never fails on length alone.
export const DEFAULT_MAX_LENGTH_DIFF_S = 0.05;
export const DEFAULT_SAMPLE_RATE = 16000;
export const DEFAULT_N_MELS = 64;
export const DEFAULT_MAX_SHIFT_S = 0.05;
/** dynamic range kept below the louder spectrogram's peak; quieter content counts as silence */
export const TOP_DB = 40;
/** the distance is the mean over the worst window of this length */
export const WINDOW_S = 0.25;
const MAX_DIFFERENCES = 20;

interface AudioOptions {
  maxDistance: number;
  maxLengthDiffS: number;
  sampleRate: number;
  nMels: number;
  maxShiftS: number;
  maxL2: number | null;
  trimSilence: boolean;
}

function num(tol: Tolerance, key: string, fallback: number): number {
  const v = tol[key];
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : fallback;
}

function optionsOf(tol: Tolerance): AudioOptions {
  const sampleRate = Math.round(num(tol, 'sample_rate', DEFAULT_SAMPLE_RATE));
  return {
    maxDistance: num(tol, 'max_distance', DEFAULT_MAX_DISTANCE_DB),
    maxLengthDiffS: num(tol, 'max_length_diff_s', DEFAULT_MAX_LENGTH_DIFF_S),
    sampleRate: sampleRate >= 1000 ? sampleRate : DEFAULT_SAMPLE_RATE,
    nMels: Math.max(8, Math.min(256, Math.round(num(tol, 'n_mels', DEFAULT_N_MELS)))),
    maxShiftS: num(tol, 'max_shift_s', DEFAULT_MAX_SHIFT_S),
    maxL2: typeof tol.max_l2 === 'number' && Number.isFinite(tol.max_l2) ? tol.max_l2 : null,
    trimSilence: tol.trim_silence !== false,
  };
}

function sameSamples(x: Float32Array, y: Float32Array): boolean {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

function fail(
  key: string,
  message: string,
  expected: unknown,
  actual: unknown,
  tolerance: Tolerance,
  rule: string,
  extra: Partial<ComparisonResult> = {},
): ComparisonResult {
  return {
    status: 'fail',
    score: 0,
    metric: message,
    rule,
    expected,
    actual,
    tolerance,
    differences: [{ path: '', message: messages.forOutput(key, message) }],
    ...extra,
  };
}

/** Size + SHA-256: the `sha256` mode and the fallback when fft.js is missing. */
function shaResult(
  eb: Uint8Array,
  ab: Uint8Array,
  expected: unknown,
  actual: unknown,
  tolerance: Tolerance,
  degraded?: Degraded,
  extraDifferences: Difference[] = [],
): ComparisonResult {
  const he = sha256(eb);
  const ha = sha256(ab);
  const same = he === ha && eb.length === ab.length;
  const metric = same ? messages.shaSame(he, eb.length) : messages.shaDiffers(he, ha, eb.length, ab.length);
  const differences: Difference[] = same
    ? []
    : [{ path: '', message: metric, expected: messages.digest(he), actual: messages.digest(ha) }, ...extraDifferences];
  return {
    status: same ? 'pass' : 'fail',
    score: same ? 1 : 0,
    metric: degraded ? messages.degraded(metric, degraded.reason) : metric,
    rule: degraded ? messages.degradedRule(degraded.package, degraded.install) : messages.shaRule(),
    expected,
    actual,
    tolerance,
    differences,
    ...(degraded ? { degraded } : {}),
  };
}

/**
 * Where the spectra differ, for `differences`: frames above the limit inside a failing window,
 * merged into time ranges (in the expected recording's time).
 */
function failingRanges(core: AudioCoreResult, limit: number, offsetS: number): Difference[] {
  const { perFrame, frames, frameS } = core.distance;
  const w = Math.max(1, Math.min(frames, Math.round(WINDOW_S / frameS)));
  const inFailingWindow = new Uint8Array(frames);
  let sum = 0;
  for (let f = 0; f < frames; f++) {
    sum += perFrame[f]!;
    if (f >= w) sum -= perFrame[f - w]!;
    const start = Math.max(0, f - w + 1);
    if ((f >= w - 1 || f === frames - 1) && sum / (f - start + 1) > limit) inFailingWindow.fill(1, start, f + 1);
  }
  const out: Difference[] = [];
  const t0 = offsetS + core.startS;
  let from = -1;
  let last = -1;
  let worst = 0;
  const flush = (): void => {
    if (from < 0) return;
    const a = t0 + from * frameS;
    const b = t0 + (last + 1) * frameS;
    out.push({
      path: `t=${a.toFixed(2)}s..${b.toFixed(2)}s`,
      message: messages.spectraDiffer(a, b, worst, limit),
    });
    from = -1;
    worst = 0;
  };
  for (let f = 0; f < frames; f++) {
    if (!(inFailingWindow[f] && perFrame[f]! > limit)) continue;
    if (from >= 0 && f - last > Math.max(1, w >> 1)) flush();
    if (from < 0) from = f;
    last = f;
    worst = Math.max(worst, perFrame[f]!);
  }
  flush();
  return out;
}

export interface AudioCompareInput {
  key: string;
  expected: unknown;
  actual: unknown;
  tolerance: Tolerance;
}

/** fft.js through require(): its exports are the FFT constructor (optional-module.ts says why not import()). */
const loadFftJs = (): Promise<{ module: unknown } | { degraded: Degraded }> =>
  loadOptional('fft.js', 'fft.js', 'require');

export async function compareAudioValues(
  { key, expected, actual, tolerance }: AudioCompareInput,
  loadFft: () => Promise<{ module: unknown } | { degraded: Degraded }> = loadFftJs,
): Promise<ComparisonResult> {
  const rawMode = tolerance.compare ?? 'spectral';
  if (rawMode === 'skip') return skipped(tolerance, expected, actual);
  if (!(AUDIO_MODES as readonly string[]).includes(rawMode))
    return unknownModeResult(rawMode, AUDIO_MODES, expected, actual, tolerance);
  const mode = MODE_ALIASES[rawMode] ?? rawMode;
  const opts = optionsOf(tolerance);
  const rule = mode === 'sha256' ? messages.shaRule() : messages.spectralRule(opts, WINDOW_S, SILENCE_DB);

  const eb = mediaBytes(expected);
  if (!eb.ok) return fail(key, messages.badValue('expected', eb.problem), expected, actual, tolerance, rule);
  const ab = mediaBytes(actual);
  if (!ab.ok) return fail(key, messages.badValue('actual', ab.problem), expected, actual, tolerance, rule);
  if (Buffer.compare(eb.bytes, ab.bytes) === 0) {
    // a pass, but one a run without fft.js could not have judged had the bytes differed
    const degraded = mode === 'sha256' ? null : missingOptional('fft.js');
    return {
      status: 'pass',
      score: 1,
      metric: degraded
        ? messages.degraded(messages.identicalBytes(eb.bytes.length), degraded.reason)
        : messages.identicalBytes(eb.bytes.length),
      rule: degraded ? messages.degradedRule(degraded.package, degraded.install) : rule,
      expected,
      actual,
      tolerance,
      differences: [],
      ...(degraded ? { degraded } : {}),
    };
  }
  if (mode === 'sha256') return shaResult(eb.bytes, ab.bytes, expected, actual, tolerance);

  const de = decodeWav(eb.bytes);
  if (!de.ok) return fail(key, messages.undecodable('expected', de.problem), expected, actual, tolerance, rule);
  const da = decodeWav(ab.bytes);
  if (!da.ok) return fail(key, messages.undecodable('actual', da.problem), expected, actual, tolerance, rule);
  const e = de.audio;
  const a = da.audio;
  if (e.sampleRate === a.sampleRate && sameSamples(e.samples, a.samples)) {
    return {
      status: 'pass',
      score: 1,
      metric: messages.sameSamples(messages.audio(e), messages.audio(a)),
      rule,
      expected,
      actual,
      tolerance,
      differences: [],
    };
  }
  const es = opts.trimSilence ? trimSilence(e.samples, e.sampleRate) : { samples: e.samples, leadS: 0, tailS: 0 };
  const as = opts.trimSilence ? trimSilence(a.samples, a.sampleRate) : { samples: a.samples, leadS: 0, tailS: 0 };
  const eSound = es.samples.length / e.sampleRate;
  const aSound = as.samples.length / a.sampleRate;
  const trimmedNote =
    opts.trimSilence && (es.leadS + es.tailS > 0 || as.leadS + as.tailS > 0)
      ? messages.trimmed(
          { sound: eSound, lead: es.leadS, tail: es.tailS },
          { sound: aSound, lead: as.leadS, tail: as.tailS },
        )
      : '';
  const differences: Difference[] = [];
  const lengthDiff = Math.abs(eSound - aSound);
  // compared on the rounded millisecond so a difference that equals the tolerance as written passes
  const lengthOk = Math.round(lengthDiff * 1e6) <= Math.round(opts.maxLengthDiffS * 1e6);
  if (!lengthOk) {
    differences.push({
      path: 'duration',
      expected: e.durationS,
      actual: a.durationS,
      message: messages.durationDiffers(e.durationS, a.durationS, trimmedNote, lengthDiff, opts.maxLengthDiffS),
    });
  }

  const fft = await loadFft();
  if ('degraded' in fft) return shaResult(eb.bytes, ab.bytes, expected, actual, tolerance, fft.degraded, differences);
  const FFT = fft.module as FftConstructor;

  const core = compareAudioSignals(
    { samples: es.samples, sampleRate: e.sampleRate },
    { samples: as.samples, sampleRate: a.sampleRate },
    { sampleRate: opts.sampleRate, nMels: opts.nMels, maxShiftS: opts.maxShiftS, topDb: TOP_DB, windowS: WINDOW_S },
    FFT,
  );
  const d = core.distance;
  // where the actual sound sits relative to the expected one, trimmed silence included
  const shiftS = Math.round((as.leadS - es.leadS + core.lagS) * 1e4) / 1e4;
  const distanceOk = d.worst <= opts.maxDistance + 1e-9;
  const l2Ok = opts.maxL2 === null || d.relativeL2 <= opts.maxL2;
  if (!distanceOk) differences.push(...failingRanges(core, opts.maxDistance, es.leadS).slice(0, MAX_DIFFERENCES));
  if (!l2Ok) differences.push({ path: '', message: messages.l2Over(d.relativeL2, opts.maxL2) });
  if (core.overlapS === 0 && e.durationS + a.durationS > 0)
    differences.push({ path: '', message: messages.noOverlap() });
  const ok = lengthOk && distanceOk && l2Ok && differences.length === 0;
  const details = [
    messages.worstWindow(WINDOW_S, es.leadS + core.startS + d.worstAtS),
    messages.mean(d.mean),
    messages.l2(d.relativeL2),
    messages.shift(shiftS),
    ...(trimmedNote ? [trimmedNote] : []),
    messages.comparedAt(core.rate),
    messages.sides(messages.audio(e), messages.audio(a)),
  ];
  return {
    status: ok ? 'pass' : 'fail',
    score: Math.max(0, Math.min(1, 1 - d.worst / TOP_DB)),
    metric: messages.metric(
      lengthOk ? null : { e: e.durationS, a: a.durationS, max: opts.maxLengthDiffS },
      d.worst,
      distanceOk,
      opts.maxDistance,
      details,
    ),
    rule,
    expected,
    actual,
    tolerance,
    differences,
  };
}

export const audioComparator: Comparator = {
  warm: () => void loadFftJs(),
  name: 'audio',
  types: ['audio'],
  modes: AUDIO_MODES,
  messages,
  options: {
    max_distance: 'number',
    max_length_diff_s: 'number',
    sample_rate: 'integer',
    n_mels: 'integer',
    max_shift_s: 'number',
    max_l2: 'number',
    trim_silence: 'boolean',
  },
  defaults(_type: OutputType): Tolerance {
    return {
      compare: 'spectral',
      max_distance: DEFAULT_MAX_DISTANCE_DB,
      max_length_diff_s: DEFAULT_MAX_LENGTH_DIFF_S,
      sample_rate: DEFAULT_SAMPLE_RATE,
      n_mels: DEFAULT_N_MELS,
      max_shift_s: DEFAULT_MAX_SHIFT_S,
      trim_silence: true,
    };
  },
  compare(input): Promise<ComparisonResult> {
    return compareAudioValues(input);
  },
};
