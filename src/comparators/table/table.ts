// The table comparator: columns matched by name (key, then label), numeric cells (at any depth)
// under the shared abs-OR-rel rule with per-column overrides, and rows compared in order, by key
// columns, or as a multiset (unordered.ts).
import type { OutputType } from '../../model/manifest.js';
import { DiffCollector } from '../kit/diff-collector.js';
import { garbageResult, skipped, statusFrom, unknownModeResult } from '../kit/result.js';
import type { Comparator, ComparisonResult } from '../types.js';
import type { Tolerance } from '../../model/tolerance.js';
import { rowColumnsOf } from '../../util/row-columns.js';
import { ignoredFieldsOf } from '../kit/ignore-fields.js';
import { TableFieldIgnoring } from './ignored-fields.js';
import { messages } from './messages.js';
import { TABLE_MODES, TABLE_OPTIONS, tableSettings, type RowMode } from './options.js';
import { alignColumns, type Cell, cellOf, deriveColumns, readTable, type Col, type Row, type Side } from './read.js';
import { compareKeyedRows, compareOrderedRows, compareUnorderedRows, RowReport, type PreparedTables } from './rows.js';

type Settings = Extract<ReturnType<typeof tableSettings>, { problem: null }>;

/** Columns aligned (ignored ones dropped) and cells read, or a sentence naming a column the tolerance names but the table lacks. */
function prepareTables(
  eSide: Side,
  aSide: Side,
  s: Settings,
  fields: TableFieldIgnoring | null,
): PreparedTables | string {
  const ignoreSet = new Set(s.ignored);
  const keep = (c: Col): boolean =>
    !(
      ignoreSet.has(c.name) ||
      (c.key !== undefined && ignoreSet.has(c.key)) ||
      (c.label !== undefined && ignoreSet.has(c.label)) ||
      (fields?.ignoresColumn(c) ?? false)
    );
  const eColsAll = deriveColumns(eSide, aSide);
  const aColsAll = deriveColumns(aSide, eSide);
  const knows = (name: string): boolean =>
    [...eColsAll, ...aColsAll].some((c) => c.name === name || c.key === name || c.label === name);
  const unknownNames = [...ignoreSet, ...s.columns.keys(), ...(s.mode.kind === 'keyed' ? s.mode.key : [])].filter(
    (n) => !knows(n),
  );
  if (unknownNames.length) {
    return messages.unknownColumns(
      unknownNames,
      eColsAll.map((c) => c.name),
    );
  }
  const eCols = eColsAll.filter(keep);
  const aCols = aColsAll.filter(keep);
  const { common, missing: missingCols, extra: extraCols } = alignColumns(eCols, aCols);
  const tols = common.map(
    (c) => s.columns.get(c.name) ?? s.columns.get(c.e.label ?? '') ?? s.columns.get(c.e.key ?? '') ?? s.base,
  );
  const cells = {
    E: cellsOf(
      eSide.rows,
      common.map((c) => c.e),
    ),
    A: cellsOf(
      aSide.rows,
      common.map((c) => c.a),
    ),
  };
  const { E, A } = fields ? fields.pruneCells(common, cells.E, cells.A) : cells;
  return { common, missingCols, extraCols, eCols, aCols, E, A, eRows: eSide.rows, aRows: aSide.rows, tols };
}

/**
 * Each row's cells in the order of `cols`. Array rows whose columns are already in that order are
 * used as they are: a copy of a million-row table is memory the comparison does not need.
 */
function cellsOf(rows: Row[], cols: Col[]): Cell[][] {
  const held = rowColumnsOf(rows);
  const alike = held
    ? held.keys === null && held.width === cols.length
    : rows.every((r) => Array.isArray(r) && r.length === cols.length);
  const inPlace = cols.every((c, k) => c.pos === k) && alike;
  return inPlace ? (rows as Cell[][]) : rows.map((r) => cols.map((c) => cellOf(r, c)));
}

/** Pairs the rows as the mode says; a problem when key columns are not in both tables. */
function compareRows(r: RowReport, mode: RowMode): string | null {
  if (mode.kind === 'ordered') compareOrderedRows(r);
  else if (mode.kind === 'unordered') compareUnorderedRows(r);
  else {
    const keyIdx = mode.key.map((k) => r.p.common.findIndex((c) => c.name === k || c.e.key === k || c.e.label === k));
    const absentKey = mode.key.filter((_, x) => keyIdx[x]! < 0);
    if (absentKey.length) return messages.keyColumnsAbsent(absentKey);
    compareKeyedRows(r, keyIdx);
  }
  return null;
}

/** "N of M cells differ", with unmatched rows, one-sided columns and notes; the score is the share of equal cells. */
function summarise(
  r: RowReport,
  rule: string,
  tolerance: Tolerance,
  echo: { expected: unknown; actual: unknown },
): ComparisonResult {
  const { common, missingCols, extraCols, E, A } = r.p;
  const width = common.length + missingCols.length + extraCols.length;
  const totalCells = Math.max(E.length, A.length) * width;
  const colCells = missingCols.length * E.length + extraCols.length * A.length;
  const differing = Math.min(totalCells, r.cellsDiffer + colCells);
  const ok = r.c.recorded === 0;
  const metric = messages.metric(
    differing,
    totalCells,
    { missing: r.rowsMissing, extra: r.rowsExtra },
    { missing: missingCols.length, extra: extraCols.length },
    r.notes,
  );
  const score = ok ? 1 : totalCells === 0 ? 0 : Math.max(0, Math.min(0.999, 1 - differing / totalCells));
  return {
    status: statusFrom(ok),
    score,
    metric,
    rule,
    expected: echo.expected,
    actual: echo.actual,
    tolerance,
    differences: r.c.list(),
  };
}

/**
 * Compares two table values under a table tolerance. Exported for the file comparator (CSV).
 * `expected`/`actual` in the result are `echo` (defaults to the values given).
 */
export function compareTableValues(
  expected: unknown,
  actual: unknown,
  tolerance: Tolerance,
  echo = { expected, actual },
): ComparisonResult {
  const s = tableSettings(tolerance);
  const fail = (message: string): ComparisonResult =>
    garbageResult(message, echo.expected, echo.actual, tolerance, s.rule);
  if (s.problem !== null) return fail(s.problem);
  const eSide = readTable('expected', expected);
  if (typeof eSide === 'string') return fail(eSide);
  const aSide = readTable('actual', actual);
  if (typeof aSide === 'string') return fail(aSide);
  const patterns = ignoredFieldsOf(tolerance);
  const fields = patterns ? new TableFieldIgnoring(patterns) : null;
  const p = prepareTables(eSide, aSide, s, fields);
  if (typeof p === 'string') return fail(p);
  const r = new RowReport(p, new DiffCollector({}, 'rows'));
  r.shape();
  const problem = compareRows(r, s.mode);
  if (problem) return fail(problem);
  const result = summarise(r, s.rule, tolerance, echo);
  return fields ? fields.pruner.annotate(fields.patterns, result, echo) : result;
}

export const tableComparator: Comparator = {
  name: 'table',
  types: ['table'],
  modes: TABLE_MODES,
  options: TABLE_OPTIONS,
  messages,
  defaults(_type: OutputType): Tolerance {
    return { compare: 'rows_ordered', abs: 1e-6 };
  },
  compare({ expected, actual, tolerance }): ComparisonResult {
    const mode = tolerance.compare;
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    if (mode !== undefined && !(TABLE_MODES as readonly string[]).includes(mode))
      return unknownModeResult(mode, TABLE_MODES, expected, actual, tolerance);
    return compareTableValues(expected, actual, tolerance);
  },
};
