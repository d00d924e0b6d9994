// Every row of a table read once, in the table's own order: its hash, the bucket of rows that share
// its non-numeric cells, and its finite numbers packed row by row into one Float64Array. Row
// matching then works on these arrays alone: visiting rows in another order than they lie in memory
// costs a cache miss per cell, which was most of the time of a million-row matching.
import type { Cell } from './read.js';
import { identicalRows, rowHashes, sameSignature } from './row-hash.js';

/** Slot of a 32-bit hash among 2^bits (Fibonacci hashing: the top bits of a multiply spread any hash). */
export const slotOf = (h: number, bits: number): number => Math.imul(h, 0x9e3779b1) >>> (32 - bits);
/** Slot bits for about n entries at a load of at most one half. */
export const slotBits = (n: number): number => Math.max(4, Math.ceil(Math.log2(2 * n + 1)));

/** Buckets of rows with the same non-numeric cells (both tables), numbered in order of first appearance. */
export class SignatureIndex {
  readonly reps: Cell[][] = [];
  /** a bucket's rows hold nested values, whose numbers are not packed */
  readonly nested: boolean[] = [];
  private readonly sigs: number[] = [];
  private readonly next: number[] = [];
  private readonly head: Int32Array;

  constructor(private readonly bits: number) {
    this.head = new Int32Array(1 << bits).fill(-1);
  }

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
    return b;
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
  rows: Cell[][];
  width: number;
  hash: Int32Array;
  bucket: Int32Array;
  /** row i's cell c at num[i * width + c] when it is a finite number, NaN otherwise */
  num: Float64Array;
}

export function packRows(rows: Cell[][], width: number, index: SignatureIndex): PackedRows {
  const n = rows.length;
  const pair = new Int32Array(2);
  const hash = new Int32Array(n);
  const bucket = new Int32Array(n);
  const num = new Float64Array(n * width).fill(Number.NaN);
  for (let i = 0; i < n; i++) {
    const cells = rows[i]!;
    rowHashes(cells, pair);
    hash[i] = pair[0]!;
    bucket[i] = index.find(cells, pair[1]!);
    for (let c = 0, at = i * width; c < cells.length; c++, at++) {
      const v = cells[c];
      if (typeof v === 'number' && Number.isFinite(v)) num[at] = v;
    }
  }
  return { rows, width, hash, bucket, num };
}

/** Whether row i of `e` and row j of `a` are identical (the same cells, −0 equal to 0, NaN to NaN). */
export function sameRow(e: PackedRows, i: number, a: PackedRows, j: number, index: SignatureIndex): boolean {
  const b = e.bucket[i]!;
  if (b !== a.bucket[j]) return false;
  // one bucket: the same non-numeric cells; what is left is the numbers
  for (let c = 0, x = i * e.width, y = j * a.width; c < e.width; c++, x++, y++) {
    const u = e.num[x]!;
    const v = a.num[y]!;
    if (u !== v && (u === u || v === v)) return false;
  }
  return !index.nested[b] || identicalRows(e.rows[i]!, a.rows[j]!);
}
