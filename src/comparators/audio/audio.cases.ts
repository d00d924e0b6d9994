// Contract cases for the audio comparator (run by the shared comparator contract suite).
import type { ContractCase } from '../types.js';
import { encodeWav, wavDataUrl } from './wav.js';
import { synthMelody, type Note } from '../../../test/helpers/audio-signals.js';

const R = 8000;
const NOTES: Note[] = [60, 64, 67, 72].map((midi, i) => ({ midi, start: i * 0.2, dur: 0.2 }));
const melody = synthMelody({ rate: R, notes: NOTES });
const url = (s: Float32Array, enc: 'pcm16' | 'float32' = 'pcm16'): string => wavDataUrl(encodeWav(s, R, enc));
const value = url(melody);
const withTail = new Float32Array(melody.length + 0.05 * R);
withTail.set(melody);

export const contractCases: ContractCase[] = [
  {
    label: 'audio: 0.8 s melody, 8 kHz 16-bit WAV',
    type: 'audio',
    value,
    // the whole melody a semitone higher: every note differs
    changed: url(synthMelody({ rate: R, notes: NOTES, semitones: 1 })),
    changedPath: 't=0.00s..0.74s',
    // exactly max_length_diff_s (400 samples at 8 kHz) of trailing silence, re-encoded as float
    boundary: { expected: value, actual: url(withTail, 'float32'), tolerance: { max_length_diff_s: 0.05 } },
    // a WAV cut after 1000 bytes
    garbage: wavDataUrl(encodeWav(melody, R).slice(0, 1000)),
  },
];
