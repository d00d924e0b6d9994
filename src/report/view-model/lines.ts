// Text as a line diff with context, and line-by-line differences a comparator reported itself
// (PDF text per page), both as removed/added lines.
import type { Difference, OutputComparison } from '../../model/report.js';
import { lineDiff, withContext, type DiffHunkItem } from '../../util/line-diff.js';
import { isDataUrl, unwrapScalar } from './values.js';

/** A diff line, a fold of unchanged lines, or a heading naming where the next lines are. */
export type LineItem = DiffHunkItem | { op: '@'; label: string };

export interface LinesBody {
  kind: 'lines';
  items: LineItem[];
  hiddenItems: number;
  /** no line is added or removed: the values differ only inside line endings or in ways lines do not show */
  noLineDiffers: boolean;
}

const MAX_LINE_ITEMS = 2000;
const CONTEXT_LINES = 3;

export function diffBody(expected: string, actual: string): LinesBody {
  const lines = lineDiff(expected, actual);
  const items = withContext(lines, CONTEXT_LINES);
  return {
    kind: 'lines',
    items: items.slice(0, MAX_LINE_ITEMS),
    hiddenItems: Math.max(0, items.length - MAX_LINE_ITEMS),
    noLineDiffers: !lines.some((l) => l.op !== ' '),
  };
}

/**
 * Two strings drawn as a line diff: text outputs (`isText`, data URLs included), and any other
 * output whose values are plain strings.
 */
export function textBody(o: OutputComparison, isText: boolean): LinesBody | null {
  const e = unwrapScalar(o.expected);
  const a = unwrapScalar(o.actual);
  if (typeof e !== 'string' || typeof a !== 'string') return null;
  if (!isText && (isDataUrl(e) || isDataUrl(a))) return null;
  return diffBody(e, a);
}

/** Differences that carry the expected and actual line themselves, under a heading for each place. */
export function reportedLinesBody(differences: readonly Difference[]): LinesBody | null {
  const lines = differences.filter((d) => typeof d.expected === 'string' || typeof d.actual === 'string');
  if (lines.length === 0) return null;
  const items: LineItem[] = [];
  for (const d of lines) {
    items.push({ op: '@', label: d.path });
    if (typeof d.expected === 'string') items.push({ op: '-', text: d.expected });
    if (typeof d.actual === 'string') items.push({ op: '+', text: d.actual });
  }
  return {
    kind: 'lines',
    items: items.slice(0, MAX_LINE_ITEMS),
    hiddenItems: Math.max(0, items.length - MAX_LINE_ITEMS),
    noLineDiffers: false,
  };
}
