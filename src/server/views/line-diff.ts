// A line diff for the dashboard: common prefix and suffix trimmed, then a longest-common-subsequence
// table over the middle while it stays small; beyond that the middle is shown as removed + added.

export interface DiffLine { op: ' ' | '-' | '+'; text: string; e?: number; a?: number }

const MAX_CELLS = 4_000_000;

export function lineDiff(expected: string, actual: string): DiffLine[] {
  const E = expected.split('\n');
  const A = actual.split('\n');
  let start = 0;
  while (start < E.length && start < A.length && E[start] === A[start]) start++;
  let endE = E.length;
  let endA = A.length;
  while (endE > start && endA > start && E[endE - 1] === A[endA - 1]) { endE--; endA--; }
  const out: DiffLine[] = [];
  for (let i = 0; i < start; i++) out.push({ op: ' ', text: E[i]!, e: i + 1, a: i + 1 });
  const n = endE - start;
  const m = endA - start;
  if (n * m <= MAX_CELLS) {
    // lcs[i][j] = LCS length of E[start+i..endE) and A[start+j..endA)
    const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i]![j] = E[start + i] === A[start + j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && E[start + i] === A[start + j]) { out.push({ op: ' ', text: E[start + i]!, e: start + i + 1, a: start + j + 1 }); i++; j++; }
      else if (j < m && (i >= n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) { out.push({ op: '+', text: A[start + j]!, a: start + j + 1 }); j++; }
      else { out.push({ op: '-', text: E[start + i]!, e: start + i + 1 }); i++; }
    }
  } else {
    for (let i = start; i < endE; i++) out.push({ op: '-', text: E[i]!, e: i + 1 });
    for (let j = start; j < endA; j++) out.push({ op: '+', text: A[j]!, a: j + 1 });
  }
  for (let i = endE, j = endA; i < E.length; i++, j++) out.push({ op: ' ', text: E[i]!, e: i + 1, a: j + 1 });
  // removals before additions inside each changed block reads best
  return out;
}

export type DiffHunkItem = DiffLine | { op: '…'; skipped: number };

/** Keeps `context` unchanged lines around each change and folds the rest. */
export function withContext(lines: DiffLine[], context = 3): DiffHunkItem[] {
  const keep = new Array<boolean>(lines.length).fill(false);
  lines.forEach((l, i) => {
    if (l.op !== ' ') for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) keep[k] = true;
  });
  const out: DiffHunkItem[] = [];
  let skipped = 0;
  lines.forEach((l, i) => {
    if (keep[i]) {
      if (skipped) { out.push({ op: '…', skipped }); skipped = 0; }
      out.push(l);
    } else skipped++;
  });
  if (skipped) out.push({ op: '…', skipped });
  return out;
}
