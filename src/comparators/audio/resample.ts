// Band-limited resampling (polyphase windowed sinc) so signals recorded at different rates can be
// compared sample by sample.

const SINC_ZERO_CROSSINGS = 8;
const SINC_TABLE_RES = 512;
let sincTable: Float64Array | null = null;

/** Blackman-windowed sinc, sampled SINC_TABLE_RES times per zero crossing (built once). */
function kernelTable(): Float64Array {
  if (sincTable) return sincTable;
  const n = SINC_ZERO_CROSSINGS * SINC_TABLE_RES + 2;
  const t = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = i / SINC_TABLE_RES; // in zero crossings
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    const w =
      x >= SINC_ZERO_CROSSINGS
        ? 0
        : 0.42 +
          0.5 * Math.cos((Math.PI * x) / SINC_ZERO_CROSSINGS) +
          0.08 * Math.cos((2 * Math.PI * x) / SINC_ZERO_CROSSINGS);
    t[i] = sinc * w;
  }
  sincTable = t;
  return t;
}

/**
 * Band-limited resampling with a Blackman-windowed sinc (8 zero crossings). Chosen over linear
 * interpolation because downsampling 44.1 kHz → 16 kHz by linear interpolation folds everything
 * above 8 kHz back into the band, so a 44.1 kHz and a 48 kHz rendering of the same sound would
 * alias differently; the sinc's low-pass at the lower Nyquist removes that. Rational ratios with
 * few phases (44.1k→16k has 160) use a precomputed polyphase bank, others interpolate the table.
 */
export function resample(input: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return input;
  const ratio = toRate / fromRate;
  const cutoff = Math.min(1, ratio) * 0.97; // a little below Nyquist: the window's transition band
  const outLen = Math.round(input.length * ratio);
  const g = gcd(fromRate, toRate);
  const phases = toRate / g;
  const stride = fromRate / g; // output i sits at input time i·stride/phases
  if (Number.isInteger(phases) && phases <= 4096) return resamplePolyphase(input, outLen, phases, stride, cutoff);
  const table = kernelTable();
  const out = new Float32Array(outLen);
  const step = 1 / ratio;
  const halfWidth = SINC_ZERO_CROSSINGS / cutoff;
  const tableStep = cutoff * SINC_TABLE_RES;
  const n = input.length;
  for (let i = 0; i < outLen; i++) {
    const t = i * step;
    const lo = Math.max(0, Math.ceil(t - halfWidth));
    const hi = Math.min(n - 1, Math.floor(t + halfWidth));
    let acc = 0;
    for (let j = lo; j <= hi; j++) {
      const pos = Math.abs(t - j) * tableStep;
      const k = pos | 0;
      const a = table[k]!;
      acc += input[j]! * (a + (table[k + 1]! - a) * (pos - k));
    }
    out[i] = acc * cutoff;
  }
  return out;
}

function gcd(a: number, b: number): number {
  a = Math.round(a);
  b = Math.round(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

const bankCache = new Map<string, { taps: number; first: number; bank: Float64Array }>();

/** Filter bank: for phase φ, taps for input samples base−first … base−first+taps−1. */
function polyphaseBank(phases: number, cutoff: number): { taps: number; first: number; bank: Float64Array } {
  const key = `${phases}/${cutoff}`;
  const hit = bankCache.get(key);
  if (hit) return hit;
  const table = kernelTable();
  const halfWidth = SINC_ZERO_CROSSINGS / cutoff;
  const first = Math.floor(halfWidth);
  const taps = 2 * first + 2;
  const bank = new Float64Array(phases * taps);
  for (let ph = 0; ph < phases; ph++) {
    const frac = ph / phases;
    for (let k = 0; k < taps; k++) {
      const dist = Math.abs(frac - (k - first)); // from the output time to input sample base−first+k
      const pos = dist * cutoff * SINC_TABLE_RES;
      const i = pos | 0;
      bank[ph * taps + k] = i + 1 < table.length ? (table[i]! + (table[i + 1]! - table[i]!) * (pos - i)) * cutoff : 0;
    }
  }
  const made = { taps, first, bank };
  bankCache.set(key, made);
  return made;
}

function resamplePolyphase(
  input: Float32Array,
  outLen: number,
  phases: number,
  stride: number,
  cutoff: number,
): Float32Array {
  const { taps, first, bank } = polyphaseBank(phases, cutoff);
  const out = new Float32Array(outLen);
  const n = input.length;
  for (let i = 0; i < outLen; i++) {
    const pos = i * stride;
    const base = Math.floor(pos / phases);
    const ph = pos - base * phases;
    const j0 = base - first;
    const off = ph * taps;
    let acc = 0;
    if (j0 >= 0 && j0 + taps <= n) {
      for (let k = 0; k < taps; k++) acc += input[j0 + k]! * bank[off + k]!;
    } else {
      for (let k = 0; k < taps; k++) {
        const j = j0 + k;
        if (j >= 0 && j < n) acc += input[j]! * bank[off + k]!;
      }
    }
    out[i] = acc;
  }
  return out;
}
