// Decoded images as 8-bit RGBA and what every pixel metric shares: reading a pixel as one Uint32,
// size and exact-pixel checks, luma, and packing a colour. The metrics (histogram.ts, ssim.ts,
// pixel-diff.ts) are pure like this file: no decoding, no I/O, benchmarked alone (bench/image.ts).
//
// Transparency is resolved before any metric (alpha.ts): the metrics see opaque pixels.

export interface RgbaImage {
  width: number;
  height: number;
  /** width × height × 4 bytes, row-major RGBA, not premultiplied */
  data: Uint8Array;
}

// Channel shifts inside a Uint32 read of one RGBA pixel; every platform Node ships on but s390x is
// little-endian, and reading whole pixels is what makes the metrics' loops fast. Metric files copy
// them into their own constants: read through an import they measured 1.1-1.8x slower.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
export const SHIFTS = Object.freeze({
  SR: LITTLE_ENDIAN ? 0 : 24,
  SG: LITTLE_ENDIAN ? 8 : 16,
  SB: LITTLE_ENDIAN ? 16 : 8,
  SA: LITTLE_ENDIAN ? 24 : 0,
});
const SR = SHIFTS.SR,
  SG = SHIFTS.SG,
  SB = SHIFTS.SB,
  SA = SHIFTS.SA;

/** The pixels as one Uint32 each (a view when aligned, else a copy). */
export function pixels32(img: RgbaImage): Uint32Array {
  const n = img.width * img.height;
  const d = img.data;
  if (d.byteOffset % 4 === 0) return new Uint32Array(d.buffer, d.byteOffset, n);
  return new Uint32Array(d.slice(0, n * 4).buffer);
}

/** The image with its bytes at a 4-byte aligned offset (pixelmatch reads them as Uint32). */
export function aligned(img: RgbaImage): RgbaImage {
  return img.data.byteOffset % 4 === 0 ? img : { ...img, data: img.data.slice() };
}

export function sameSize(a: RgbaImage, b: RgbaImage): boolean {
  return a.width === b.width && a.height === b.height;
}

/** Exact pixel equality (memcmp speed): different encodings of the same pixels are equal. */
export function samePixels(a: RgbaImage, b: RgbaImage): boolean {
  if (!sameSize(a, b)) return false;
  const n = a.width * a.height * 4;
  return Buffer.from(a.data.buffer, a.data.byteOffset, n).equals(Buffer.from(b.data.buffer, b.data.byteOffset, n));
}

/** Luma (BT.601 weights, 8-bit) of a pixel, composited over white if it is not opaque. */
export function lumaOf(p: number): number {
  const y = (77 * ((p >>> SR) & 255) + 150 * ((p >>> SG) & 255) + 29 * ((p >>> SB) & 255) + 128) >> 8;
  const a = (p >>> SA) & 255;
  return a === 255 ? y : 255 - ((((255 - y) * a + 127) / 255) | 0);
}

export function packRgba(r: number, g: number, b: number, a: number): number {
  return ((r << SR) | (g << SG) | (b << SB) | (a << SA)) >>> 0;
}
