// Generates the numbered audio golden cases: NNa.wav (expected) and NNb.wav (actual) plus cases.json.
// Run from the repository root: node --import tsx test/cases/audio/make-cases.ts
// Signals are ≤ 1 s at 8–16 kHz so the files stay small; everything is deterministic.
import { readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { encodeWav, type WavEncoding } from '../../../src/comparators/audio/wav.js';
import { addNoise, delay, gainDb, synthMelody, type Note } from '../../helpers/audio-signals.js';

const dir = new URL('./', import.meta.url);

/** C4 E4 G4 C5, 0.2 s each: 0.8 s. */
const NOTES: Note[] = [60, 64, 67, 72].map((midi, i) => ({ midi, start: i * 0.2, dur: 0.2 }));
const melody = (rate: number, extra: Partial<Parameters<typeof synthMelody>[0]> = {}): Float32Array => synthMelody({ rate, notes: NOTES, ...extra });

interface Side { samples: Float32Array | Float32Array[]; rate: number; encoding?: WavEncoding; extensible?: boolean; bytes?: Uint8Array }
interface CaseSpec {
  name: string;
  expected: Side;
  actual: Side;
  /** how the actual value is given to the comparator: data URL (default), bare base64 or an object */
  as?: 'data_url' | 'base64' | 'object_value' | 'object_data';
  tolerance?: Record<string, unknown>;
  status: 'pass' | 'fail' | 'skip';
  /** a substring the metric or a difference message must contain */
  message?: string;
}

const R = 8000;
const base: Side = { samples: melody(R), rate: R };
const wav = (s: Side): Uint8Array => s.bytes ?? encodeWav(s.samples, s.rate, s.encoding ?? 'pcm16', { extensible: s.extensible });
const baseBytes = wav(base);

const cases: CaseSpec[] = [
  { name: 'identical bytes', expected: base, actual: base, status: 'pass', message: 'identical bytes' },
  { name: '10 ms delay is benign (aligned)', expected: base, actual: { samples: delay(melody(R), 0.01, R), rate: R }, status: 'pass', message: 'aligned by 10.0 ms' },
  { name: 'rendered at 16 kHz vs 8 kHz (resampled to 8 kHz)', expected: base, actual: { samples: melody(16000), rate: 16000 }, status: 'pass', message: 'compared at 8000 Hz' },
  { name: '32-bit float vs 16-bit PCM', expected: base, actual: { ...base, encoding: 'float32' }, status: 'pass' },
  { name: '24-bit stereo WAVE_FORMAT_EXTENSIBLE vs 16-bit mono', expected: base, actual: { samples: [melody(R), melody(R)], rate: R, encoding: 'pcm24', extensible: true }, status: 'pass', message: '24-bit PCM stereo' },
  { name: '8-bit PCM vs 16-bit', expected: base, actual: { ...base, encoding: 'pcm8' }, status: 'pass', message: '8-bit PCM' },
  { name: '32-bit integer PCM vs 16-bit', expected: base, actual: { ...base, encoding: 'pcm32' }, status: 'pass', message: '32-bit PCM' },
  { name: '64-bit float (extensible) vs 16-bit', expected: base, actual: { ...base, encoding: 'float64', extensible: true }, status: 'pass', message: '64-bit float' },
  { name: 'white noise at SNR 30 dB is benign', expected: base, actual: { samples: addNoise(melody(R), -50), rate: R }, status: 'pass' },
  { name: 'one note changed (G4 → A4)', expected: base, actual: { samples: melody(R, { replace: { 2: 69 } }), rate: R }, status: 'fail', message: 'log-mel spectra differ from 0.3' },
  { name: 'whole melody a semitone higher', expected: base, actual: { samples: melody(R, { semitones: 1 }), rate: R }, status: 'fail', message: 'log-mel spectra differ' },
  { name: 'one note missing (silence)', expected: base, actual: { samples: melody(R, { mute: [1] }), rate: R }, status: 'fail', message: 'more than max_distance 2 dB' },
  { name: '+6 dB gain counts as a change', expected: base, actual: { samples: gainDb(melody(R), 6), rate: R }, status: 'fail', message: '> max 2 dB' },
  { name: '+6 dB gain passes with max_distance 7', expected: base, actual: { samples: gainDb(melody(R), 6), rate: R }, tolerance: { max_distance: 7 }, status: 'pass' },
  { name: 'actual stops early: fails with both durations (no truncation)', expected: base, actual: { samples: melody(R).slice(0, 0.6 * R), rate: R }, status: 'fail', message: 'duration differs: expected 0.800 s, got 0.600 s' },
  { name: 'actual 50 ms longer (silence) at max_length_diff_s 0.05 passes', expected: base, actual: { samples: Float32Array.from([...melody(R), ...new Float32Array(0.05 * R)]), rate: R }, tolerance: { max_length_diff_s: 0.05 }, status: 'pass' },
  { name: 'truncated WAV names the problem', expected: base, actual: { ...base, bytes: baseBytes.slice(0, 1000) }, status: 'fail', message: 'WAV data chunk claims 12800 bytes but only 956 are present' },
  { name: 'not a WAV at all', expected: base, actual: { ...base, bytes: new TextEncoder().encode('ID3\u0004 this is not a wav file') }, status: 'fail', message: 'not a WAV file' },
  { name: 'sha256 mode: re-encoded audio fails', expected: base, actual: { ...base, encoding: 'float32' }, tolerance: { compare: 'sha256' }, status: 'fail', message: 'sha256 differs' },
  { name: 'size_sha256 (the original Pixie\'s name): identical passes', expected: base, actual: base, tolerance: { compare: 'size_sha256' }, status: 'pass', message: 'identical' },
  { name: 'spectrogram_l2 (the original Pixie\'s name) is spectral', expected: base, actual: { ...base, encoding: 'float32' }, tolerance: { compare: 'spectrogram_l2' }, status: 'pass', message: 'spectral distance' },
  { name: 'skip mode', expected: base, actual: { samples: melody(R, { semitones: 3 }), rate: R }, tolerance: { compare: 'skip' }, status: 'skip' },
  { name: 'bare base64 actual', expected: base, actual: { ...base, encoding: 'float32' }, as: 'base64', status: 'pass' },
  { name: '{value: data URL} actual', expected: base, actual: { ...base, encoding: 'float32' }, as: 'object_value', status: 'pass' },
  { name: '{data: base64} actual with a changed note', expected: base, actual: { samples: melody(R, { replace: { 0: 62 } }), rate: R }, as: 'object_data', status: 'fail' },
  { name: 'unknown mode', expected: base, actual: base, tolerance: { compare: 'mfcc' }, status: 'fail', message: "unknown compare mode 'mfcc'" },
];

// identical files are written once and shared (most cases use 01a.wav as the expected side)
const written = new Map<string, string>();
const store = (name: string, bytes: Uint8Array): string => {
  const key = Buffer.from(bytes).toString('base64');
  const have = written.get(key);
  if (have) return have;
  writeFileSync(new URL(name, dir), bytes);
  written.set(key, name);
  return name;
};
for (const f of readdirSync(dir)) if (f.endsWith('.wav')) unlinkSync(new URL(f, dir));
const index = cases.map((c, i) => {
  const id = String(i + 1).padStart(2, '0');
  const expected = store(`${id}a.wav`, wav(c.expected));
  const actual = store(`${id}b.wav`, wav(c.actual));
  return { id, name: c.name, expected, actual, as: c.as ?? 'data_url', tolerance: c.tolerance ?? {}, status: c.status, ...(c.message ? { message: c.message } : {}) };
});
writeFileSync(new URL('cases.json', dir), `${JSON.stringify(index, null, 2)}\n`);
console.log(`wrote ${index.length} audio cases`);
