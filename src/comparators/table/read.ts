// Reading a table value: `{columns, rows}` or a bare row list, rows as arrays or objects, columns
// as names or `{key, label}`; columns of the two sides are aligned by key, then by label.
import { isPlainObject } from '../../util/is-plain-object.js';
import { itemReader, rowColumnsOf } from '../../util/row-columns.js';
import { messages } from './messages.js';

/** A cell a row does not have (shorter array row, object row without the key). */
export const MISSING: unique symbol = Symbol('missing cell');
export type Cell = unknown;
export type Row = unknown[] | Record<string, unknown>;

/**
 * Row i of a table's rows as arrays of cells. Rows held as columns are made from the columns, not
 * through their Proxy's traps (util/row-columns.ts).
 */
export function rowReader(rows: readonly Cell[][]): (i: number) => Cell[] {
  return itemReader(rows) as (i: number) => Cell[];
}

export interface Col {
  name: string;
  key?: string;
  label?: string;
  pos: number;
}
export interface Side {
  columns: Col[] | null;
  rows: Row[];
}

function readColumns(which: 'expected' | 'actual', cols: unknown): Col[] | string {
  if (!Array.isArray(cols)) return messages.columnsNotAList(which, cols);
  const out: Col[] = [];
  for (let i = 0; i < cols.length; i++) {
    const c = cols[i];
    if (typeof c === 'string') {
      out.push({ name: c, key: c, pos: i });
      continue;
    }
    if (isPlainObject(c)) {
      const key = typeof c.key === 'string' ? c.key : typeof c.key === 'number' ? String(c.key) : undefined;
      const label = typeof c.label === 'string' ? c.label : undefined;
      const name = key ?? label;
      if (name !== undefined) {
        out.push({ name, pos: i, ...(key !== undefined && { key }), ...(label !== undefined && { label }) });
        continue;
      }
      return messages.columnUnnamed(which, i);
    }
    return messages.notAColumn(which, i, c);
  }
  return out;
}

export function readTable(which: 'expected' | 'actual', v: unknown): Side | string {
  let rows: unknown;
  let columns: Col[] | null = null;
  if (Array.isArray(v)) rows = v;
  else if (isPlainObject(v)) {
    if (!('rows' in v)) return messages.noRows(which, Object.keys(v));
    rows = v.rows;
    if (v.columns !== undefined && v.columns !== null) {
      const cols = readColumns(which, v.columns);
      if (typeof cols === 'string') return cols;
      columns = cols;
    }
  } else return messages.notATable(which, v);
  if (!Array.isArray(rows)) return messages.rowsNotAList(which, rows);
  // rows held as columns are all arrays or all objects (util/row-columns.ts)
  if (rowColumnsOf(rows)) return { columns, rows: rows as Row[] };
  for (let i = 0; i < rows.length; i++) {
    const r: unknown = rows[i];
    if (!Array.isArray(r) && !isPlainObject(r)) return messages.notARow(which, i, r);
  }
  return { columns, rows: rows as Row[] };
}

/** Columns of a side that declares none: object rows give the union of their keys. */
export function deriveColumns(side: Side, other: Side): Col[] {
  if (side.columns) return side.columns;
  const held = rowColumnsOf(side.rows);
  if (held?.keys) return held.keys.map((k) => ({ name: k, key: k, pos: -1 }));
  if (held && other.columns) return other.columns;
  if (held) return Array.from({ length: held.width }, (_, i) => ({ name: String(i), key: String(i), pos: i }));
  const objectRows = side.rows.filter(isPlainObject);
  if (objectRows.length === 0 && other.columns) return other.columns;
  const seen = new Map<string, Col>();
  let width = 0;
  for (const r of side.rows) {
    if (Array.isArray(r)) width = Math.max(width, r.length);
    else for (const k of Object.keys(r)) if (!seen.has(k)) seen.set(k, { name: k, key: k, pos: -1 });
  }
  const cols = [...seen.values()];
  for (let i = 0; i < width; i++) if (!seen.has(String(i))) cols.push({ name: String(i), key: String(i), pos: i });
  return cols;
}

export function cellOf(row: Row, col: Col): Cell {
  if (Array.isArray(row)) return col.pos >= 0 && col.pos < row.length ? row[col.pos] : MISSING;
  if (col.key !== undefined) {
    const v = row[col.key];
    if (v !== undefined || Object.hasOwn(row, col.key)) return v;
  }
  if (col.label !== undefined && Object.hasOwn(row, col.label)) return row[col.label];
  return MISSING;
}

export function rowContent(row: Row, cols: Col[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of cols) {
    const v = cellOf(row, c);
    if (v !== MISSING) out[c.name] = v;
  }
  return out;
}

export interface Aligned {
  name: string;
  e: Col;
  a: Col;
}

/** Match by key first, then fall back to label (either side's key or label). */
export function alignColumns(eCols: Col[], aCols: Col[]): { common: Aligned[]; missing: Col[]; extra: Col[] } {
  const usedA = new Set<Col>();
  const pair = new Map<Col, Col>();
  const byKey = new Map<string, Col>();
  for (const c of aCols) if (c.key !== undefined && !byKey.has(c.key)) byKey.set(c.key, c);
  for (const c of eCols) {
    const hit = c.key !== undefined ? byKey.get(c.key) : undefined;
    if (hit && !usedA.has(hit)) {
      pair.set(c, hit);
      usedA.add(hit);
    }
  }
  for (const c of eCols) {
    if (pair.has(c)) continue;
    const names = [c.label, c.key].filter((x): x is string => x !== undefined);
    const hit = aCols.find((x) => !usedA.has(x) && names.some((n) => n === x.label || n === x.key));
    if (hit) {
      pair.set(c, hit);
      usedA.add(hit);
    }
  }
  const common: Aligned[] = [];
  const missing: Col[] = [];
  for (const c of eCols) {
    const a = pair.get(c);
    if (a) common.push({ name: c.name, e: c, a });
    else missing.push(c);
  }
  return { common, missing, extra: aCols.filter((c) => !usedA.has(c)) };
}
