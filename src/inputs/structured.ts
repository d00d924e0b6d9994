// Tables (a list of rows keyed by column), free JSON, and hidden inputs.
import type { InputSpec } from '../model/manifest.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { dateSpecials, FIRST_DATE, FIXED_DATE, LAST_DATE } from './dates.js';
import { describe, num, unique } from './kit.js';
import { numberValues } from './numbers.js';
import { type FastCheck, type InputTypeRule, type InputValues, valuesArbitrary } from './rule.js';
import { textValues } from './text.js';

const MAX_RANDOM_ROWS = 10;

/** A column's kind, read from its free-form type name ("integer", "bool", "date", …). */
function cellKind(columnType: string): 'number' | 'boolean' | 'date' | 'text' {
  if (/num|int|float|decimal|currency/i.test(columnType)) return 'number';
  if (/bool|check/i.test(columnType)) return 'boolean';
  if (/date/i.test(columnType)) return 'date';
  return 'text';
}

const SAMPLE_CELL = { number: 1, boolean: false, date: FIXED_DATE, text: 'sample' } as const;

function cellValues(columnType: string, fc: FastCheck): InputValues {
  switch (cellKind(columnType)) {
    case 'number':
      return numberValues({ key: '', label: '', type: 'number', min: -1e6, max: 1e6 }, fc);
    case 'boolean':
      return { special: [false, true], random: null };
    case 'date':
      return { special: dateSpecials(FIRST_DATE, LAST_DATE), random: null };
    case 'text':
      return textValues({ key: '', label: '', type: 'text', max_length: 200, required: false }, fc);
  }
}

function tableProblem(spec: InputSpec, v: unknown): string | null {
  if (!Array.isArray(v)) return `must be a list of rows (objects keyed by column), got ${describe(v)}`;
  const minRows = num(spec.min_rows);
  const maxRows = num(spec.max_rows);
  if (minRows !== undefined && v.length < minRows)
    return `must have at least ${minRows} row(s) (its min_rows), got ${v.length}`;
  if (maxRows !== undefined && v.length > maxRows)
    return `must have at most ${maxRows} row(s) (its max_rows), got ${v.length}`;
  const columns = Array.isArray(spec.columns)
    ? spec.columns.map((c) => c?.key).filter((k): k is string => typeof k === 'string')
    : [];
  for (let i = 0; i < v.length; i++) {
    const row: unknown = v[i];
    if (!isPlainObject(row)) return `row ${i} must be an object keyed by column, got ${describe(row)}`;
    if (columns.length) {
      const unknown = Object.keys(row).find((k) => !columns.includes(k));
      if (unknown !== undefined)
        return `row ${i} has column '${unknown}', which is not one of its columns (${columns.join(', ')})`;
    }
  }
  return null;
}

function tableValues(spec: InputSpec, fc: FastCheck): InputValues {
  const columns = spec.columns ?? [];
  const minRows = Math.max(0, num(spec.min_rows) ?? 0);
  const maxRows = num(spec.max_rows) ?? Number.POSITIVE_INFINITY;
  const cells = columns.map((c) => [c.key, cellValues(c.type, fc)] as const);
  const simpleRow = Object.fromEntries(cells.map(([k, v]) => [k, v.special[0] ?? '']));
  const awkwardRow = Object.fromEntries(cells.map(([k, v]) => [k, v.special[1] ?? v.special[0] ?? '']));
  const row = fc.record(Object.fromEntries(cells.map(([k, v]) => [k, valuesArbitrary(fc, v)])));
  const counts = [0, 1, minRows].filter((n) => n >= minRows && n <= maxRows);
  const special = unique(counts.flatMap((n) => [Array(n).fill(simpleRow), Array(n).fill(awkwardRow)]));
  const random = fc.array(row, {
    minLength: minRows,
    maxLength: Math.max(minRows, Math.min(maxRows, MAX_RANDOM_ROWS)),
  });
  return { special, random };
}

export const tableRule: InputTypeRule = {
  // min_rows rows of sample cells
  sample(spec) {
    const rows = Math.max(0, num(spec.min_rows) ?? 0);
    return Array.from({ length: rows }, () =>
      Object.fromEntries((spec.columns ?? []).map((c) => [c.key, SAMPLE_CELL[cellKind(c.type)]])),
    );
  },
  check: tableProblem,
  explore: tableValues,
};

/** Free JSON: any value; explore leaves it at its sample, as it declares no shape. */
export const jsonRule: InputTypeRule = {
  sample: () => ({}),
  check: () => null,
  explore: () => null,
  acceptsNull: true,
};

/** A hidden input: its default, if any, is sent as it is; a fixture may give it any value. */
export const hiddenRule: InputTypeRule = {
  sample: () => undefined,
  check: () => null,
  explore: () => null,
  acceptsNull: true,
};
