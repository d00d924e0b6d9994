// Tables: the expected table with each differing cell carrying its change and missing rows marked,
// plus both tables with the cells and rows that differ, for reviewers who want the actual rows too.
import type { Difference, OutputComparison } from '../../model/report.js';
import { differenceKind, type DifferenceKind } from './differences.js';
import { isObject } from './values.js';
import { stringifyJson } from '../../util/python-json.js';
import { visiblePair } from '../../util/visible-text.js';

interface TableColumn {
  key: string;
  label: string;
}

export interface CellChange {
  kind: DifferenceKind;
  expected: unknown;
  actual: unknown;
  message: string;
  /** both sides quoted with what prints alike escaped, when two strings would otherwise look the same */
  shown?: { expected: string; actual: string };
}

/** The change with `shown` set when its two strings differ in ways a reader could not see. */
function withShown(change: CellChange): CellChange {
  const { expected: e, actual: a } = change;
  if (typeof e !== 'string' || typeof a !== 'string' || e === a) return change;
  const [qe, qa] = visiblePair(e, a);
  return qe === JSON.stringify(e) && qa === JSON.stringify(a)
    ? change
    : { ...change, shown: { expected: qe, actual: qa } };
}

interface TableRowView {
  index: number;
  /** 'missing': the row has no counterpart in actual */
  state: 'same' | 'missing';
  cells: { value: unknown; change: CellChange | null }[];
}

/** One side drawn as it is, with the cells and whole rows the differences name. */
export interface TableSide {
  columns: TableColumn[];
  rows: { index: number; marked: boolean; cells: { value: unknown; marked: boolean }[] }[];
  hiddenRows: number;
}

export interface TableBody {
  kind: 'table';
  columns: TableColumn[];
  rows: TableRowView[];
  hiddenRows: number;
  expected: TableSide;
  actual: TableSide;
}

const MAX_TABLE_ROWS = 500;

interface TableValue {
  columns: TableColumn[];
  rows: unknown[];
}

function readTable(v: unknown): TableValue | null {
  const rows = Array.isArray(v) ? v : isObject(v) && Array.isArray(v.rows) ? v.rows : null;
  if (!rows) return null;
  const declared = isObject(v) && Array.isArray(v.columns) ? (v.columns as unknown[]) : null;
  let columns: TableColumn[];
  if (declared) {
    columns = declared.map((c, i) =>
      typeof c === 'string'
        ? { key: c, label: c }
        : isObject(c)
          ? { key: String(c.key ?? c.label ?? i), label: String(c.label ?? c.key ?? i) }
          : { key: String(i), label: String(i) },
    );
  } else {
    const first = rows[0];
    columns = isObject(first)
      ? Object.keys(first).map((k) => ({ key: k, label: k }))
      : Array.isArray(first)
        ? first.map((_, i) => ({ key: String(i), label: String(i) }))
        : [];
  }
  return { columns, rows };
}

function cellOf(row: unknown, column: TableColumn, index: number): unknown {
  if (Array.isArray(row)) return row[index];
  if (isObject(row)) return column.key in row ? row[column.key] : row[column.label];
  return index === 0 ? row : undefined;
}

// rows[3], rows[key=2025] or rows[key=a,b#2], then optionally .column or ["column name"]
const ROW_PATH = /^rows\[(\d+|key=[^\]]*)\](?:\.([A-Za-z_$][\w$-]*)|\[("(?:[^"\\]|\\.)*")\])?$/;

/** The row a `rows[…]` selector names in this table: an index, or the nth row whose key cells read `key`. */
function rowIndex(selector: string, table: TableValue, keyColumns: readonly string[]): number | null {
  if (/^\d+$/.test(selector)) return Number(selector);
  const m = /^key=(.*?)(?:#(\d+))?$/.exec(selector);
  if (!m || keyColumns.length === 0) return null;
  const wanted = m[1]!;
  let occurrence = Number(m[2] ?? 1);
  const columns = keyColumns.map((k) => table.columns.findIndex((c) => c.key === k || c.label === k));
  if (columns.some((c) => c < 0)) return null;
  for (let i = 0; i < table.rows.length; i++) {
    const key = columns
      .map((c) => {
        const v = cellOf(table.rows[i], table.columns[c]!, c);
        return typeof v === 'string' ? v : stringifyJson(v);
      })
      .join(',');
    if (key === wanted && --occurrence === 0) return i;
  }
  return null;
}

interface Marks {
  changes: Map<string, CellChange>;
  expectedCells: Set<string>;
  actualCells: Set<string>;
  missingRows: Set<number>;
  extraRows: Set<number>;
  others: Difference[];
}

const at = (row: number, column: string) => `${row}\u0000${column}`;

/** Where each difference lands: a cell of both tables, a missing or extra row, or the list below. */
function locate(o: OutputComparison, expected: TableValue, actual: TableValue | null): Marks {
  const key = isObject(o.tolerance) ? o.tolerance.key : undefined;
  const keyColumns = Array.isArray(key) ? key.map(String) : typeof key === 'string' ? [key] : [];
  const marks: Marks = {
    changes: new Map(),
    expectedCells: new Set(),
    actualCells: new Set(),
    missingRows: new Set(),
    extraRows: new Set(),
    others: [],
  };
  for (const d of o.differences ?? []) {
    const m = ROW_PATH.exec(d.path);
    if (!m) {
      marks.others.push(d);
      continue;
    }
    const kind = differenceKind(d);
    const column = m[2] ?? (m[3] !== undefined ? (JSON.parse(m[3]) as string) : null);
    const eRow = rowIndex(m[1]!, expected, keyColumns);
    const aRow = actual ? rowIndex(m[1]!, actual, keyColumns) : null;
    if (column === null) {
      // a whole extra row lives only in actual, so it is listed as well as marked there
      if (kind === 'missing' && eRow !== null) marks.missingRows.add(eRow);
      else if (kind === 'extra' && aRow !== null) {
        marks.extraRows.add(aRow);
        marks.others.push(d);
      } else marks.others.push(d);
      continue;
    }
    if (eRow === null) {
      marks.others.push(d);
      continue;
    }
    marks.changes.set(at(eRow, column), { kind, expected: d.expected, actual: d.actual, message: d.message });
    marks.expectedCells.add(at(eRow, column));
    if (aRow !== null) marks.actualCells.add(at(aRow, column));
  }
  return marks;
}

function side(table: TableValue, cells: ReadonlySet<string>, rows: ReadonlySet<number>): TableSide {
  return {
    columns: table.columns,
    rows: table.rows.slice(0, MAX_TABLE_ROWS).map((r, index) => ({
      index,
      marked: rows.has(index),
      cells: table.columns.map((c, ci) => ({
        value: cellOf(r, c, ci),
        marked: cells.has(at(index, c.key)) || cells.has(at(index, c.label)),
      })),
    })),
    hiddenRows: Math.max(0, table.rows.length - MAX_TABLE_ROWS),
  };
}

/** The table body, or null when expected is not a table; `others` are the differences it cannot draw. */
export function tableBody(o: OutputComparison): { body: TableBody; others: Difference[] } | null {
  const expected = readTable(o.expected);
  if (!expected) return null;
  const actual = readTable(o.actual);
  const marks = locate(o, expected, actual);
  const changeAt = (row: number, c: TableColumn) =>
    marks.changes.get(at(row, c.key)) ?? marks.changes.get(at(row, c.label)) ?? null;
  const rows = expected.rows.slice(0, MAX_TABLE_ROWS).map(
    (r, index): TableRowView => ({
      index,
      state: marks.missingRows.has(index) ? 'missing' : 'same',
      cells: expected.columns.map((c, ci) => {
        const value = cellOf(r, c, ci);
        const change = changeAt(index, c);
        // a change's expected side is the cell itself when the comparator did not repeat it
        return {
          value,
          change: !change
            ? null
            : withShown(
                change.expected === undefined && change.kind !== 'extra' ? { ...change, expected: value } : change,
              ),
        };
      }),
    }),
  );
  return {
    body: {
      kind: 'table',
      columns: expected.columns,
      rows,
      hiddenRows: Math.max(0, expected.rows.length - MAX_TABLE_ROWS),
      expected: side(expected, marks.expectedCells, marks.missingRows),
      actual: side(actual ?? { columns: [], rows: [] }, marks.actualCells, marks.extraRows),
    },
    others: marks.others,
  };
}
