// Transparency, handled one way for every mode: an image with any non-opaque pixel is compared
// twice, composited over white and over black, and the worse result counts. Two backgrounds
// lose nothing (equal composites over both mean equal colour and alpha), so transparent vs white
// fails (over black) as transparent vs black does (over white), while fully transparent pixels
// are equal whatever colour they store. Opaque pairs, the usual case, are compared once as they are.
import { messages } from './messages.js';
import { packRgba, type RgbaImage } from './rgba.js';

const ALPHA = packRgba(0, 0, 0, 255) | 0;

/** Both images are opaque (one pass over both, a pixel of each at a time when their bytes are aligned). */
function bothOpaque(a: RgbaImage, b: RgbaImage): boolean {
  const da = a.data;
  const db = b.data;
  if (da.byteOffset % 4 === 0 && db.byteOffset % 4 === 0 && da.length === db.length) {
    // a pixel's alpha byte is 255 exactly when its word has all of ALPHA's bits
    const pa = new Uint32Array(da.buffer, da.byteOffset, da.length >> 2);
    const pb = new Uint32Array(db.buffer, db.byteOffset, db.length >> 2);
    for (let i = 0; i < pa.length; i++) if ((pa[i]! & pb[i]! & ALPHA) !== ALPHA) return false;
    return true;
  }
  for (let i = 3; i < da.length; i += 4) if (da[i] !== 255) return false;
  for (let i = 3; i < db.length; i += 4) if (db[i] !== 255) return false;
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
  if (bothOpaque(expected, actual)) yield { background: '', expected, actual };
  else yield* compositePairs(expected, actual);
}

/** The pair composited over white, then over black (for images known to have a pixel that is not opaque). */
export function* compositePairs(expected: RgbaImage, actual: RgbaImage): Generator<OpaquePair> {
  for (const [colour, level] of [
    ['white', 255],
    ['black', 0],
  ] as const)
    yield { background: messages.over(colour), expected: composite(expected, level), actual: composite(actual, level) };
}
