// Helpers the input families share: reading a declared bound, naming a value in a message, and
// keeping explore's value lists free of repeats.
import type { InputSpec } from '../model/manifest.js';
import { JsonNumber } from '../util/json-number.js';

export function finite(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** A declared bound (min, max, step, max_length, …) when it is a finite number. */
export function num(v: unknown): number | undefined {
  return finite(v) ? v : undefined;
}

/** A value as a message names it: "the string \"abc\"", "a list of 3", "null". */
export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return `a list of ${v.length}`;
  if (v instanceof JsonNumber) return `the number ${v.text}`;
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 39)}…` : v)}`;
  return `the ${typeof v} ${String(v)}`;
}

export function unique(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = JSON.stringify(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A required input needs a value: text that is not blank, a list that is not empty (as a form insists). */
export const needsValue = (spec: InputSpec) => spec.required !== false;
