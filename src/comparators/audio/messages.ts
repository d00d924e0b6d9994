// Every sentence the audio comparator writes (audio.ts, and wav.ts's reasons a value or file cannot
// be read).
import { describeValue } from '../kit/value.js';
import type { MessageTable } from '../../util/message-table.js';

type Side = 'expected' | 'actual';

const seconds = (s: number): string => `${s.toFixed(3)} s`;
const decibels = (d: number): string => `${d.toFixed(2)} dB`;

export const messages = {
  // rules and results (audio.ts)
  shaRule: () => 'size + SHA-256',
  spectralRule: (
    o: { maxDistance: number; maxL2: number | null; maxLengthDiffS: number; trimSilence: boolean; maxShiftS: number },
    windowS: number,
    silenceDb: number,
  ) =>
    `log-mel |ΔdB| ≤ max_distance ${o.maxDistance} dB over the worst ${windowS} s window${o.maxL2 !== null ? ` and mel-power L2 ≤ max_l2 ${o.maxL2}` : ''}; |Δduration| ≤ max_length_diff_s ${o.maxLengthDiffS} s${o.trimSilence ? ` of sound (silence ${silenceDb} dB below each recording's peak trimmed from both ends)` : ' (silence kept: trim_silence false)'}; aligned within ±${o.maxShiftS * 1000} ms`,
  degradedRule: (pkg: string, install: string) => `size + SHA-256 (spectral comparison needs ${pkg}: ${install})`,
  degraded: (metric: string, reason: string) => `${metric} [degraded: ${reason}]`,
  shaSame: (hash: string, size: number) => `identical bytes (sha256 ${hash.slice(0, 12)}…, ${size} bytes)`,
  shaDiffers: (e: string, a: string, eSize: number, aSize: number) =>
    `sha256 differs: ${e.slice(0, 8)}… vs ${a.slice(0, 8)}… (size ${eSize} vs ${aSize} bytes)`,
  digest: (hash: string) => `sha256 ${hash}`,
  forOutput: (key: string, message: string) => `audio output '${key}': ${message}`,
  /** `problem` is mediaBytes's, starting "is …" */
  badValue: (side: Side, problem: string) =>
    side === 'expected' ? `expected value ${problem} (fix the fixture)` : `actual value ${problem}`,
  identicalBytes: (size: number) => `identical bytes (${size} bytes)`,
  undecodable: (side: Side, problem: string) =>
    side === 'expected'
      ? `expected audio cannot be decoded: ${problem} (fix the fixture, or use compare: sha256 for non-WAV audio)`
      : `actual audio cannot be decoded: ${problem}`,
  audio: (a: { encoding: string; channels: number; sampleRate: number; durationS: number }) =>
    `${a.encoding} ${a.channels === 1 ? 'mono' : a.channels === 2 ? 'stereo' : `${a.channels} channels`} ${a.sampleRate} Hz, ${a.durationS.toFixed(3)} s`,
  sameSamples: (e: string, a: string) => `same samples, different bytes (expected ${e}, actual ${a})`,
  /** how long each recording sounds once its silence is trimmed, and how much was trimmed from each end */
  trimmed: (e: { sound: number; lead: number; tail: number }, a: { sound: number; lead: number; tail: number }) =>
    `${seconds(e.sound)} and ${seconds(a.sound)} of sound after trimming silence (expected ${seconds(e.lead)} before, ${seconds(e.tail)} after; actual ${seconds(a.lead)} before, ${seconds(a.tail)} after)`,
  durationDiffers: (e: number, a: number, trimmed: string, diff: number, max: number) =>
    `duration differs: expected ${seconds(e)}, got ${seconds(a)} (${trimmed ? `${trimmed}; ` : ''}difference ${seconds(diff)} > max_length_diff_s ${max} s)`,
  spectraDiffer: (from: number, to: number, worst: number, limit: number) =>
    `log-mel spectra differ from ${from.toFixed(2)} s to ${to.toFixed(2)} s, by up to ${decibels(worst)} per frame (more than max_distance ${limit} dB)`,
  l2Over: (l2: number, max: number | null) => `mel-power relative L2 ${l2.toFixed(4)} > max_l2 ${max}`,
  noOverlap: () => 'the two recordings do not overlap after alignment',
  // the details the metric ends with
  worstWindow: (windowS: number, at: number) => `worst ${windowS} s window at ${at.toFixed(2)} s`,
  mean: (db: number) => `mean ${decibels(db)}`,
  l2: (l2: number) => `L2 ${l2.toFixed(4)}`,
  shift: (shiftS: number) => (shiftS !== 0 ? `actual aligned by ${(shiftS * 1000).toFixed(1)} ms` : 'no shift'),
  comparedAt: (rate: number) => `compared at ${rate} Hz`,
  sides: (e: string, a: string) => `expected ${e}, actual ${a}`,
  /** `duration`: both durations when they differ by more than the tolerance, else null */
  metric: (
    duration: { e: number; a: number; max: number } | null,
    worst: number,
    ok: boolean,
    max: number,
    details: string[],
  ) =>
    `${duration ? `duration ${seconds(duration.e)} vs ${seconds(duration.a)} differs by more than ${duration.max} s; ` : ''}spectral distance ${decibels(worst)} ${ok ? '≤' : '>'} max ${max} dB (${details.join('; ')})`,
  // reading a WAV file (wav.ts)
  empty: () => 'it is empty',
  looksLike: (format: string) => `it looks like ${format}`,
  startsWith: (head: string) => `it starts with bytes ${head}`,
  rf64: () => 'RF64 (WAV over 4 GB) is not supported',
  notWav: (sniffed: string) => `not a WAV file (no RIFF/WAVE header; ${sniffed})`,
  fmtTooShort: (size: number) => `WAV fmt chunk is ${size} bytes, too short (need 16)`,
  extensibleTooShort: () => 'WAVE_FORMAT_EXTENSIBLE fmt chunk is too short to hold its sub-format',
  truncated: (claimed: number, present: number) =>
    `WAV data chunk claims ${claimed} bytes but only ${present} are present (file truncated?)`,
  noFmt: () => 'WAV has no fmt chunk',
  noData: () => 'WAV has no data chunk',
  noChannels: () => 'WAV fmt chunk says 0 channels',
  tooManyChannels: (channels: number, max: number) =>
    `WAV fmt chunk says ${channels} channels; pixie reads at most ${max}`,
  badRate: (rate: number, min: number, max: number) =>
    `WAV fmt chunk says sample rate ${rate} Hz; pixie reads ${min}–${max} Hz (a corrupt header?)`,
  encoding: (bits: number, kind: 'PCM' | 'float') => `${bits}-bit ${kind}`,
  unsupportedSize: (bits: number, kind: 'PCM' | 'float') => `unsupported WAV sample size: ${bits}-bit ${kind}`,
  unsupportedEncoding: (tag: number, name: string | undefined) =>
    `unsupported WAV encoding: format tag ${tag}${name ? ` (${name})` : ''}; pixie decodes PCM and float WAV`,
  badBlockAlign: (declared: number, channels: number, bits: number, expected: number) =>
    `WAV fmt chunk says ${declared} bytes per frame, but ${channels} channel(s) of ${bits}-bit samples take ${expected} (a corrupt header?)`,
  tooLong: (seconds: number, frames: number, rate: number, max: number) =>
    `WAV holds ${seconds.toFixed(1)} s (${frames} frames at ${rate} Hz), over pixie's limit of ${max} frames (10 minutes at 48 kHz)`,
  nonFinite: (nan: number, infinite: number, frames: number, firstS: number) =>
    `WAV holds samples that are not numbers: ${[nan ? `${nan} NaN` : '', infinite ? `${infinite} infinite` : ''].filter(Boolean).join(' and ')} of ${frames} (the first at ${seconds(firstS)}); audio samples must be finite`,
  // an output value's bytes (wav.ts's mediaBytes): said after "expected value" / "actual value"
  noPayloadField: (keys: string[]) =>
    `is an object without a string 'value', 'data' or 'url' (keys: ${keys.join(', ') || 'none'})`,
  notAString: (v: unknown) => `is ${describeValue(v)}, expected a data URL or base64 string`,
  noComma: () => 'is a data URL without a comma',
  badBase64: () => 'is a data URL whose base64 payload has characters outside the base64 alphabet',
  badPercentEncoding: () => 'is a data URL with bad percent-encoding',
  aUrl: (url: string) => `is a URL (${url.slice(0, 60)}); pixie compares inline audio only, return a data URL`,
  emptyString: () => 'is an empty string',
  notBase64: (s: string) => `is neither a data URL nor base64 (starts ${JSON.stringify(s.slice(0, 24))})`,
} satisfies MessageTable;
