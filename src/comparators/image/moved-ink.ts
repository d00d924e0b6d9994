// The one tolerance pixie adds to pixelmatch's decisions in the default pixel mode: a pixel
// pixelmatch counts passes only on evidence that the same ink moved or was redrawn (a re-render a
// fraction of a pixel off, a font re-hinted, a lossy codec), never because its change is small
// beside its neighbours. A pixel that changed alone always counts. What each rule lets pass, and
// the measurements behind the constants: bench/evidence/image-metrics.md and image-peers.md.
import { SHIFTS } from './rgba.js';

// local constants, not imported bindings, so the loops read them as constants
const SR = SHIFTS.SR,
  SG = SHIFTS.SG,
  SB = SHIFTS.SB;

/** a neighbour that changed the opposite way undid at least this share of the pixel's change */
const TAKEN_BACK = 0.5;
/** where every neighbour changed too, the pixel stands out of their mean change by at most this × threshold */
const NOISE_MARGIN = 1.5;
/** an edge redrawn: the pixel changed along its step to a neighbour by at most this × that step … */
const EDGE_MARGIN = 1.5;
/** … and off that step's direction by at most this × threshold (a change of coverage, not of colour) */
const OFF_EDGE = 0.5;

/** The mean colour of the 3×3 neighbourhood of (x, y), packed like a pixel. */
function neighbourhoodMean(img: Uint32Array, x: number, y: number, w: number, h: number): number {
  if (x > 0 && y > 0 && x < w - 1 && y < h - 1) {
    // inside the image (nearly every pixel): nine reads, no bounds; round(sum / 9) = ⌊(2·sum + 9) / 18⌋
    let r = 0,
      g = 0,
      bl = 0;
    for (let row = (y - 1) * w + x - 1, end = row + 3 * w; row < end; row += w) {
      const p0 = img[row]!;
      const p1 = img[row + 1]!;
      const p2 = img[row + 2]!;
      r += ((p0 >>> SR) & 255) + ((p1 >>> SR) & 255) + ((p2 >>> SR) & 255);
      g += ((p0 >>> SG) & 255) + ((p1 >>> SG) & 255) + ((p2 >>> SG) & 255);
      bl += ((p0 >>> SB) & 255) + ((p1 >>> SB) & 255) + ((p2 >>> SB) & 255);
    }
    return ((((2 * r + 9) / 18) << SR) | (((2 * g + 9) / 18) << SG) | (((2 * bl + 9) / 18) << SB)) >>> 0;
  }
  let r = 0,
    g = 0,
    bl = 0,
    n = 0;
  for (let ny = Math.max(0, y - 1); ny <= Math.min(h - 1, y + 1); ny++)
    for (let nx = Math.max(0, x - 1); nx <= Math.min(w - 1, x + 1); nx++) {
      const p = img[ny * w + nx]!;
      r += (p >>> SR) & 255;
      g += (p >>> SG) & 255;
      bl += (p >>> SB) & 255;
      n++;
    }
  return ((Math.round(r / n) << SR) | (Math.round(g / n) << SG) | (Math.round(bl / n) << SB)) >>> 0;
}

/** Squared YIQ distance of two pixels read as words. */
function colourDelta(pa: number, pb: number): number {
  return yiqDelta(
    ((pa >>> SR) & 255) - ((pb >>> SR) & 255),
    ((pa >>> SG) & 255) - ((pb >>> SG) & 255),
    ((pa >>> SB) & 255) - ((pb >>> SB) & 255),
  );
}

/** Squared YIQ length of a colour difference (pixelmatch's metric). */
function yiqDelta(dr: number, dg: number, db: number): number {
  const y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223;
  const i = dr * 0.59597799 - dg * 0.2741761 - db * 0.32180189;
  const q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694;
  return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q;
}

/**
 * Whether the change (er, eg, eb) of pixel `p` is a change of coverage along its edge to neighbour
 * `q`: along the step from p to q, by at most EDGE_MARGIN × that step, and little across it.
 */
function alongEdge(p: number, q: number, er: number, eg: number, eb: number, maxDelta: number): boolean {
  const sr = ((q >>> SR) & 255) - ((p >>> SR) & 255);
  const sg = ((q >>> SG) & 255) - ((p >>> SG) & 255);
  const sb = ((q >>> SB) & 255) - ((p >>> SB) & 255);
  const ss = sr * sr + sg * sg + sb * sb;
  if (ss === 0) return false;
  const t = (er * sr + eg * sg + eb * sb) / ss;
  return (
    Math.abs(t) <= EDGE_MARGIN && yiqDelta(er - t * sr, eg - t * sg, eb - t * sb) <= OFF_EDGE * OFF_EDGE * maxDelta
  );
}

/** Whether, in both images, pixel (x, y) changed (er, eg, eb) along its edge to some neighbour. */
function redrawnEdge(
  a: Uint32Array,
  b: Uint32Array,
  x: number,
  y: number,
  w: number,
  h: number,
  er: number,
  eg: number,
  eb: number,
  maxDelta: number,
): boolean {
  const i0 = y * w + x;
  let edgeA = false,
    edgeB = false;
  for (let ny = y > 0 ? y - 1 : 0, yEnd = y < h - 1 ? y + 1 : y; ny <= yEnd; ny++) {
    for (let nx = x > 0 ? x - 1 : 0, xEnd = x < w - 1 ? x + 1 : x; nx <= xEnd; nx++) {
      const k = ny * w + nx;
      if (k === i0) continue;
      if (!edgeA) edgeA = alongEdge(a[i0]!, a[k]!, er, eg, eb, maxDelta);
      if (!edgeB) edgeB = alongEdge(b[i0]!, b[k]!, er, eg, eb, maxDelta);
      if (edgeA && edgeB) return true;
    }
  }
  return false;
}

/**
 * Whether the change of pixel (x, y) from `a` to `b`, beyond `maxDelta` (a squared YIQ distance),
 * is the same ink moved: the mean colour of its 3×3 neighbourhood stays within `maxDelta`, and
 * either a neighbour changed the opposite way by at least half as much (ink that passed between
 * them: a line or glyph edge drawn a fraction of a pixel off), or every neighbour changed too and
 * the pixel stands out of their mean change by little (a lossy codec's noise), or, in both
 * images, it changed along its step to a neighbour (more or less of the same edge's ink, not
 * another colour) by at most 1.5 × that step, and a neighbour changed too (an edge redrawn: a
 * PDF's fonts re-embedded render a shade bolder or thinner).
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
  const evidence =
    opposite ||
    (n > 0 &&
      unchanged === 0 &&
      yiqDelta(er - sr / n, eg - sg / n, eb - sb / n) <= NOISE_MARGIN * NOISE_MARGIN * maxDelta) ||
    // an edge drawn a little differently (a font re-embedded, re-hinted): in both images the pixel
    // changed its coverage of an edge it lies on, and it did not change alone
    (unchanged < n && redrawnEdge(a, b, x, y, w, h, er, eg, eb, maxDelta));
  // and ink added or removed shows in the neighbourhood's mean colour, however it is spread (the
  // rule this one tightened, as it was: nothing it counted passes now)
  return evidence && colourDelta(neighbourhoodMean(a, x, y, w, h), neighbourhoodMean(b, x, y, w, h)) <= maxDelta;
}
