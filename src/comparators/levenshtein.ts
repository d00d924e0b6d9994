// Levenshtein edit distance for the text comparator: the bounded form decides `compare: levenshtein`,
// the unbounded one scores a failed exact comparison (texts up to 10 kB). Kept by hand rather than
// fastest-levenshtein, measured side by side in bench/levenshtein.ts (same distance on every pair):
// the library has no bound, and the banded form is 10-50x faster on 100 kB texts at min_similarity
// 0.9-0.99; unbounded, this is 10x faster on near-equal 10 kB texts (the usual failed comparison)
// and between even and 2x slower on two unrelated 10 kB texts (tens of ms either way).

/**
 * Edit distance in UTF-16 code units: Myers' bit-parallel algorithm in Hyyrö's multi-word form (as in
 * edlib and fastest-levenshtein), 32 DP rows per machine word, after trimming the common prefix and suffix.
 */
export function levenshtein(x: string, y: string): number {
  // Ukkonen's doubling: near-equal strings finish in a narrow band; total work ≤ ~1.3× the last pass
  for (let k = Math.max(64, Math.abs(x.length - y.length)); ; k *= 4) {
    const r = boundedLevenshtein(x, y, k);
    if (r.exact) return r.distance;
  }
}

/**
 * The distance when it is ≤ maxDistance (`exact: true`); otherwise `exact: false` and `distance`
 * = maxDistance + 1. Only the diagonal band a path of cost ≤ maxDistance can cross is computed
 * (Ukkonen's cut-off, block-wise as edlib does): with min_similarity 0.9 on 100 kB strings that is
 * about a tenth of the grid. Cells outside the band are over-estimated (a dropped block's row is
 * assumed to grow by one per column, a new block to grow by one per row), which can only raise
 * values, so every in-band cell on a path of cost ≤ maxDistance is exact.
 */
export function boundedLevenshtein(x: string, y: string, maxDistance: number): { distance: number; exact: boolean } {
  let start = 0;
  const minLen = Math.min(x.length, y.length);
  while (start < minLen && x.charCodeAt(start) === y.charCodeAt(start)) start++;
  let endX = x.length;
  let endY = y.length;
  while (endX > start && endY > start && x.charCodeAt(endX - 1) === y.charCodeAt(endY - 1)) {
    endX--;
    endY--;
  }
  let a = x.slice(start, endX);
  let b = y.slice(start, endY);
  if (a.length > b.length) [a, b] = [b, a];
  const m = a.length;
  const n = b.length;
  const lengthGap = n - m;
  const over = { distance: maxDistance + 1, exact: false };
  if (lengthGap > maxDistance) return over;
  if (m === 0) return { distance: n, exact: true };

  // a path of cost ≤ k through row i, column j has |j − i| + |(n − j) − (m − i)| ≤ k
  const k = Math.min(maxDistance, n);
  const up = Math.floor((k + lengthGap) / 2); // rows i ≥ j − up
  const down = Math.floor((k - lengthGap) / 2); // rows i ≤ j + down
  const blocks = (m + 31) >>> 5;
  const peq = new Map<number, Int32Array>();
  for (let i = 0; i < m; i++) {
    const c = a.charCodeAt(i);
    let row = peq.get(c);
    if (!row) {
      row = new Int32Array(blocks);
      peq.set(c, row);
    }
    row[i >>> 5]! |= 1 << (i & 31);
  }
  const none = new Int32Array(blocks);
  const P = new Int32Array(blocks).fill(-1);
  const M = new Int32Array(blocks);
  // D at the bottom row of each block for the previous column (column 0: D[i][0] = i)
  const bottom = new Int32Array(blocks);
  for (let blk = 0; blk < blocks; blk++) bottom[blk] = Math.min(32 * (blk + 1), m);
  const last = blocks - 1;
  const lastMask = 1 << ((m - 1) & 31);
  let activeLast = Math.min(last, Math.floor(down / 32));
  for (let j = 1; j <= n; j++) {
    const first = Math.max(0, Math.ceil((j - up) / 32) - 1);
    const lastHere = Math.min(last, Math.floor((j + down - 1) / 32));
    while (activeLast < lastHere) {
      activeLast++;
      P[activeLast] = -1;
      M[activeLast] = 0;
      bottom[activeLast] = bottom[activeLast - 1]! + Math.min(32 * (activeLast + 1), m) - 32 * activeLast;
    }
    const eqRow = peq.get(b.charCodeAt(j - 1)) ?? none;
    let hin = 1; // row 0 grows by one per column; above a dropped block we assume the same
    for (let blk = first; blk <= lastHere; blk++) {
      const Pv = P[blk]!;
      const Mv = M[blk]!;
      let Eq = eqRow[blk]!;
      const Xv = Eq | Mv;
      if (hin < 0) Eq |= 1;
      // the addition may carry past 32 bits; `^` truncates to int32, which drops the carry as intended
      const Xh = (((Eq & Pv) + Pv) ^ Pv) | Eq;
      let Ph = Mv | ~(Xh | Pv);
      let Mh = Pv & Xh;
      if (blk === last) {
        if (Ph & lastMask) bottom[blk]!++;
        else if (Mh & lastMask) bottom[blk]!--;
      }
      const hout = Ph >>> 31 ? 1 : Mh >>> 31 ? -1 : 0;
      if (blk !== last) bottom[blk]! += hout;
      Ph = (Ph << 1) | (hin > 0 ? 1 : 0);
      Mh = (Mh << 1) | (hin < 0 ? 1 : 0);
      P[blk] = Mh | ~(Xv | Ph);
      M[blk] = Ph & Xv;
      hin = hout;
    }
  }
  const distance = bottom[last]!;
  return distance <= maxDistance ? { distance, exact: true } : over;
}

export function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - levenshtein(a, b) / longest;
}
