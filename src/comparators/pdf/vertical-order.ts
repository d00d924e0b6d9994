// Vertical writing (CJK text drawn in a vertical font, Identity-V and the other -V encodings) in
// the order a person reads it: columns right to left, each top to bottom, tiers of columns from
// the top. A column ends where the line would wrap in horizontal text, so the columns of a tier
// are read as one text (no space between them, as Japanese wraps; a column in another font size,
// a heading, stands apart) and cut into lines after each sentence (。！？). It is compared in NFKC
// and without spaces: a font's Unicode map gives the vertical presentation forms (︒ ︵ ︙) or the
// full-width characters (。（ …) for the same glyphs, pdf.js puts spaces where glyphs are spaced,
// and a resave may change both. How a producer split the text into drawing operations then does
// not matter: a ghostscript resave draws each glyph with the ' operator, and pdf.js reads a whole paragraph of
// such glyphs as one run across its columns. Written here for the same reason as reading-order.ts:
// pdf.js gives positions, not reading order.

/** A run of glyphs drawn top to bottom, in points from the page's top-left corner. */
export interface VerticalPiece {
  str: string;
  /** the middle of the column (a vertical font's origin is its glyphs' top centre) */
  x: number;
  /** the top of the first glyph */
  y: number;
  /** how far down the run reaches */
  height: number;
  /** font size in points (the column's width) */
  size: number;
}

/** a band this many ems high that no column crosses separates two tiers */
const TIER_GAP_EM = 1.5;
/** where a line ends: after a sentence's full stop, exclamation or question mark (and closing quotes) */
const SENTENCE_END = /(?<=[。！？!?][」』)]*)(?![」』)])/u;

/** Groups of pieces whose spans along one axis are separated by gaps of at least `gap`, in order. */
function split<T>(items: T[], from: (t: T) => number, to: (t: T) => number, gap: (t: T) => number): T[][] {
  const sorted = [...items].sort((a, b) => from(a) - from(b));
  const out: T[][] = [];
  let reach = -Infinity;
  for (const t of sorted) {
    if (!out.length || from(t) - reach >= gap(t)) out.push([]);
    out[out.length - 1]!.push(t);
    reach = Math.max(reach, to(t));
  }
  return out;
}

function columnText(pieces: VerticalPiece[]): string {
  return [...pieces]
    .sort((a, b) => a.y - b.y)
    .map((p) => p.str)
    .join('');
}

/** The vertical text of a page as lines, a sentence each, in reading order. */
export function verticalOrder(pieces: VerticalPiece[]): string[] {
  const kept = pieces.filter((p) => p.str.trim() !== '');
  const lines: string[] = [];
  // tiers: bands of the page no column crosses, top to bottom
  for (const tier of split(
    kept,
    (p) => p.y,
    (p) => p.y + p.height,
    (p) => TIER_GAP_EM * p.size,
  )) {
    // columns: runs whose middles lie within half a glyph of each other, right to left
    const columns = split(
      tier,
      (p) => -p.x,
      (p) => -p.x,
      (p) => p.size / 2,
    );
    // a column in another font size (a heading beside the body) is a text of its own
    const texts: { text: string; size: number }[] = [];
    for (const column of columns) {
      const size = Math.max(...column.map((p) => p.size));
      const last = texts[texts.length - 1];
      if (last && Math.abs(last.size - size) <= 0.1 * size) last.text += columnText(column);
      else texts.push({ text: columnText(column), size });
    }
    for (const { text } of texts)
      for (const line of text.normalize('NFKC').split(SENTENCE_END)) {
        const t = line.replace(/\s+/gu, '');
        if (t) lines.push(t);
      }
  }
  return lines;
}
