// Whether a value in a tolerance block (tolerance.yaml, a fixture's `tolerance`) fits the kind of
// the option it sets, as one sentence that load.ts places after "<key> for <output>".
import { fieldPatternProblem } from '../comparators/kit/ignore-fields.js';
import { regionsProblem } from '../comparators/kit/regions.js';
import type { OptionKind } from '../comparators/types.js';
import { excerpt } from '../source/excerpt.js';
import { suggest } from '../util/did-you-mean.js';
import { kindOf } from './words.js';

export function checkNonNegativeNumber(v: unknown, integer: boolean): string | null {
  if (typeof v !== 'number' || Number.isNaN(v))
    return `must be ${integer ? 'a whole number' : 'a number'} ≥ 0, got ${kindOf(v)}`;
  // YAML's .inf and JSON's 1e99999 read as Infinity: a tolerance that accepts everything is a mistake
  if (!Number.isFinite(v))
    return `must be a finite number, got ${v > 0 ? 'infinity' : '-infinity'} (is it written as .inf or 1e99999?); write the largest difference you accept`;
  if (v < 0) return `must be ≥ 0, got ${v}`;
  if (integer && !Number.isInteger(v)) return `must be a whole number, got ${v}`;
  return null;
}

/** One of a closed set of words, with the nearest one suggested for a misspelling. */
function checkEnum(words: readonly string[], v: unknown): string | null {
  const allowed = words.join(', ');
  if (typeof v !== 'string') return `must be one of ${allowed}, got ${kindOf(v)}`;
  if (words.includes(v)) return null;
  const close = suggest(v, words);
  return close
    ? `must be one of ${allowed}, got '${excerpt(v)}' — did you mean '${close}'?`
    : `must be one of ${allowed}, got '${excerpt(v)}'`;
}

/** The problem with `v` as a value of `kind`, or null when it fits. */
export function checkOptionValue(kind: OptionKind, v: unknown): string | null {
  if (typeof kind === 'object') return checkEnum(kind.enum, v);
  switch (kind) {
    case 'number':
      return checkNonNegativeNumber(v, false);
    case 'integer':
      return checkNonNegativeNumber(v, true);
    case 'boolean':
      return typeof v === 'boolean' ? null : `must be true or false, got ${kindOf(v)}`;
    case 'string':
      return typeof v === 'string' ? null : `must be a string, got ${kindOf(v)}`;
    case 'string[]':
      if (typeof v === 'string') return `must be a list of strings; write [${JSON.stringify(v)}]`;
      return Array.isArray(v) && v.every((x) => typeof x === 'string')
        ? null
        : `must be a list of strings, got ${kindOf(v)}`;
    case 'fields': {
      const list = checkOptionValue('string[]', v);
      if (list) return list;
      for (const [i, p] of (v as string[]).entries()) {
        const problem = fieldPatternProblem(p);
        if (problem) return `[${i}] ${problem}`;
      }
      return null;
    }
    case 'regions':
      return regionsProblem(v);
    case 'tolerance':
      return null; // checked by checkNestedTolerance
  }
}
