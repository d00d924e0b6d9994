// The values one input can take (each input type's `explore`, src/inputs/), with fast-check, which
// only exploring loads, passed in.
import fc from 'fast-check';
import { type InputValues, inputTypeRule } from '../inputs/index.js';
import type { InputSpec } from '../model/manifest.js';
import { valuesArbitrary as oneInputArbitrary } from '../inputs/rule.js';

export type { InputValues } from '../inputs/index.js';

/** The values of one input; null when explore leaves the input at its sample value. */
export function valuesFor(spec: InputSpec): InputValues | null {
  return inputTypeRule(spec.type)?.explore(spec, fc) ?? null;
}

/** One input's arbitrary: its sample value, a special value or a random one (src/inputs/rule.ts). */
export function valuesArbitrary(values: InputValues, sample?: unknown): fc.Arbitrary<unknown> {
  return oneInputArbitrary(fc, values, sample);
}
