// A table tolerance read once: how rows pair (in order, as a multiset, or by key columns), the
// numeric tolerance of every cell with per-column overrides, and the columns to ignore.
import { isPlainObject } from '../../util/is-plain-object.js';
import { numericTolerance, type NumericTolerance } from '../kit/numeric-tolerance.js';
import type { OptionKind } from '../types.js';
import type { Tolerance } from '../../model/tolerance.js';
import { messages } from './messages.js';

export const TABLE_MODES = ['rows_ordered', 'rows_unordered', 'ordered', 'unordered', 'keyed'] as const;
const ROW_ORDERS = ['ordered', 'unordered'] as const;

export const TABLE_OPTIONS: Readonly<Record<string, OptionKind>> = {
  abs: 'number',
  rel: 'number',
  rows: { enum: ROW_ORDERS },
  key: 'string[]',
  columns: 'tolerance',
  ignore_columns: 'string[]',
  ignore_fields: 'fields',
};

export type RowMode = { kind: 'ordered' } | { kind: 'unordered' } | { kind: 'keyed'; key: string[] };

export type TableSettings =
  | { rule: string; problem: string }
  | {
      rule: string;
      problem: null;
      base: NumericTolerance;
      mode: RowMode;
      columns: Map<string, NumericTolerance>;
      ignored: string[];
    };

function stringList(v: unknown): string[] | null {
  if (v === undefined || v === null) return [];
  if (typeof v === 'string') return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  return null;
}

/** `key` wins over `rows`, which wins over `compare` (the older way to say it). */
function rowModeOf(tolerance: Tolerance): RowMode | string {
  const key = stringList(tolerance.key);
  if (key === null) return messages.keyNotAList(tolerance.key);
  if (key.length > 0) return { kind: 'keyed', key };
  const rows = tolerance.rows;
  if (rows !== undefined) {
    if ((ROW_ORDERS as readonly unknown[]).includes(rows)) return { kind: rows as 'ordered' | 'unordered' };
    return messages.rowsNotAnOrder(rows);
  }
  const mode = tolerance.compare ?? 'rows_ordered';
  if (mode === 'rows_ordered' || mode === 'ordered') return { kind: 'ordered' };
  if (mode === 'rows_unordered' || mode === 'unordered') return { kind: 'unordered' };
  if (mode === 'keyed') return messages.keyedNeedsKey();
  return messages.unknownMode(mode);
}

interface ColumnTolerances {
  byName: Map<string, NumericTolerance>;
  problems: string[];
}

function columnTolerances(tolerance: Tolerance, base: NumericTolerance): ColumnTolerances {
  const byName = new Map<string, NumericTolerance>();
  const problems: string[] = [];
  const spec = tolerance.columns;
  if (spec === undefined || spec === null) return { byName, problems };
  if (!isPlainObject(spec)) return { byName, problems: [messages.columnsNotAMap(spec)] };
  for (const [name, t] of Object.entries(spec)) {
    if (!isPlainObject(t)) {
      problems.push(messages.columnNotATolerance(name, t));
      continue;
    }
    const own = numericTolerance(t as Tolerance);
    byName.set(name, { ...base, ...own });
  }
  return { byName, problems };
}

/** The settings of one comparison, or the first problem with the tolerance (and the rule to show with it). */
export function tableSettings(tolerance: Tolerance): TableSettings {
  const base = numericTolerance(tolerance);
  const mode = rowModeOf(tolerance);
  const colSpec = columnTolerances(tolerance, base);
  const ignored = stringList(tolerance.ignore_columns);
  if (typeof mode === 'string') return { rule: 'table', problem: mode };
  const rule = messages.rule(mode.kind, mode.kind === 'keyed' ? mode.key : null, base, colSpec.byName, ignored ?? []);
  if (ignored === null)
    return {
      rule,
      problem: messages.ignoreNotAList(tolerance.ignore_columns),
    };
  if (colSpec.problems.length) return { rule, problem: colSpec.problems.join('; ') };
  return { rule, problem: null, base, mode, columns: colSpec.byName, ignored };
}
