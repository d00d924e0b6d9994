// Transparency, handled one way for every mode: an image with any non-opaque pixel is compared
// twice, composited over white and over black, and the worse result counts. Two backgrounds
// lose nothing (equal composites over both mean equal colour and alpha), so transparent vs white
// fails (over black) as transparent vs black does (over white), while fully transparent pixels
// are equal whatever colour they store. Opaque pairs, the usual case, are compared once as they are.
import type { RgbaImage } from './rgba.js';

function isOpaque(img: RgbaImage): boolean {
  const d = img.data;
  for (let i = 3; i < d.length; i += 4) if (d[i] !== 255) return false;
  return true;
}

/** The image composited over a grey level (0 black, 255 white): every pixel opaque. */
function composite(img: RgbaImage, background: number): RgbaImage {
  const src = img.data;
  const out = new Uint8Array(src.length);
  for (let i = 0; i < src.length; i += 4) {
    const a = src[i + 3]!;
    if (a === 255) {
      out[i] = src[i]!;
      out[i + 1] = src[i + 1]!;
      out[i + 2] = src[i + 2]!;
    } else {
      const bg = background * (255 - a) + 127;
      out[i] = ((src[i]! * a + bg) / 255) | 0;
      out[i + 1] = ((src[i + 1]! * a + bg) / 255) | 0;
      out[i + 2] = ((src[i + 2]! * a + bg) / 255) | 0;
    }
    out[i + 3] = 255;
  }
  return { width: img.width, height: img.height, data: out };
}

export interface OpaquePair {
  /** '' for an opaque pair compared as it is, else 'over white' / 'over black' */
  background: string;
  expected: RgbaImage;
  actual: RgbaImage;
}

/** The opaque pairs to compare, made one at a time so only one composite pair is in memory. */
export function* opaquePairs(expected: RgbaImage, actual: RgbaImage): Generator<OpaquePair> {
  if (isOpaque(expected) && isOpaque(actual)) {
    yield { background: '', expected, actual };
    return;
  }
  for (const [background, level] of [
    ['over white', 255],
    ['over black', 0],
  ] as const)
    yield { background, expected: composite(expected, level), actual: composite(actual, level) };
}
