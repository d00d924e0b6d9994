// The FFT the audio core uses, as an interface: fft.js is an optional dependency, so the class is
// passed in by the comparator and nothing here imports it.

/** The slice of fft.js this core uses (its own .d.ts types everything as any). */
interface Fft {
  realTransform(out: Float64Array, data: Float64Array): void;
  completeSpectrum(spectrum: Float64Array): void;
  inverseTransform(out: Float64Array, data: Float64Array): void;
}
export type FftConstructor = new (size: number) => Fft;

export function nextPow2(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}
