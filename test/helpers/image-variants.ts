// Variants of a decoded image for the image comparator's tests and bench/image-peers.ts: the same
// image with one visibly changed pixel (one that pixelmatch counts), and a 1-px line drawn on it.
import pixelmatch from 'pixelmatch';
import type { RgbaImage } from '../../src/comparators/image/rgba.js';

export type Rgb = readonly [number, number, number];

export interface PixelChange {
  x: number;
  y: number;
  colour: Rgb;
  /** what the change is, for a test's title */
  label: string;
}

/** `img` with pixel (x, y) set to an opaque `colour`. */
export function withPixel(img: RgbaImage, change: { x: number; y: number; colour: Rgb }): RgbaImage {
  const data = Uint8Array.from(img.data);
  data.set([...change.colour, 255], (change.y * img.width + change.x) * 4);
  return { width: img.width, height: img.height, data };
}

/** How many pixels pixelmatch 7.2 counts at its default threshold (0.1) and anti-aliasing detection. */
export function pixelmatchCount(a: RgbaImage, b: RgbaImage): number {
  return pixelmatch(a.data, b.data, undefined, a.width, a.height, { threshold: 0.1 });
}

function colourAt(img: RgbaImage, x: number, y: number): Rgb {
  const k = (y * img.width + x) * 4;
  return [img.data[k]!, img.data[k + 1]!, img.data[k + 2]!];
}

/** The candidate places: the centre, the corners, then a fixed pseudo-random sequence. */
function* places(img: RgbaImage): Generator<[number, number]> {
  const { width: w, height: h } = img;
  yield [w >> 1, h >> 1];
  yield [0, 0];
  yield [w - 1, h - 1];
  let s = 0x9e3779b9;
  for (let i = 0; i < 200; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const x = s % w;
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    yield [x, s % h];
  }
}

/**
 * Up to `count` single-pixel changes pixelmatch counts, at different places: the pixel turned white
 * (black if it is light), turned to its inverse, or turned red, whichever pixelmatch counts first.
 * A change pixelmatch takes for anti-aliasing is skipped, as the peers skip it.
 */
export function onePixelChanges(img: RgbaImage, count: number): PixelChange[] {
  const out: PixelChange[] = [];
  for (const [x, y] of places(img)) {
    if (out.length >= count) break;
    if (out.some((c) => c.x === x && c.y === y)) continue;
    const [r, g, b] = colourAt(img, x, y);
    const light = 0.3 * r + 0.59 * g + 0.11 * b > 160;
    const candidates: [string, Rgb][] = [
      [light ? 'black' : 'white', light ? [0, 0, 0] : [255, 255, 255]],
      ['inverted', [255 - r, 255 - g, 255 - b]],
      ['red', [255, 0, 0]],
    ];
    for (const [name, colour] of candidates) {
      const change = { x, y, colour };
      if (pixelmatchCount(img, withPixel(img, change)) === 0) continue;
      out.push({ ...change, label: `(${x}, ${y}) ${name}` });
      break;
    }
  }
  return out;
}

/** A w×h image of one colour, with a horizontal 1-px line of `line` at row `y` when given. */
export function plainImage(w: number, h: number, colour: Rgb, line?: { y: number; colour: Rgb }): RgbaImage {
  const data = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) data.set([...colour, 255], i * 4);
  if (line) for (let x = 0; x < w; x++) data.set([...line.colour, 255], (line.y * w + x) * 4);
  return { width: w, height: h, data };
}
