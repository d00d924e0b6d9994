// The one tolerance pixie adds to pixelmatch's decisions in the default pixel mode: a pixel
// pixelmatch counts passes only on evidence that the same ink moved (a re-render a fraction of a
// pixel off, a lossy codec), never because its change is small beside its neighbours. A pixel that
// changed alone always counts. Measurements behind the two constants: bench/evidence/image-metrics.md.
import { SHIFTS } from './rgba.js';

// local constants, not imported bindings, so the loops read them as constants
const SR = SHIFTS.SR,
  SG = SHIFTS.SG,
  SB = SHIFTS.SB;

/** a neighbour that changed the opposite way undid at least this share of the pixel's change */
const TAKEN_BACK = 0.5;
/** where every neighbour changed too, the pixel stands out of their mean change by at most this × threshold */
const NOISE_MARGIN = 1.5;

/** Squared YIQ length of a colour difference (pixelmatch's metric). */
function yiqDelta(dr: number, dg: number, db: number): number {
  const y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223;
  const i = dr * 0.59597799 - dg * 0.2741761 - db * 0.32180189;
  const q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694;
  return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q;
}

/**
 * Whether the change of pixel (x, y) from `a` to `b`, beyond `maxDelta` (a squared YIQ distance),
 * is the same ink moved: the mean colour of its 3×3 neighbourhood stays within `maxDelta`, and
 * either a neighbour changed the opposite way by at least half as much (ink that passed between
 * them: a line or glyph edge drawn a fraction of a pixel off), or every neighbour changed too and
 * the pixel stands out of their mean change by little (a lossy codec's noise).
 */
export function movedInk(
  a: Uint32Array,
  b: Uint32Array,
  x: number,
  y: number,
  w: number,
  h: number,
  maxDelta: number,
): boolean {
  const i0 = y * w + x;
  const pa = a[i0]!;
  const pb = b[i0]!;
  const er = ((pb >>> SR) & 255) - ((pa >>> SR) & 255);
  const eg = ((pb >>> SG) & 255) - ((pa >>> SG) & 255);
  const eb = ((pb >>> SB) & 255) - ((pa >>> SB) & 255);
  // the metric as an inner product, <d, e> = d · (M e): M e once, then three products per neighbour
  const ey = 0.5053 * (er * 0.29889531 + eg * 0.58662247 + eb * 0.11448223);
  const ei = 0.299 * (er * 0.59597799 - eg * 0.2741761 - eb * 0.32180189);
  const eq = 0.1957 * (er * 0.21147017 - eg * 0.52261711 + eb * 0.31114694);
  const mr = ey * 0.29889531 + ei * 0.59597799 + eq * 0.21147017;
  const mg = ey * 0.58662247 - ei * 0.2741761 - eq * 0.52261711;
  const mb = ey * 0.11448223 - ei * 0.32180189 + eq * 0.31114694;
  const takenBack = -TAKEN_BACK * (er * mr + eg * mg + eb * mb);
  let sr = 0,
    sg = 0,
    sb = 0,
    n = 0,
    unchanged = 0,
    opposite = false;
  for (let ny = y > 0 ? y - 1 : 0, yEnd = y < h - 1 ? y + 1 : y; ny <= yEnd; ny++) {
    for (let nx = x > 0 ? x - 1 : 0, xEnd = x < w - 1 ? x + 1 : x; nx <= xEnd; nx++) {
      const k = ny * w + nx;
      if (k === i0) continue;
      n++;
      const qa = a[k]!;
      const qb = b[k]!;
      if (qa === qb) {
        unchanged++;
        continue;
      }
      const dr = ((qb >>> SR) & 255) - ((qa >>> SR) & 255);
      const dg = ((qb >>> SG) & 255) - ((qa >>> SG) & 255);
      const db = ((qb >>> SB) & 255) - ((qa >>> SB) & 255);
      sr += dr;
      sg += dg;
      sb += db;
      if (dr * mr + dg * mg + db * mb <= takenBack) opposite = true;
    }
  }
  // ink added or removed shows in the neighbourhood's mean colour, however it is spread
  if (yiqDelta((er + sr) / (n + 1), (eg + sg) / (n + 1), (eb + sb) / (n + 1)) > maxDelta) return false;
  if (opposite) return true;
  return (
    n > 0 &&
    unchanged === 0 &&
    yiqDelta(er - sr / n, eg - sg / n, eb - sb / n) <= NOISE_MARGIN * NOISE_MARGIN * maxDelta
  );
}
