// Audio comparison speed: pixie's spectral distance (resample 44.1 → 16 kHz, align, two batch
// log-mel STFTs with fft.js, distance) vs the per-frame Meyda MFCC loop a JS author would write
// (Meyda.extract('mfcc') on 2048-sample frames, hop 512, for both signals), on the same 60 s of samples.
// Run alone: node --import tsx bench/audio.ts
import { fileURLToPath } from 'node:url';
import { compareAudioSignals, type FftConstructor } from '../src/comparators/audio/audio-dsp.js';
import {
  DEFAULT_MAX_SHIFT_S,
  DEFAULT_N_MELS,
  DEFAULT_SAMPLE_RATE,
  TOP_DB,
  WINDOW_S,
} from '../src/comparators/audio/audio.js';
import { loadOptional } from '../src/comparators/optional-module.js';
import { addNoise, MELODY, synthMelody } from '../test/helpers/audio-signals.js';
import { median, row } from './measure.js';

export const RATE = 44100;
const SECONDS = 60;

interface MeydaLike {
  bufferSize: number;
  sampleRate: number;
  numberOfMFCCCoefficients: number;
  extract(feature: string, signal: Float32Array): unknown;
}

export function sixtySeconds(): Float32Array {
  const notes = [];
  for (let t = 0, i = 0; t < SECONDS; t += 0.4, i++)
    notes.push({ midi: MELODY[i % MELODY.length]!.midi, start: t, dur: 0.4 });
  return synthMelody({ rate: RATE, notes, length: SECONDS });
}

function meydaMfccDistance(Meyda: MeydaLike, e: Float32Array, a: Float32Array): number {
  const size = 2048;
  const hop = 512;
  Meyda.bufferSize = size;
  Meyda.sampleRate = RATE;
  Meyda.numberOfMFCCCoefficients = 13;
  let sum = 0;
  let frames = 0;
  for (let at = 0; at + size <= Math.min(e.length, a.length); at += hop) {
    const me = Meyda.extract('mfcc', e.subarray(at, at + size)) as number[];
    const ma = Meyda.extract('mfcc', a.subarray(at, at + size)) as number[];
    let d = 0;
    for (let k = 1; k < me.length; k++) d += (me[k]! - ma[k]!) ** 2;
    sum += Math.sqrt(d);
    frames++;
  }
  return sum / Math.max(1, frames);
}

export async function benchAudio(): Promise<{ pixieMs: number; meydaMs: number; ratio: number } | null> {
  const fft = await loadOptional<unknown>('fft.js');
  const meyda = await loadOptional<unknown>('meyda');
  if ('degraded' in fft || 'degraded' in meyda) {
    console.log(
      `  skipped: ${'degraded' in fft ? fft.degraded.reason : ''} ${'degraded' in meyda ? meyda.degraded.reason : ''}`,
    );
    return null;
  }
  const FFT = ((fft.module as { default?: unknown }).default ?? fft.module) as FftConstructor;
  const mod = meyda.module as { default?: { default?: MeydaLike } & MeydaLike };
  const Meyda = (mod.default?.default ?? mod.default) as MeydaLike;
  const expected = sixtySeconds();
  const actual = addNoise(expected, -50);
  const opts = {
    sampleRate: DEFAULT_SAMPLE_RATE,
    nMels: DEFAULT_N_MELS,
    maxShiftS: DEFAULT_MAX_SHIFT_S,
    topDb: TOP_DB,
    windowS: WINDOW_S,
  };
  const pixie: number[] = [];
  const peer: number[] = [];
  let verdict = '';
  for (let i = 0; i < 5; i++) {
    let t = performance.now();
    const r = compareAudioSignals(
      { samples: expected, sampleRate: RATE },
      { samples: actual, sampleRate: RATE },
      opts,
      FFT,
    );
    pixie.push(performance.now() - t);
    verdict = `worst-window distance ${r.distance.worst.toFixed(2)} dB`;
    if (i < 3) {
      t = performance.now();
      meydaMfccDistance(Meyda, expected, actual);
      peer.push(performance.now() - t);
    }
  }
  const pixieMs = median(pixie);
  const meydaMs = median(peer);
  const ratio = meydaMs / pixieMs;
  console.log(`  60 s of 44.1 kHz mono, both sides (${verdict}); medians of ${pixie.length} and ${peer.length} runs`);
  console.log(row('pixie spectral distance (resample, align, 2 log-mels)', pixieMs));
  console.log(row("Meyda extract('mfcc') per frame, 2048/512, both sides", meydaMs));
  console.log(`  ratio: pixie is ${ratio.toFixed(1)}× faster`);
  return { pixieMs, meydaMs, ratio };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchAudio();
