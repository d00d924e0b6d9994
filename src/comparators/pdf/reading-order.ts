// Text lines of a page in the order a person reads them, from positioned text pieces (pure): top
// to bottom, left to right, text columns kept whole. Written here because pdf.js gives positions,
// not reading order, and no maintained JavaScript library orders text by layout.

export interface TextPiece {
  str: string;
  /** left end of the baseline, in points from the page's top-left corner */
  x: number;
  y: number;
  width: number;
  /** font size in points */
  size: number;
  /** position in the page's content stream (drawing order) */
  order?: number;
}

interface Segment {
  pieces: TextPiece[];
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  baseline: number;
  size: number;
  words: number;
  /** first and last drawing position of its pieces */
  first: number;
  last: number;
}

const SEGMENT_GAP_EM = 1.5;
const MIN_GUTTER_EM = 1;
const MIN_PROSE_WORDS = 3;
/** a region with more rows than this is read row by row (bounds the recursion on hostile pages) */
const MAX_CUT_ROWS = 400;

function joinPieces(pieces: TextPiece[]): string {
  let out = '';
  let lastEnd: number | null = null;
  for (const p of pieces) {
    if (lastEnd !== null && p.x - lastEnd > p.size * 0.15 && !/\s$/.test(out) && !/^\s/.test(p.str)) out += ' ';
    out += p.str;
    lastEnd = p.x + p.width;
  }
  return out.replace(/[\s\u00a0]+/g, ' ').trim();
}

/** Rows of pieces sharing a baseline (within half the smaller font size), each sorted left to right. */
function rowsOf(pieces: TextPiece[]): TextPiece[][] {
  const sorted = [...pieces].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: TextPiece[][] = [];
  let row: TextPiece[] = [];
  let base = 0;
  for (const p of sorted) {
    if (row.length && Math.abs(p.y - base) > Math.min(p.size, row[0]!.size) * 0.5) {
      rows.push(row);
      row = [];
    }
    if (!row.length) base = p.y;
    row.push(p);
  }
  if (row.length) rows.push(row);
  for (const r of rows) r.sort((a, b) => a.x - b.x);
  return rows;
}

function segmentsOf(pieces: TextPiece[]): Segment[] {
  const out: Segment[] = [];
  for (const row of rowsOf(pieces)) {
    let cur: TextPiece[] = [];
    let end = -Infinity;
    const flush = (): void => {
      if (!cur.length) return;
      const size = Math.max(...cur.map((p) => p.size));
      const baseline = cur[0]!.y;
      const text = joinPieces(cur);
      out.push({
        pieces: cur,
        x0: cur[0]!.x,
        x1: Math.max(...cur.map((p) => p.x + p.width)),
        top: baseline - size * 0.8,
        bottom: baseline + size * 0.2,
        baseline,
        size,
        words: text ? text.split(' ').length : 0,
        first: Math.min(...cur.map((p) => p.order ?? 0)),
        last: Math.max(...cur.map((p) => p.order ?? 0)),
      });
      cur = [];
    };
    for (const p of row) {
      if (cur.length && p.x - end > SEGMENT_GAP_EM * p.size) flush();
      cur.push(p);
      end = Math.max(end, p.x + p.width);
    }
    flush();
  }
  return out;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1]! : 0;
}

/** Gaps in the union of intervals, widest first: [start, end] pairs. */
function gaps(intervals: [number, number][], minWidth: number): [number, number][] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  let reach = sorted[0]?.[1] ?? 0;
  for (const [s, e] of sorted.slice(1)) {
    if (s - reach >= minWidth) out.push([reach, s]);
    reach = Math.max(reach, e);
  }
  return out.sort((a, b) => b[1] - b[0] - (a[1] - a[0]));
}

const prose = (segs: Segment[]): boolean => segs.length >= 2 && median(segs.map((s) => s.words)) >= MIN_PROSE_WORDS;

const lineCount = (segs: Segment[]): number => rowsOf(segs.flatMap((s) => s.pieces)).length;

/** Both sides are blocks of two or more lines, one drawn wholly before the other. */
function drawnApart(left: Segment[], right: Segment[]): boolean {
  if (lineCount(left) < 2 || lineCount(right) < 2) return false;
  const end = (ss: Segment[]) => Math.max(...ss.map((s) => s.last));
  const start = (ss: Segment[]) => Math.min(...ss.map((s) => s.first));
  return end(left) < start(right) || end(right) < start(left);
}

function readRows(segs: Segment[]): string[] {
  const pieces = segs.flatMap((s) => s.pieces);
  return rowsOf(pieces)
    .map((row) => {
      // pieces of one row in different segments are joined with one space
      const parts: TextPiece[][] = [];
      for (const p of row) {
        const last = parts[parts.length - 1];
        const prev = last?.[last.length - 1];
        if (prev && p.x - (prev.x + prev.width) <= SEGMENT_GAP_EM * p.size) last!.push(p);
        else parts.push([p]);
      }
      return parts.map(joinPieces).filter(Boolean).join(' ');
    })
    .filter(Boolean);
}

/**
 * A recursive XY-cut (Nagy & Seth, 1984). Pieces on one baseline with a gap under 1.5 em form a
 * segment; a region splits into columns at the widest vertical gutter no segment crosses when both
 * sides read as prose (a median of three or more words per segment), or when each side has two or
 * more lines and the producer drew one side wholly before the other (an address block beside the
 * invoice number); a table drawn row by row stays rows. Otherwise the region splits into two bands
 * at its widest horizontal gap; what cannot be cut is read row by row.
 */
function order(segs: Segment[]): string[] {
  if (segs.length <= 1) return readRows(segs);
  // every two segments overlap horizontally (the latest start is before the earliest end), so no
  // part of the region has a gutter: the cuts would only be bands, whose rows read as the region's
  // rows do; read them at once (a page of single-column lines in linear time, not a cut per line)
  let latestStart = -Infinity;
  let earliestEnd = Infinity;
  for (const s of segs) {
    if (s.x0 > latestStart) latestStart = s.x0;
    if (s.x1 < earliestEnd) earliestEnd = s.x1;
  }
  if (latestStart <= earliestEnd) return readRows(segs);
  if (new Set(segs.map((s) => Math.round(s.baseline))).size > MAX_CUT_ROWS) return readRows(segs);
  const em = median(segs.map((s) => s.size));
  for (const [start, end] of gaps(
    segs.map((s) => [s.x0, s.x1]),
    MIN_GUTTER_EM * em,
  )) {
    const left = segs.filter((s) => s.x1 <= start);
    const right = segs.filter((s) => s.x0 >= end);
    if ((prose(left) && prose(right)) || drawnApart(left, right)) return [...order(left), ...order(right)];
  }
  const [band] = gaps(
    segs.map((s) => [s.top, s.bottom]),
    0.01,
  );
  if (!band) return readRows(segs);
  const cut = (band[0] + band[1]) / 2;
  return [...order(segs.filter((s) => s.bottom <= cut)), ...order(segs.filter((s) => s.top >= cut))];
}

/** The page's text as lines in reading order, whitespace-normalised, blank lines dropped. */
export function readingOrder(pieces: TextPiece[]): string[] {
  return order(segmentsOf(pieces.filter((p) => p.str.trim() !== '')));
}
