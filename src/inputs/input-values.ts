// Is this value acceptable for this input? A fixture's inputs are checked before anything runs
// (docs/fixtures.md), each by its type's rule. Returns null when fine, else the rest of a sentence
// that follows "input 'principal' …", e.g. "must be a number ≤ 100, got 150".
import type { InputSpec } from '../model/manifest.js';
import { inputTypeRule } from './index.js';

/** null when `value` is acceptable for `spec`, else what is wrong and what to write instead. */
export function checkInputValue(spec: InputSpec, value: unknown): string | null {
  const rule = inputTypeRule(spec.type);
  if (!rule) return null;
  if (value === null) {
    if (rule.acceptsNull || spec.required === false) return null;
    return spec.default !== undefined && spec.default !== null
      ? 'must not be null; remove it to use its default, or give a value'
      : 'must not be null (the input is required); give a value';
  }
  return rule.check(spec, value);
}

/**
 * The value a fixture meant, when `checkInputValue` refuses one whose fix is mechanical (its message
 * says "write …"): a numeric string for a number, 0/1/"true"/"false" for a checkbox, "12" for the
 * option 12. `pixie lint --fix` writes it. Null when there is no such value.
 */
export function correctedInputValue(spec: InputSpec, value: unknown): { value: unknown } | null {
  return inputTypeRule(spec.type)?.correct?.(spec, value) ?? null;
}
