// SSIM of two images of the same size: luma, downsampled as Wang's reference ssim.m does, uniform
// 8×8 windows stepped by 4 px from 4×4 cell sums, the mean over windows. Why these choices:
// bench/evidence/image-metrics.md.
import { lumaOf as importedLumaOf, pixels32, type RgbaImage } from './rgba.js';

// a local constant, not an imported binding, so the plane loop inlines it (imported: 1.8x slower)
const lumaOf = importedLumaOf;

export interface SsimComparison {
  ssim: number;
  windows: number;
  /** the downsampling factor used (1 = full resolution) */
  scale: number;
  /** the worst window, for the report */
  worst: { x: number; y: number; width: number; height: number; ssim: number };
}

const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;
const CELL = 4;

/** Wang's reference ssim.m downsamples by round(min(w, h) / 256) so the windows match viewing distance. */
function ssimScale(width: number, height: number): number {
  return Math.max(1, Math.round(Math.min(width, height) / 256));
}

/** Luma averaged over f×f blocks (the remainder rows/columns are dropped, as in ssim.m). */
function lumaPlane(p32: Uint32Array, w: number, h: number, f: number): Float32Array {
  const dw = Math.floor(w / f),
    dh = Math.floor(h / f);
  const out = new Float32Array(dw * dh);
  if (f === 1) {
    for (let i = 0; i < out.length; i++) out[i] = lumaOf(p32[i]!);
    return out;
  }
  const inv = 1 / (f * f);
  for (let dy = 0; dy < dh; dy++) {
    for (let y = dy * f; y < dy * f + f; y++) {
      const row = y * w;
      for (let dx = 0; dx < dw; dx++) {
        let sum = 0;
        for (let i = row + dx * f, end = i + f; i < end; i++) sum += lumaOf(p32[i]!);
        out[dy * dw + dx]! += sum * inv;
      }
    }
  }
  return out;
}

/** Images must have the same size. `scale` overrides the automatic downsampling factor. */
export function ssim(a: RgbaImage, b: RgbaImage, scale = ssimScale(a.width, a.height)): SsimComparison {
  const f = Math.max(1, Math.min(scale, a.width, a.height));
  const w = Math.floor(a.width / f),
    h = Math.floor(a.height / f);
  const la = lumaPlane(pixels32(a), a.width, a.height, f);
  const lb = lumaPlane(pixels32(b), b.width, b.height, f);
  const ncx = Math.ceil(w / CELL);
  const ncy = Math.ceil(h / CELL);
  const cells = ncx * ncy;
  const sx = new Float64Array(cells),
    sy = new Float64Array(cells);
  const sxx = new Float64Array(cells),
    syy = new Float64Array(cells),
    sxy = new Float64Array(cells);
  for (let cy = 0; cy < ncy; cy++) {
    const y0 = cy * CELL;
    const y1 = Math.min(h, y0 + CELL);
    for (let cx = 0; cx < ncx; cx++) {
      const x0 = cx * CELL;
      const x1 = Math.min(w, x0 + CELL);
      let tx = 0,
        ty = 0,
        txx = 0,
        tyy = 0,
        txy = 0;
      for (let y = y0; y < y1; y++) {
        for (let i = y * w + x0, end = y * w + x1; i < end; i++) {
          const lx = la[i]!;
          const ly = lb[i]!;
          tx += lx;
          ty += ly;
          txx += lx * lx;
          tyy += ly * ly;
          txy += lx * ly;
        }
      }
      const c = cy * ncx + cx;
      sx[c] = tx;
      sy[c] = ty;
      sxx[c] = txx;
      syy[c] = tyy;
      sxy[c] = txy;
    }
  }
  // windows = 2×2 cells (8×8 px) at every cell position; images under 8 px get one clipped window
  const nwx = Math.max(1, ncx - 1);
  const nwy = Math.max(1, ncy - 1);
  let total = 0;
  const worst = { x: 0, y: 0, width: 0, height: 0, ssim: Infinity };
  for (let wy = 0; wy < nwy; wy++) {
    const cy1 = Math.min(wy + 1, ncy - 1);
    const py0 = wy * CELL;
    const ph = Math.min(h, (cy1 + 1) * CELL) - py0;
    for (let wx = 0; wx < nwx; wx++) {
      const cx1 = Math.min(wx + 1, ncx - 1);
      const px0 = wx * CELL;
      const pw = Math.min(w, (cx1 + 1) * CELL) - px0;
      let tx = 0,
        ty = 0,
        txx = 0,
        tyy = 0,
        txy = 0;
      for (let cy = wy; cy <= cy1; cy++) {
        for (let cx = wx; cx <= cx1; cx++) {
          const c = cy * ncx + cx;
          tx += sx[c]!;
          ty += sy[c]!;
          txx += sxx[c]!;
          tyy += syy[c]!;
          txy += sxy[c]!;
        }
      }
      const n = pw * ph;
      const mx = tx / n,
        my = ty / n;
      const vx = txx / n - mx * mx,
        vy = tyy / n - my * my,
        cov = txy / n - mx * my;
      const s = ((2 * mx * my + C1) * (2 * cov + C2)) / ((mx * mx + my * my + C1) * (vx + vy + C2));
      total += s;
      if (s < worst.ssim) {
        worst.x = px0 * f;
        worst.y = py0 * f;
        worst.width = pw * f;
        worst.height = ph * f;
        worst.ssim = s;
      }
    }
  }
  const windows = nwx * nwy;
  return { ssim: total / windows, windows, worst, scale: f };
}
