// What pixie knows about one input type (src/inputs/index.ts holds one rule per type): check 8's
// sample value, the check of a fixture's value, and the values --explore tries. fast-check is only
// a type here: the explorer passes it in, so only exploring loads it.
import type fc from 'fast-check';
import type { InputSpec } from '../model/manifest.js';

export type FastCheck = typeof fc;

/**
 * The values explore tries for one input, from its tool.json declaration alone. Nothing leaves what
 * the manifest allows (src/explore/arbitraries.test.ts holds every value to the rules' `check`), and
 * a required input is never blank or an empty list (required means a form insists on a value).
 */
export interface InputValues {
  /** boundaries and other values worth one try each, simplest first */
  special: unknown[];
  /** random values in range, or null when the input is explored by its special values alone */
  random: fc.Arbitrary<unknown> | null;
}

export interface InputTypeRule {
  /** check 8's value for an input with no default (docs/checks.md, check 8); undefined leaves it out */
  sample(spec: InputSpec): unknown;
  /**
   * null when a fixture's value (never null here) is acceptable, else the rest of a sentence that
   * follows "input 'principal' …", e.g. "must be a number ≤ 100, got 150".
   */
  check(spec: InputSpec, value: unknown): string | null;
  /** the value a refused one meant, when the fix is mechanical (`pixie lint --fix`); absent: never */
  correct?(spec: InputSpec, value: unknown): { value: unknown } | null;
  /** the values explore tries, or null when the input keeps its sample value */
  explore(spec: InputSpec, fc: FastCheck): InputValues | null;
  /** null is a value like any other (free JSON, hidden inputs), even for a required input */
  acceptsNull?: true;
}

/**
 * One input's arbitrary: its sample value, a special value or a random one. Shrinking goes back
 * towards the first of these (cross-shrink), so a failure ends with every input that does not
 * matter at its sample value, the one check 8 showed the tool accepts.
 */
export function valuesArbitrary(fc: FastCheck, values: InputValues, sample?: unknown): fc.Arbitrary<unknown> {
  const arbs: fc.WeightedArbitrary<unknown>[] = [];
  if (sample !== undefined) arbs.push({ arbitrary: fc.constant(sample), weight: 1 });
  if (values.special.length) arbs.push({ arbitrary: fc.constantFrom(...values.special), weight: 2 });
  if (values.random) arbs.push({ arbitrary: values.random, weight: 2 });
  return arbs.length ? fc.oneof({ withCrossShrink: true }, ...arbs) : fc.constant(sample);
}
