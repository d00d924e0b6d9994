// "Did you mean" suggestions for misspelt keys and type names. Written by hand rather than pulling
// a dependency: it is twenty lines, runs on tiny inputs (a key against a few dozen candidates), and
// we want transpositions ("lable" → "label") to cost one edit, which plain Levenshtein does not.

/** Optimal-string-alignment Damerau-Levenshtein distance (insert, delete, substitute, swap adjacent). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => {
    const row = new Array<number>(cols).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j < cols; j++) d[0]![j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The closest candidate, or undefined when nothing is close enough. The allowed distance grows with
 * the word (1 edit up to 4 characters, then about a third of the length, at most 4) so short words
 * are not "corrected" into unrelated ones. Case and '-' vs '_' differences are free.
 */
export function suggest(word: string, candidates: Iterable<string>): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/-/g, '_');
  const w = norm(word);
  if (!w) return undefined;
  const limit = w.length <= 4 ? 1 : Math.min(4, Math.ceil(w.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const c = norm(candidate);
    // lengths that differ by more than the limit cannot be close; skipping them also keeps a
    // 10 MB key in a hostile file from building a 10-million-row distance table
    if (Math.abs(c.length - w.length) > limit) continue;
    const distance = c === w ? 0 : editDistance(w, c);
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
