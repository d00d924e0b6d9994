// Dates (YYYY-MM-DD), times (HH:MM[:SS]), date-times and [start, end] date ranges.
import type { Arbitrary } from 'fast-check';
import type { InputSpec } from '../model/manifest.js';
import { describe, unique } from './kit.js';
import type { FastCheck, InputTypeRule } from './rule.js';

/** The date check 8 sends (and a table's date cells), inside min/max when the input has them. */
export const FIXED_DATE = '2026-01-01';
export const FIRST_DATE = '1900-01-01';
export const LAST_DATE = '2100-12-31';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(:([0-5]\d)(\.\d+)?)?$/;
const DATETIME =
  /^(\d{4}-\d{2}-\d{2})[T ](([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?)(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/;

function validDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

function dateProblem(spec: InputSpec, v: unknown): string | null {
  if (typeof v !== 'string' || !validDate(v))
    return `must be a date written YYYY-MM-DD (e.g. "2026-01-31"), got ${describe(v)}`;
  if (typeof spec.min === 'string' && validDate(spec.min) && v < spec.min)
    return `must be on or after ${spec.min} (its min), got "${v}"`;
  if (typeof spec.max === 'string' && validDate(spec.max) && v > spec.max)
    return `must be on or before ${spec.max} (its max), got "${v}"`;
  return null;
}

function dateWithin(spec: InputSpec): string {
  const min = typeof spec.min === 'string' ? spec.min : undefined;
  const max = typeof spec.max === 'string' ? spec.max : undefined;
  if (min && FIXED_DATE < min) return min;
  if (max && FIXED_DATE > max) return max;
  return FIXED_DATE;
}

function dateText(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function dateArbitrary(fc: FastCheck, min: string, max: string): Arbitrary<string> {
  return fc
    .date({ min: new Date(`${min}T00:00:00Z`), max: new Date(`${max}T00:00:00Z`), noInvalidDate: true })
    .map(dateText, (v) => {
      if (typeof v !== 'string') throw new Error('not a date');
      return new Date(`${v}T00:00:00Z`);
    });
}

function dateBounds(spec: InputSpec): [string, string] {
  const min = typeof spec.min === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(spec.min) ? spec.min : FIRST_DATE;
  const max = typeof spec.max === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(spec.max) ? spec.max : LAST_DATE;
  return [min, max];
}

/** The bounds, a leap day, the turn of a century and this year's ends, where they fall in [min, max]. */
export function dateSpecials(min: string, max: string): string[] {
  const candidates = [min, max, '2026-01-01', '2024-02-29', '1999-12-31', '2000-01-01', '2026-12-31'];
  return unique(candidates.filter((d) => d >= min && d <= max)) as string[];
}

const pad = (n: number) => String(n).padStart(2, '0');
function timeArbitrary(fc: FastCheck): Arbitrary<string> {
  return fc.integer({ min: 0, max: 24 * 60 - 1 }).map(
    (m) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`,
    (v) => {
      const m = typeof v === 'string' ? /^(\d\d):(\d\d)$/.exec(v) : null;
      if (!m) throw new Error('not a time');
      return Number(m[1]) * 60 + Number(m[2]);
    },
  );
}

export const dateRule: InputTypeRule = {
  sample: dateWithin,
  check: dateProblem,
  explore(spec, fc) {
    const [min, max] = dateBounds(spec);
    return { special: dateSpecials(min, max), random: dateArbitrary(fc, min, max) };
  },
};

export const timeRule: InputTypeRule = {
  sample: () => '12:00',
  check: (_spec, value) =>
    typeof value === 'string' && TIME.test(value)
      ? null
      : `must be a time written HH:MM or HH:MM:SS (e.g. "09:30"), got ${describe(value)}`,
  explore: (_spec, fc) => ({ special: ['00:00', '23:59', '12:00'], random: timeArbitrary(fc) }),
};

export const datetimeRule: InputTypeRule = {
  sample: () => `${FIXED_DATE}T12:00:00`,
  check(_spec, value) {
    const m = typeof value === 'string' ? DATETIME.exec(value) : null;
    return m && validDate(m[1]!)
      ? null
      : `must be a date-time written YYYY-MM-DDTHH:MM[:SS] (e.g. "2026-01-31T09:30:00"), got ${describe(value)}`;
  },
  explore: (_spec, fc) => ({
    special: ['2026-01-01T00:00:00', '2024-02-29T23:59:59', '1999-12-31T23:59:59'],
    random: fc.tuple(dateArbitrary(fc, FIRST_DATE, LAST_DATE), timeArbitrary(fc)).map(([d, t]) => `${d}T${t}:00`),
  }),
};

export const dateRangeRule: InputTypeRule = {
  sample: () => [FIXED_DATE, '2026-01-08'],
  check(spec, value) {
    if (!Array.isArray(value) || value.length !== 2)
      return `must be a [start, end] pair of YYYY-MM-DD dates, got ${describe(value)}`;
    for (const i of [0, 1]) {
      const p = dateProblem(spec, value[i]);
      if (p) return `[${i}] ${p}`;
    }
    return (value[0] as string) > (value[1] as string)
      ? `must have start ≤ end, got ["${value[0]}", "${value[1]}"]`
      : null;
  },
  explore(spec, fc) {
    const [min, max] = dateBounds(spec);
    const days = dateArbitrary(fc, min, max);
    return {
      special: [
        [min, max],
        [min, min],
        [max, max],
      ],
      random: fc.tuple(days, days).map(
        ([a, b]) => (a <= b ? [a, b] : [b, a]),
        (v) => {
          if (!Array.isArray(v) || v.length !== 2) throw new Error('not a range');
          return v as [string, string];
        },
      ),
    };
  },
};
