// The one line diff: the text comparator lists differing lines from it and both HTML views draw it.
// jsdiff's Myers diff aligns the lines between the common prefix and suffix; past an edit budget it
// gives up (its cost grows with the square of the edits) and callers pick their own fallback.
import { diffArrays } from 'diff';

/** One line of a diff; `e` and `a` are 1-based line numbers in expected and actual. */
export interface DiffLine {
  op: ' ' | '-' | '+';
  text: string;
  e?: number;
  a?: number;
}

export type DiffHunkItem = DiffLine | { op: '…'; skipped: number };

/** ~0.2 s of Myers at worst on 2 shared cores; beyond it a line alignment is rarely worth reading. */
const MAX_LINE_EDITS = 2000;

type Op = { op: ' ' | '-' | '+'; text: string };

/** How many lines the two lists share at the start, and then at the end. */
export function commonEnds(E: readonly string[], A: readonly string[]): { start: number; suffix: number } {
  let start = 0;
  while (start < E.length && start < A.length && E[start] === A[start]) start++;
  let suffix = 0;
  while (
    suffix < E.length - start &&
    suffix < A.length - start &&
    E[E.length - 1 - suffix] === A[A.length - 1 - suffix]
  )
    suffix++;
  return { start, suffix };
}

/**
 * Every line of expected and actual in order, or null when aligning them would take more than
 * `maxEdits` removed plus added lines. Inside a changed block, additions come before removals.
 */
export function diffLineLists(
  E: readonly string[],
  A: readonly string[],
  maxEdits = MAX_LINE_EDITS,
): DiffLine[] | null {
  const { start, suffix } = commonEnds(E, A);
  const middleE = E.slice(start, E.length - suffix);
  const middleA = A.slice(start, A.length - suffix);
  const ops: Op[] = [];
  if (middleE.length + middleA.length > 0) {
    // only added or only removed lines need no alignment, however many
    const changes =
      middleE.length === 0 || middleA.length === 0
        ? [{ added: middleA.length > 0, removed: middleE.length > 0, value: [...middleE, ...middleA] }]
        : diffArrays(middleE, middleA, { maxEditLength: maxEdits });
    if (!changes) return null;
    for (const c of changes) {
      const op = c.added ? '+' : c.removed ? '-' : ' ';
      for (const text of c.value) ops.push({ op, text });
    }
  }
  const out: DiffLine[] = [];
  let e = 0;
  let a = 0;
  const common = (text: string) => out.push({ op: ' ', text, e: ++e, a: ++a });
  for (let i = 0; i < start; i++) common(E[i]!);
  let block: Op[] = [];
  const flush = () => {
    for (const x of block) if (x.op === '+') out.push({ op: '+', text: x.text, a: ++a });
    for (const x of block) if (x.op === '-') out.push({ op: '-', text: x.text, e: ++e });
    block = [];
  };
  for (const x of ops) {
    if (x.op === ' ') {
      flush();
      common(x.text);
    } else block.push(x);
  }
  flush();
  for (let i = E.length - suffix; i < E.length; i++) common(E[i]!);
  return out;
}

/** The view's diff of two texts: past the edit budget, the differing middle as added then removed. */
export function lineDiff(expected: string, actual: string, maxEdits = MAX_LINE_EDITS): DiffLine[] {
  const E = expected.split('\n');
  const A = actual.split('\n');
  const aligned = diffLineLists(E, A, maxEdits);
  if (aligned) return aligned;
  const { start, suffix } = commonEnds(E, A);
  const out: DiffLine[] = [];
  for (let i = 0; i < start; i++) out.push({ op: ' ', text: E[i]!, e: i + 1, a: i + 1 });
  for (let j = start; j < A.length - suffix; j++) out.push({ op: '+', text: A[j]!, a: j + 1 });
  for (let i = start; i < E.length - suffix; i++) out.push({ op: '-', text: E[i]!, e: i + 1 });
  for (let i = E.length - suffix, j = A.length - suffix; i < E.length; i++, j++)
    out.push({ op: ' ', text: E[i]!, e: i + 1, a: j + 1 });
  return out;
}

/** Keeps `context` unchanged lines around each change and folds the rest into "… N unchanged". */
export function withContext(lines: readonly DiffLine[], context = 3): DiffHunkItem[] {
  const keep = new Array<boolean>(lines.length).fill(false);
  lines.forEach((l, i) => {
    if (l.op !== ' ')
      for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) keep[k] = true;
  });
  const out: DiffHunkItem[] = [];
  let skipped = 0;
  lines.forEach((l, i) => {
    if (keep[i]) {
      if (skipped) {
        out.push({ op: '…', skipped });
        skipped = 0;
      }
      out.push(l);
    } else skipped++;
  });
  if (skipped) out.push({ op: '…', skipped });
  return out;
}
