// How far apart two log-mel spectrograms are, in dB, over the bins where there is sound.

const DB_TO_LN = Math.LN10 / 10;

export interface SpectralDistance {
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
export function spectralDistance(
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
