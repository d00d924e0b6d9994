// The diff image a reviewer sees: the expected image faded to 10 % grey, differing pixels red,
// tolerated ones (anti-aliasing, shifts) yellow, ignore regions hatched. For different sizes the
// canvas covers both; the overlap is compared pixel by pixel and the area only one image covers is
// magenta.
import type { Region } from '../kit/regions.js';
import { clipRegion } from '../kit/regions.js';
import { MASK } from './pixel-diff.js';
import { lumaOf, packRgba, pixels32, sameSize, type RgbaImage } from './rgba.js';

const RED = packRgba(255, 0, 0, 255);
const YELLOW = packRgba(255, 255, 0, 255);
const MAGENTA = packRgba(255, 0, 255, 255);
const HATCH = packRgba(96, 112, 160, 255);
/** faded grey for each luma level: the expected image at 10 % contrast over white */
const FADED = Uint32Array.from({ length: 256 }, (_, y) => {
  const g = Math.round(255 + (y - 255) * 0.1);
  return packRgba(g, g, g, 255);
});

/**
 * The same-size case in one pass. Runs of unchanged pixels of one colour (most of a screenshot) are
 * filled in a loop of their own, faded once per run.
 */
function fadedOrMarked(out: Uint32Array, e32: Uint32Array, a32: Uint32Array, mask: Uint8Array | null): void {
  const n = out.length;
  for (let i = 0; i < n; i++) {
    const pe = e32[i]!;
    const m = mask ? mask[i]! : pe === a32[i]! ? MASK.same : MASK.differs;
    if (m === MASK.differs) out[i] = RED;
    else if (m === MASK.tolerated || m === MASK.antialiased) out[i] = YELLOW;
    else {
      let end = i + 1;
      if (mask) while (end < n && e32[end] === pe && mask[end] === MASK.same) end++;
      else while (end < n && e32[end] === pe && a32[end] === pe) end++;
      out.fill(FADED[lumaOf(pe)]!, i, end);
      i = end - 1;
    }
  }
}

export function renderDiff(
  expected: RgbaImage,
  actual: RgbaImage,
  opts: { mask?: Uint8Array | null; regions?: readonly Region[] } = {},
): RgbaImage {
  const width = Math.max(expected.width, actual.width);
  const height = Math.max(expected.height, actual.height);
  const out = new Uint32Array(width * height);
  const e32 = pixels32(expected);
  const a32 = pixels32(actual);
  if (sameSize(expected, actual)) fadedOrMarked(out, e32, a32, opts.mask ?? null);
  else {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const o = y * width + x;
        if (x >= expected.width || y >= expected.height || x >= actual.width || y >= actual.height) {
          out[o] = MAGENTA;
          continue;
        }
        const pe = e32[y * expected.width + x]!;
        out[o] = pe === a32[y * actual.width + x]! ? FADED[lumaOf(pe)]! : RED;
      }
    }
  }
  // hatched with diagonal stripes, so an ignored area is never mistaken for an unchanged one
  for (const r of opts.regions ?? []) {
    const c = clipRegion(r, width, height);
    if (!c) continue;
    for (let y = c.y0; y < c.y1; y++) for (let x = c.x0; x < c.x1; x++) if ((x + y) % 6 < 2) out[y * width + x] = HATCH;
  }
  return { width, height, data: new Uint8Array(out.buffer) };
}
