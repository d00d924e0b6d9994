// Text as a line diff with context, and line-by-line differences a comparator reported itself
// (PDF text per page), both as removed/added lines. A changed line that holds characters a reader
// cannot see, or that differs from its counterpart only in characters that print alike, is shown
// quoted with those characters escaped (util/visible-text.ts), so the two never look identical.
import type { Difference, OutputComparison } from '../../model/report.js';
import { type DiffHunkItem, type DiffLine, lineDiff, withContext } from '../../util/line-diff.js';
import { hasHidden, visibleJson, visiblePair } from '../../util/visible-text.js';
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

/**
 * Each run of removed and added lines with the n-th removed line paired with the n-th added one:
 * a pair that differs invisibly, or a line with a hidden character, is replaced by its quoted form.
 */
function showHidden(items: LineItem[]): LineItem[] {
  const out = items.slice();
  let k = 0;
  while (k < out.length) {
    if (out[k]!.op !== '-' && out[k]!.op !== '+') {
      k++;
      continue;
    }
    const removed: number[] = [];
    const added: number[] = [];
    for (; k < out.length && (out[k]!.op === '-' || out[k]!.op === '+'); k++)
      (out[k]!.op === '-' ? removed : added).push(k);
    const text = (i: number): string => (out[i] as DiffLine).text;
    const set = (i: number, t: string): void => {
      out[i] = { ...(out[i] as DiffLine), text: t };
    };
    for (let p = 0; p < Math.max(removed.length, added.length); p++) {
      const e = removed[p];
      const a = added[p];
      if (e !== undefined && a !== undefined) {
        const [qe, qa] = visiblePair(text(e), text(a));
        if (qe !== JSON.stringify(text(e)) || qa !== JSON.stringify(text(a))) {
          set(e, qe);
          set(a, qa);
        }
      } else {
        const i = (e ?? a)!;
        if (hasHidden(text(i))) set(i, visibleJson(text(i)));
      }
    }
  }
  return out;
}

export function diffBody(expected: string, actual: string): LinesBody {
  const lines = lineDiff(expected, actual);
  const items = showHidden(withContext(lines, CONTEXT_LINES));
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
  const shown = showHidden(items);
  return {
    kind: 'lines',
    items: shown.slice(0, MAX_LINE_ITEMS),
    hiddenItems: Math.max(0, shown.length - MAX_LINE_ITEMS),
    noLineDiffers: false,
  };
}
