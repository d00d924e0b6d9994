// Leading and trailing silence, trimmed before alignment (docs/comparators.md#audio): speech engines
// and encoders vary how much silence they put around the same sound, and the same sound starting
// 100 ms later is not a regression of the sound. Silence is relative to the recording's own
// loudest 10 ms, so a gain change moves both edges alike.

/**
 * Frames more than this many dB below the loudest frame count as silence: measured on the golden set
 * (test/cases/real), 40 dB kept the dither of an 8-bit copy of speech (−48 dBFS, 36 dB below its
 * peak) as sound, 30 dB began to eat the decay of a chime.
 */
export const SILENCE_DB = 35;
const FRAME_S = 0.01;

export interface Sounding {
  /** the samples between the first and the last frame that is not silence (a view, not a copy) */
  samples: Float32Array;
  /** seconds trimmed from the start and from the end */
  leadS: number;
  tailS: number;
}

export function trimSilence(samples: Float32Array, rate: number, silenceDb = SILENCE_DB): Sounding {
  const frame = Math.max(1, Math.round(rate * FRAME_S));
  const frames = Math.ceil(samples.length / frame);
  const energy = new Float64Array(frames);
  let peak = 0;
  for (let f = 0; f < frames; f++) {
    let e = 0;
    const end = Math.min(samples.length, (f + 1) * frame);
    for (let i = f * frame; i < end; i++) e += samples[i]! * samples[i]!;
    energy[f] = e / (end - f * frame);
    if (energy[f]! > peak) peak = energy[f]!;
  }
  if (peak === 0) return { samples: samples.subarray(0, 0), leadS: samples.length / rate, tailS: 0 };
  const floor = peak * 10 ** (-silenceDb / 10); // energies are squared amplitudes
  let first = 0;
  while (energy[first]! < floor) first++;
  let last = frames - 1;
  while (energy[last]! < floor) last--;
  const start = first * frame;
  const end = Math.min(samples.length, (last + 1) * frame);
  return { samples: samples.subarray(start, end), leadS: start / rate, tailS: (samples.length - end) / rate };
}
