// Numbers and sliders (one value, or a [low, high] pair when a slider has range: true).
import type { Arbitrary } from 'fast-check';
import type { InputSpec } from '../model/manifest.js';
import { JsonNumber } from '../util/json-number.js';
import { describe, finite, num, unique } from './kit.js';
import type { FastCheck, InputTypeRule, InputValues } from './rule.js';

/** How far an unbounded number side is explored. */
const UNBOUNDED = 1e9;

function numberProblem(v: unknown, min: number | undefined, max: number | undefined): string | null {
  // an integer beyond 2^53, kept as its text, is a number; its bounds are checked as a double
  const x = v instanceof JsonNumber ? v.toJSON() : v;
  if (!finite(x)) {
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)))
      return `must be a number, got ${describe(v)}; write ${v.trim()} without quotes`;
    if (typeof x === 'number') return `must be a finite number, got ${String(v)}`;
    return `must be a number, got ${describe(v)}`;
  }
  if (min !== undefined && x < min) return `must be ≥ ${min} (its min), got ${String(v)}`;
  if (max !== undefined && x > max) return `must be ≤ ${max} (its max), got ${String(v)}`;
  return null;
}

/** A numeric string for a number: the value its "write … without quotes" names. */
function unquoted(_spec: InputSpec, value: unknown): { value: unknown } | null {
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
    ? { value: Number(value) }
    : null;
}

/** The middle of [min, max] (or the bound there is, or 0), on the step grid. */
function midpoint(spec: InputSpec): number {
  const min = num(spec.min);
  const max = num(spec.max);
  let value = min !== undefined && max !== undefined ? (min + max) / 2 : (min ?? max ?? 0);
  // keep the value on the step grid so tools that check integers or increments accept it
  const step = num(spec.step);
  if (step && step > 0) {
    const base = min ?? 0;
    value = base + Math.round((value - base) / step) * step;
    if (max !== undefined && value > max) value -= step;
    value = Number(value.toFixed(10));
  }
  return value;
}

interface NumberRange {
  min: number | undefined;
  max: number | undefined;
  step: number | undefined;
}

function rangeOf(spec: InputSpec): NumberRange {
  const step = num(spec.step);
  return { min: num(spec.min), max: num(spec.max), step: step && step > 0 ? step : undefined };
}

/** Values on the step grid (base = min, else 0) and inside [min, max]; binary noise rounded away. */
function snap(v: number, r: NumberRange): number {
  let x = v;
  if (r.step) {
    const base = r.min ?? 0;
    x = base + Math.round((x - base) / r.step) * r.step;
    if (r.max !== undefined && x > r.max) x -= r.step;
    if (r.min !== undefined && x < r.min) x += r.step;
    x = Number(x.toFixed(10));
  }
  if (r.min !== undefined && x < r.min) x = r.min;
  if (r.max !== undefined && x > r.max) x = r.max;
  return Object.is(x, -0) ? 0 : x;
}

function numberSpecials(r: NumberRange): number[] {
  const lo = r.min ?? -UNBOUNDED;
  const hi = r.max ?? UNBOUNDED;
  const inside = r.step ?? (r.min !== undefined && r.max !== undefined ? (hi - lo) / 100 : 1);
  const candidates = [0, lo, hi, lo + inside, hi - inside, -1, 1, -UNBOUNDED, UNBOUNDED, (lo + hi) / 2];
  return unique(candidates.filter((v) => v >= lo && v <= hi).map((v) => snap(v, r))) as number[];
}

function numberRandom(r: NumberRange, fc: FastCheck): Arbitrary<number> {
  const lo = r.min ?? -UNBOUNDED;
  const hi = r.max ?? UNBOUNDED;
  if (r.step) {
    const base = r.min ?? 0;
    const step = r.step;
    const first = Math.ceil((lo - base) / step - 1e-9);
    const last = Math.floor((hi - base) / step + 1e-9);
    return fc.integer({ min: first, max: Math.max(first, last) }).map(
      (k) => snap(base + k * step, r),
      (v) => {
        if (typeof v !== 'number') throw new Error('not a number');
        return Math.round((v - base) / step);
      },
    );
  }
  return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }).map(
    (v) => (Object.is(v, -0) ? 0 : v),
    (v) => {
      if (typeof v !== 'number') throw new Error('not a number');
      return v;
    },
  );
}

/** The bounds and their neighbours, 0, ±1, far values and the middle, then any value on the grid. */
export function numberValues(spec: InputSpec, fc: FastCheck): InputValues {
  const r = rangeOf(spec);
  return { special: numberSpecials(r), random: numberRandom(r, fc) };
}

const sorted = (pair: [number, number]): [number, number] => (pair[0] <= pair[1] ? pair : [pair[1], pair[0]]);

function unsortable(v: unknown): [number, number] {
  if (!Array.isArray(v) || v.length !== 2) throw new Error('not a pair');
  return v as [number, number];
}

function rangeValues(spec: InputSpec, fc: FastCheck): InputValues {
  const r = rangeOf(spec);
  const special = numberSpecials(r);
  const random = numberRandom(r, fc);
  const lo = snap(r.min ?? -UNBOUNDED, r);
  const hi = snap(r.max ?? UNBOUNDED, r);
  return {
    special: unique([[lo, hi], [lo, lo], [hi, hi], ...special.map((v) => sorted([lo, v]))]),
    random: fc.tuple(random, random).map(sorted, unsortable),
  };
}

function rangeProblem(spec: InputSpec, value: unknown): string | null {
  const min = num(spec.min);
  const max = num(spec.max);
  if (!Array.isArray(value) || value.length !== 2 || !finite(value[0]) || !finite(value[1]))
    return `must be a [low, high] pair of numbers (the slider has range: true), got ${describe(value)}`;
  const p = numberProblem(value[0], min, max) ?? numberProblem(value[1], min, max);
  if (p) return `[${numberProblem(value[0], min, max) ? 0 : 1}] ${p}`;
  return value[0] > value[1] ? `must have low ≤ high, got [${value[0]}, ${value[1]}]` : null;
}

export const numberRule: InputTypeRule = {
  sample: midpoint,
  check: (spec, value) => numberProblem(value, num(spec.min), num(spec.max)),
  correct: unquoted,
  explore: numberValues,
};

export const sliderRule: InputTypeRule = {
  sample(spec) {
    const min = num(spec.min) ?? 0;
    const max = num(spec.max) ?? min;
    return spec.range ? [min, max] : midpoint(spec);
  },
  check: (spec, value) => (spec.range ? rangeProblem(spec, value) : numberRule.check(spec, value)),
  correct: (spec, value) => (spec.range ? null : unquoted(spec, value)),
  explore: (spec, fc) => (spec.range ? rangeValues(spec, fc) : numberValues(spec, fc)),
};
