// Rows of two prepared tables paired in order, by key columns, or as a multiset, with every
// differing cell, missing row and extra row recorded.
import type { DiffCollector } from '../kit/diff-collector.js';
import type { NumericTolerance } from '../kit/numeric-tolerance.js';
import { joinPath } from '../kit/paths.js';
import { shortJson } from '../kit/value.js';
import { cellsWithin, compareCell } from './cells.js';
import { messages } from './messages.js';
import { MISSING, rowContent, rowReader, type Aligned, type Cell, type Col, type Row } from './read.js';
import { matchUnordered } from './unordered.js';

/** Both tables with aligned columns: E[i][c] and A[j][c] are the cells of common column c. */
export interface PreparedTables {
  common: Aligned[];
  missingCols: Col[];
  extraCols: Col[];
  eCols: Col[];
  aCols: Col[];
  E: Cell[][];
  A: Cell[][];
  eRows: Row[];
  aRows: Row[];
  tols: NumericTolerance[];
}

/** What a row comparison found: differences in `c`, and the counts the metric reports. */
export class RowReport {
  rowsMissing = 0;
  rowsExtra = 0;
  cellsDiffer = 0;
  readonly notes: string[] = [];

  constructor(
    readonly p: PreparedTables,
    readonly c: DiffCollector,
  ) {}

  /** Differences that are not about rows: columns on one side only, and the row count. */
  shape(): void {
    const { missingCols, extraCols, E, A } = this.p;
    if (missingCols.length)
      this.c.record({
        path: 'columns',
        message: messages.columnsMissing(missingCols.map((c) => c.name)),
        kind: 'missing',
        expected: missingCols.map((c) => c.name),
      });
    if (extraCols.length)
      this.c.record({
        path: 'columns',
        message: messages.columnsExtra(extraCols.map((c) => c.name)),
        kind: 'extra',
        actual: extraCols.map((c) => c.name),
      });
    if (E.length !== A.length)
      this.c.record({
        path: 'rows',
        message: messages.rowCount(E.length, A.length),
        expected: E.length,
        actual: A.length,
      });
  }

  /** Compares row i of expected with row j of actual; `path` names the row (built only for a difference kept). */
  pair(i: number, j: number, path: string | (() => string), note: string): void {
    const { common, E, A, tols } = this.p;
    const e = E[i]!;
    const a = A[j]!;
    const rowPath = typeof path === 'string' ? () => path : path;
    for (let c = 0; c < common.length; c++) {
      if (e[c] === a[c]) continue;
      if (compareCell(e[c], a[c], tols[c]!, () => joinPath(rowPath(), common[c]!.name), this.c, note))
        this.cellsDiffer++;
    }
  }

  missing(i: number, path: string): void {
    this.rowsMissing++;
    this.cellsDiffer += this.p.common.length;
    const row = rowContent(this.p.eRows[i]!, this.p.eCols);
    this.c.record({
      path,
      message: messages.rowMissing(i, row),
      kind: 'missing',
      expected: row,
    });
  }

  extra(j: number, path: string): void {
    this.rowsExtra++;
    this.cellsDiffer += this.p.common.length;
    const row = rowContent(this.p.aRows[j]!, this.p.aCols);
    this.c.record({
      path,
      message: messages.rowExtra(j, row),
      kind: 'extra',
      actual: row,
    });
  }
}

/**
 * Rows in order. A table whose rows are all there but in another order says so in its metric, with
 * the fix, beside its cell differences (of which the first are kept): found in linear time from the
 * rows' hashes, or, when most rows are out of place and numbers moved within tolerance, by the
 * matching of unordered mode.
 */
export function compareOrderedRows(r: RowReport): void {
  const { E, A, tols } = r.p;
  const n = Math.min(E.length, A.length);
  const differing: number[] = [];
  const eRow = rowReader(E);
  const aRow = rowReader(A);
  for (let i = 0; i < n; i++) if (!cellsWithin(eRow(i), aRow(i), tols)) differing.push(i);
  if (differing.length && E.length === A.length) {
    // the same rows exactly, or (when most rows moved) within tolerance; the search stops at the
    // first row sure to stay unpaired
    const exactOnly = differing.length * 2 <= n;
    const { matchA } = matchUnordered(E, A, tols, { exactOnly, stopWhenUnpaired: true });
    const reordered = matchA.every((i) => i !== -1);
    if (reordered) r.notes.push(messages.reordered(differing.length, n));
  }
  for (const i of differing) r.pair(i, i, () => `rows[${i}]`, '');
  for (let i = n; i < E.length; i++) r.missing(i, `rows[${i}]`);
  for (let j = n; j < A.length; j++) r.extra(j, `rows[${j}]`);
}

const keyedRowPath = (k: string, occurrence: number): string =>
  `rows[key=${k}${occurrence > 0 ? `#${occurrence + 1}` : ''}]`;

/**
 * A key that is not unique: its rows pair as a multiset (the same matching as unordered mode), so
 * identical tables still match; what is left over pairs in order and is reported cell by cell.
 */
function compareDuplicateKey(r: RowReport, k: string, es: number[], as: number[]): void {
  const { E, A, tols } = r.p;
  const sub = matchUnordered(
    es.map((i) => E[i]!),
    as.map((j) => A[j]!),
    tols,
  );
  const leftE = es.filter((_, x) => sub.matchE[x] === -1);
  const leftA = as.filter((_, y) => sub.matchA[y] === -1);
  let occurrence = 0;
  for (let x = 0; x < es.length; x++) if (sub.matchE[x] !== -1) occurrence++;
  const n = Math.min(leftE.length, leftA.length);
  for (let x = 0; x < n; x++)
    r.pair(leftE[x]!, leftA[x]!, keyedRowPath(k, occurrence++), messages.keyNotUnique(leftE[x]!, leftA[x]!, k));
  for (let x = n; x < leftE.length; x++) r.missing(leftE[x]!, keyedRowPath(k, occurrence++));
  for (let x = n; x < leftA.length; x++) r.extra(leftA[x]!, keyedRowPath(k, occurrence++));
}

/** Row indices grouped by the text of their key cells, in order of first appearance. */
function groupByKey(rows: Cell[][], keyIdx: number[]): Map<string, number[]> {
  const keyOf = (cells: Cell[]): string =>
    keyIdx
      .map((c) => {
        const v = cells[c];
        return typeof v === 'string' ? v : v === MISSING ? '∅' : shortJson(v, 60);
      })
      .join(',');
  const m = new Map<string, number[]>();
  rows.forEach((cells, i) => {
    const k = keyOf(cells);
    const l = m.get(k);
    if (l) l.push(i);
    else m.set(k, [i]);
  });
  return m;
}

/** Rows paired by the cells of the key columns (`keyIdx`: their indices among the common columns). */
export function compareKeyedRows(r: RowReport, keyIdx: number[]): void {
  const eg = groupByKey(r.p.E, keyIdx);
  const ag = groupByKey(r.p.A, keyIdx);
  const duplicated: string[] = [];
  for (const [k, es] of eg) {
    const as = ag.get(k) ?? [];
    if (es.length > 1 || as.length > 1) {
      duplicated.push(messages.duplicateKey(k, es.length, as.length));
      compareDuplicateKey(r, k, es, as);
    } else if (as.length === 1) r.pair(es[0]!, as[0]!, keyedRowPath(k, 0), '');
    else r.missing(es[0]!, keyedRowPath(k, 0));
  }
  for (const [k, as] of ag) {
    if (eg.has(k)) continue;
    if (as.length > 1) duplicated.push(messages.duplicateKey(k, 0, as.length));
    as.forEach((j, x) => r.extra(j, keyedRowPath(k, x)));
  }
  if (duplicated.length) r.notes.push(messages.duplicateKeys(duplicated));
}

/** The first finite number of a row, to pair leftover rows by nearest value. */
function sortKey(cells: Cell[]): number {
  for (const v of cells) if (typeof v === 'number' && Number.isFinite(v)) return v;
  return 0;
}

export function compareUnorderedRows(r: RowReport): void {
  const { E, A, tols } = r.p;
  const { matchE, matchA, incomplete, buckets } = matchUnordered(E, A, tols);
  if (incomplete) r.notes.push(messages.matchingStopped());
  // leftovers that share their non-numeric cells are paired by nearest pivot value and reported
  // cell by cell (more useful than "missing" + "extra" for a number just out of tolerance)
  for (const b of buckets) {
    const es = b.e.filter((i) => matchE[i] === -1);
    const as = b.a.filter((j) => matchA[j] === -1);
    const n = Math.min(es.length, as.length);
    if (n === 0) continue;
    es.sort((x, y) => sortKey(E[x]!) - sortKey(E[y]!));
    as.sort((x, y) => sortKey(A[x]!) - sortKey(A[y]!));
    for (let k = 0; k < n; k++) {
      const i = es[k]!;
      const j = as[k]!;
      matchE[i] = j;
      matchA[j] = i;
      r.rowsMissing++;
      r.rowsExtra++;
      r.pair(i, j, `rows[${i}]`, messages.nearestRow(j));
    }
  }
  for (let i = 0; i < E.length; i++) if (matchE[i] === -1) r.missing(i, `rows[${i}]`);
  for (let j = 0; j < A.length; j++) if (matchA[j] === -1) r.extra(j, `rows[${j}]`);
}
