// Every sentence the table comparator writes (table.ts, options.ts, read.ts, cells.ts, rows.ts).
import { describeNumericTolerance, formatAbsDiff, type NumericTolerance } from '../kit/numeric-tolerance.js';
import { describeValue, shortJson, shortPair, typeName } from '../kit/value.js';
import type { MessageTable } from '../../util/message-table.js';
import type { Numeric } from '../../util/json-number.js';

type Side = 'expected' | 'actual';

export const messages = {
  // the tolerance (options.ts, table.ts)
  keyNotAList: (v: unknown) => `tolerance key must be a list of column names, got ${shortJson(v, 60)}`,
  rowsNotAnOrder: (v: unknown) => `tolerance rows must be "ordered" or "unordered", got ${shortJson(v, 60)}`,
  keyedNeedsKey: () => 'compare: keyed needs key: [column, ...]',
  unknownMode: (mode: string) => `unknown compare mode '${mode}'`,
  columnsNotAMap: (v: unknown) => `tolerance columns must map column names to {abs, rel}, got ${describeValue(v)}`,
  columnNotATolerance: (name: string, v: unknown) =>
    `tolerance columns.${name} must be {abs, rel}, got ${describeValue(v)}`,
  ignoreNotAList: (v: unknown) => `tolerance ignore_columns must be a list of column names, got ${shortJson(v, 60)}`,
  unknownColumns: (names: string[], columns: string[]) =>
    `tolerance names column(s) the table does not have: ${names.map((n) => JSON.stringify(n)).join(', ')} (columns: ${columns.join(', ')})`,
  keyColumnsAbsent: (names: string[]) => `key column(s) ${names.join(', ')} must be present in both tables`,
  /** the rule: how rows pair (`key` when keyed, else `order`), the cells' tolerance, per-column overrides, ignored columns */
  rule: (
    order: string,
    key: string[] | null,
    cells: NumericTolerance,
    columns: ReadonlyMap<string, NumericTolerance>,
    ignored: string[],
  ) => {
    let text = `${key ? `rows keyed by [${key.join(', ')}]` : `rows ${order}`}, cells ${describeNumericTolerance(cells)}`;
    for (const [name, t] of columns) text += `; column ${name} ${describeNumericTolerance(t)}`;
    if (ignored.length) text += `; ignoring columns [${ignored.join(', ')}]`;
    return text;
  },
  // reading a table (read.ts)
  columnsNotAList: (side: Side, v: unknown) => `${side}.columns is ${describeValue(v)}, expected an array`,
  columnUnnamed: (side: Side, i: number) => `${side}.columns[${i}] has neither a string key nor a label`,
  notAColumn: (side: Side, i: number, v: unknown) =>
    `${side}.columns[${i}] is ${describeValue(v)}, expected a string or {key, label}`,
  noRows: (side: Side, keys: string[]) => `${side} table has no rows (got an object with keys ${shortJson(keys, 60)})`,
  notATable: (side: Side, v: unknown) => `${side} is ${describeValue(v)}, expected a table {columns, rows}`,
  rowsNotAList: (side: Side, v: unknown) => `${side}.rows is ${describeValue(v)}, expected an array`,
  notARow: (side: Side, i: number, v: unknown) =>
    `${side}.rows[${i}] is ${describeValue(v)}, expected an array or an object`,
  // cells and rows (cells.ts, rows.ts); `note` says how the rows were paired, or is empty
  cellExtra: (note: string) => `not expected (cell absent in expected)${note}`,
  cellMissing: (note: string) => `missing in actual${note}`,
  numbersDiffer: (e: Numeric, a: Numeric, absDiff: string, note: string) =>
    `expected ${e}, got ${a} (abs diff ${formatAbsDiff(absDiff)})${note}`,
  cellsDiffer: (e: unknown, a: unknown, note: string) =>
    (typeName(e) !== typeName(a)
      ? `expected ${typeName(e)} ${shortJson(e, 60)}, got ${typeName(a)} ${shortJson(a, 60)}`
      : `expected ${shortPair(e, a, 80).join(', got ')}`) + note,
  columnsMissing: (names: string[]) => `columns missing in actual: ${names.join(', ')}`,
  columnsExtra: (names: string[]) => `columns not expected (extra in actual): ${names.join(', ')}`,
  rowCount: (e: number, a: number) => `row count differs: expected ${e}, got ${a}`,
  rowMissing: (i: number, row: Record<string, unknown>) =>
    `row missing in actual: expected row ${i} ${shortJson(row, 200)}`,
  rowExtra: (j: number, row: Record<string, unknown>) =>
    `row not expected (extra in actual): actual row ${j} ${shortJson(row, 200)}`,
  nearestRow: (j: number) => ` (no actual row within tolerance; nearest is actual row ${j})`,
  keyNotUnique: (i: number, j: number, key: string) =>
    ` (expected row ${i}, actual row ${j}; key ${key} is not unique)`,
  reordered: (moved: number, n: number) =>
    `rows are in a different order; use \`rows: unordered\` (every row is there, ${moved} of ${n} at another position)`,
  duplicateKey: (key: string, expected: number, actual: number) => `${key} (${expected} expected, ${actual} actual)`,
  duplicateKeys: (keys: string[]) =>
    `duplicate key(s): ${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ` and ${keys.length - 5} more` : ''}`,
  matchingStopped: () =>
    'row matching stopped at its work limit; some rows may be reported unmatched that a longer search would pair',
  /** the metric: differing cells, then unmatched rows, one-sided columns and notes when there are any */
  metric: (
    differing: number,
    cells: number,
    rows: { missing: number; extra: number },
    columns: { missing: number; extra: number },
    notes: string[],
  ) => {
    let metric = `${differing} of ${cells} cells differ`;
    if (rows.missing || rows.extra)
      metric += `; ${rows.missing} expected row(s) unmatched, ${rows.extra} actual row(s) unmatched`;
    if (columns.missing || columns.extra) metric += `; ${columns.missing} column(s) missing, ${columns.extra} extra`;
    if (notes.length) metric += `; ${notes.join('; ')}`;
    return metric;
  },
} satisfies MessageTable;
