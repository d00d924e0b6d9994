// Test signals for the audio evidence, golden cases and benchmark: a short melody with harmonics and
// an envelope, rendered at any rate, plus the variations we measure (delay, noise, gain, …).

export interface Note {
  midi: number;
  start: number;
  dur: number;
}

/** C4 E4 G4 C5 G4 E4, 0.4 s each (2.4 s): a real-ish phrase with distinct pitches. */
export const MELODY: Note[] = [60, 64, 67, 72, 67, 64].map((midi, i) => ({ midi, start: i * 0.4, dur: 0.4 }));

const midiHz = (m: number): number => 440 * 2 ** ((m - 69) / 12);

export interface SynthOptions {
  rate: number;
  notes?: Note[];
  /** total length in seconds (default: end of the last note) */
  length?: number;
  semitones?: number;
  gain?: number;
  /** notes whose index is listed are left out (silence) */
  mute?: number[];
  /** replacement pitches by note index */
  replace?: Record<number, number>;
  peak?: number;
}

/** Six harmonics at 1/k, 10 ms attack, exponential decay, 30 ms release: a plucked/organ-ish tone. */
export function synthMelody(o: SynthOptions): Float32Array {
  const notes = o.notes ?? MELODY;
  const end = o.length ?? Math.max(...notes.map((n) => n.start + n.dur));
  const out = new Float32Array(Math.round(end * o.rate));
  const peak = (o.peak ?? 0.3) * (o.gain ?? 1);
  notes.forEach((note, idx) => {
    if (o.mute?.includes(idx)) return;
    const f0 = midiHz((o.replace?.[idx] ?? note.midi) + (o.semitones ?? 0));
    const s0 = Math.round(note.start * o.rate);
    const n = Math.round(note.dur * o.rate);
    for (let i = 0; i < n && s0 + i < out.length; i++) {
      const t = i / o.rate;
      const attack = Math.min(1, t / 0.01);
      const release = Math.min(1, (note.dur - t) / 0.03);
      const env = attack * Math.max(0, release) * Math.exp(-2.5 * t);
      let v = 0;
      for (let k = 1; k <= 6; k++) {
        if (f0 * k >= o.rate / 2) break;
        v += Math.sin(2 * Math.PI * f0 * k * t) / k;
      }
      out[s0 + i]! += peak * env * v * 0.6;
    }
  });
  return out;
}

/** Deterministic Gaussian noise (mulberry32 + Box-Muller). */
function gaussianNoise(n: number, rms: number, seed = 1): Float32Array {
  let a = seed >>> 0;
  const rand = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const u = Math.max(1e-12, rand());
    out[i] = rms * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
  }
  return out;
}

export function addNoise(s: Float32Array, rmsDbfs: number, seed = 1): Float32Array {
  const noise = gaussianNoise(s.length, 10 ** (rmsDbfs / 20), seed);
  return s.map((v, i) => v + noise[i]!);
}

export function delay(s: Float32Array, seconds: number, rate: number): Float32Array {
  const d = Math.round(seconds * rate);
  const out = new Float32Array(s.length + d);
  out.set(s, d);
  return out;
}

export function gainDb(s: Float32Array, db: number): Float32Array {
  const g = 10 ** (db / 20);
  return s.map((v) => v * g);
}

/** Linear interpolation: deliberately a different (cruder) resampler than pixie's windowed sinc. */
export function linearResample(s: Float32Array, from: number, to: number): Float32Array {
  const out = new Float32Array(Math.round((s.length * to) / from));
  for (let i = 0; i < out.length; i++) {
    const t = (i * from) / to;
    const j = Math.floor(t);
    const f = t - j;
    out[i] = (s[j] ?? 0) * (1 - f) + (s[j + 1] ?? 0) * f;
  }
  return out;
}
