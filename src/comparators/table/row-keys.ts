// Every row of a table read once, in the table's own order: its hash, the bucket of rows that share
// its non-numeric cells, and (expected rows) its finite numbers packed row by row into one array of
// doubles; then identical rows paired from those alone. Row matching reads expected rows from the
// packed numbers and actual rows in their order only: visiting rows in another order than they lie
// in memory costs a cache miss per cell, which was most of the time of a million-row matching.
import { ascendingByKey } from './radix.js';
import { type Cell, rowReader } from './read.js';
import { rowColumnsOf } from '../../util/row-columns.js';
import { identicalRows, rowHashes, sameSignature } from './row-hash.js';

/** Slot of a 32-bit hash among 2^bits (Fibonacci hashing: the top bits of a multiply spread any hash). */
const slotOf = (h: number, bits: number): number => Math.imul(h, 0x9e3779b1) >>> (32 - bits);

/** Buckets of rows with the same non-numeric cells (both tables), numbered in order of first appearance. */
export class SignatureIndex {
  readonly reps: Cell[][] = [];
  /** a bucket's rows hold nested values, whose numbers are not packed */
  readonly nested: boolean[] = [];
  private readonly sigs: number[] = [];
  private readonly next: number[] = [];
  private bits = 4;
  private head = new Int32Array(1 << 4).fill(-1);

  /** The bucket of a row whose signature hash is `sig`, created on first sight. */
  find(cells: Cell[], sig: number): number {
    const s = slotOf(sig, this.bits);
    for (let b = this.head[s]!; b !== -1; b = this.next[b]!)
      if (this.sigs[b] === sig && sameSignature(this.reps[b]!, cells)) return b;
    const b = this.reps.length;
    this.reps.push(cells);
    this.nested.push(cells.some((v) => typeof v === 'object' && v !== null));
    this.sigs.push(sig);
    this.next.push(this.head[s]!);
    this.head[s] = b;
    if (this.reps.length * 2 > this.head.length) this.grow();
    return b;
  }

  private grow(): void {
    this.bits++;
    this.head = new Int32Array(1 << this.bits).fill(-1);
    for (let b = 0; b < this.reps.length; b++) {
      const s = slotOf(this.sigs[b]!, this.bits);
      this.next[b] = this.head[s]!;
      this.head[s] = b;
    }
  }

  /** The columns holding a finite number in every row of bucket b. */
  numericColumns(b: number): number[] {
    const rep = this.reps[b]!;
    const cols: number[] = [];
    for (let c = 0; c < rep.length; c++) if (typeof rep[c] === 'number' && Number.isFinite(rep[c])) cols.push(c);
    return cols;
  }
}

export interface PackedRows {
  hash: Int32Array;
  bucket: Int32Array;
  /** row i's cell c at num[i * width + c] when it is a finite number, NaN otherwise (expected rows only) */
  num: number[] | Float64Array;
  width: number;
}

export function packRows(rows: Cell[][], width: number, index: SignatureIndex, numbers: boolean): PackedRows {
  const n = rows.length;
  const pair = new Int32Array(2);
  const hash = new Int32Array(n);
  const bucket = new Int32Array(n);
  // a plain array of doubles when the rows are JavaScript arrays: typed arrays count as external
  // memory, and every 64 MB of that forces a full collection of the whole heap (about a second with
  // two million-row tables alive). Rows held as columns leave the heap small, and there a
  // Float64Array takes half the memory a plain array does while it is filled (util/row-columns.ts).
  const size = numbers ? n * width : 0;
  const num: number[] | Float64Array = rowColumnsOf(rows) ? new Float64Array(size) : new Array(size);
  const row = rowReader(rows);
  for (let i = 0; i < n; i++) {
    const cells = row(i);
    rowHashes(cells, pair);
    hash[i] = pair[0]!;
    bucket[i] = index.find(cells, pair[1]!);
    if (numbers)
      for (let c = 0, at = i * width; c < width; c++, at++) {
        const v = cells[c];
        num[at] = typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN;
      }
  }
  return { hash, bucket, num, width };
}

/**
 * Whether expected row i (packed in `e`, cells `eRow`) and an actual row in bucket `aBucket` are
 * identical: one bucket means the same non-numeric cells, so only the numbers are left to compare.
 */
function sameRow(
  e: PackedRows,
  i: number,
  eRow: Cell[],
  aRow: Cell[],
  aBucket: number,
  index: SignatureIndex,
): boolean {
  const b = e.bucket[i]!;
  if (b !== aBucket) return false;
  for (let c = 0, x = i * e.width; c < e.width; c++, x++) {
    const u = e.num[x]!;
    if (!Number.isNaN(u) && u !== aRow[c]) return false;
  }
  return !index.nested[b] || identicalRows(eRow, aRow);
}

/**
 * Pairs identical rows: each actual row, in order, takes the first identical expected row still
 * free. Both tables sorted by hash (radix), each run of one hash zipped in row order, then every
 * pair confirmed in actual-row order; a run where a confirmation fails (a hash collision) is paired
 * again row by row.
 */
export function pairIdentical(
  E: Cell[][],
  A: Cell[][],
  e: PackedRows,
  a: PackedRows,
  index: SignatureIndex,
  matchE: Int32Array,
  matchA: Int32Array,
): void {
  const byE = ascendingByKey(e.hash);
  const byA = ascendingByKey(a.hash);
  const runs: [number, number, number, number][] = [];
  for (let x = 0, y = 0; x < byE.length && y < byA.length; ) {
    const he = e.hash[byE[x]!]! >>> 0;
    const ha = a.hash[byA[y]!]! >>> 0;
    if (he < ha) x++;
    else if (ha < he) y++;
    else {
      let xe = x;
      while (xe < byE.length && e.hash[byE[xe]!] === e.hash[byE[x]!]) xe++;
      let ye = y;
      while (ye < byA.length && a.hash[byA[ye]!] === a.hash[byA[y]!]) ye++;
      for (let t = 0; t < Math.min(xe - x, ye - y); t++) {
        matchE[byE[x + t]!] = byA[y + t]!;
        matchA[byA[y + t]!] = byE[x + t]!;
      }
      runs.push([x, xe, y, ye]);
      x = xe;
      y = ye;
    }
  }
  const collided = new Set<number>();
  const eRow = rowReader(E);
  const aRow = rowReader(A);
  for (let j = 0; j < A.length; j++) {
    const i = matchA[j]!;
    if (i !== -1 && !sameRow(e, i, eRow(i), aRow(j), a.bucket[j]!, index)) collided.add(a.hash[j]!);
  }
  if (collided.size === 0) return;
  for (const [x, xe, y, ye] of runs) {
    if (!collided.has(e.hash[byE[x]!]!)) continue;
    for (let k = x; k < xe; k++) matchE[byE[k]!] = -1;
    for (let k = y; k < ye; k++) matchA[byA[k]!] = -1;
    // `from` skips the run's paired front, so a run of one row repeated stays linear
    let from = x;
    for (let k = y; k < ye; k++) {
      const j = byA[k]!;
      while (from < xe && matchE[byE[from]!] !== -1) from++;
      for (let m = from; m < xe; m++) {
        const i = byE[m]!;
        if (matchE[i] === -1 && identicalRows(eRow(i), aRow(j))) {
          matchE[i] = j;
          matchA[j] = i;
          break;
        }
      }
    }
  }
}
