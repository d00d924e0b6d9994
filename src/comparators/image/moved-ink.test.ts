// What the default pixel mode forgives beyond pixelmatch's anti-aliasing (moved-ink.ts): ink that
// moved, an edge redrawn a little differently, and a lossy codec's noise; never a pixel that changed
// alone, nor a whole row of ink added along an edge.
import { describe, expect, it } from 'vitest';
import { pixelmatchCount, plainImage, withPixel } from '../../../test/helpers/image-variants.js';
import { pixelDiff } from './pixel-diff.js';
import type { RgbaImage } from './rgba.js';

const diff = (a: RgbaImage, b: RgbaImage) => pixelDiff(a, b, { threshold: 0.1, antialiasing: true });
const white = (): RgbaImage => plainImage(16, 16, [255, 255, 255]);

/** A 4×6 blue bar on white, `rows` rows tall from row 9 up. */
function bar(rows: number): RgbaImage {
  let img = white();
  for (let y = 10 - rows; y < 10; y++)
    for (let x = 6; x < 10; x++) img = withPixel(img, { x, y, colour: [37, 99, 235] });
  return img;
}

describe('moved ink', () => {
  it('two neighbours that swap colours are the same ink moved', () => {
    const a = withPixel(white(), { x: 7, y: 7, colour: [40, 40, 40] });
    const b = withPixel(white(), { x: 8, y: 7, colour: [40, 40, 40] });
    expect(diff(a, b)).toMatchObject({ differing: 0, moved: 2 });
  });

  it('a pixel that changed alone counts as pixelmatch counts it, whatever its colour and wherever it is', () => {
    for (const [x, y] of [
      [0, 0],
      [7, 7],
      [15, 3],
    ] as const)
      for (const colour of [
        [0, 0, 0],
        [200, 200, 200],
        [255, 0, 0],
      ] as const) {
        const changed = withPixel(bar(4), { x, y, colour });
        // exactly what pixelmatch counts (it takes some such pixels for anti-aliasing)
        expect(diff(bar(4), changed).differing, `(${x}, ${y})`).toBe(pixelmatchCount(bar(4), changed));
      }
    // on the bar's edge, turned to the colour beside it: still one pixel, counted
    expect(diff(bar(4), withPixel(bar(4), { x: 6, y: 6, colour: [255, 255, 255] })).differing).toBe(1);
  });

  it('a bar one row taller is ink added along its edge, not moved: every pixel of the row counts', () => {
    expect(diff(bar(4), bar(5)).differing).toBe(4);
  });

  it('an edge drawn a little darker along its length passes (a font re-hinted); one such pixel alone counts', () => {
    // a dark stem (column 7) with an anti-aliased edge (column 8), rows 3..12, on paper with a fine
    // grain (no flat area beside the edge, so pixelmatch does not take it for anti-aliasing)
    const stem = (edge: number, rows = [3, 12]): RgbaImage => {
      let img = white();
      for (let y = 0; y < 16; y++)
        for (let x = 0; x < 16; x++) if ((x + y) % 2) img = withPixel(img, { x, y, colour: [247, 247, 247] });
      for (let y = 3; y <= 12; y++) img = withPixel(img, { x: 7, y, colour: [30, 30, 30] });
      for (let y = rows[0]!; y <= rows[1]!; y++) img = withPixel(img, { x: 8, y, colour: [edge, edge, edge] });
      return img;
    };
    const [thin, bold] = [stem(160), stem(125)];
    expect(pixelmatchCount(thin, bold)).toBeGreaterThan(0);
    expect(diff(thin, bold)).toMatchObject({ differing: 0 });
    // the same darkening of one pixel of the edge, its neighbours unchanged
    const one = withPixel(thin, { x: 8, y: 7, colour: [125, 125, 125] });
    expect(diff(thin, one).differing).toBe(pixelmatchCount(thin, one));
  });

  it("a lossy codec's noise passes, and a pixel that stands out of it does not", () => {
    const base = plainImage(16, 16, [120, 160, 200]);
    const noisy = Uint8Array.from(base.data);
    let s = 7;
    for (let i = 0; i < noisy.length; i++) {
      if (i % 4 === 3) continue;
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      noisy[i] = noisy[i]! + ((s >>> 24) % 9) - 4;
    }
    // one pixel just past the threshold amid the noise (as JPEG's chroma leaves at a colour edge)
    noisy.set([120 + 30, 160 - 17, 200 - 36], (8 * 16 + 8) * 4);
    const lossy = { ...base, data: noisy };
    expect(diff(base, lossy)).toMatchObject({ differing: 0, moved: 1 });
    expect(diff(base, withPixel(lossy, { x: 8, y: 8, colour: [255, 255, 255] })).differing).toBe(1);
  });
});
