// The tolerance of one output, as comparators receive it (docs/tolerance.md).
/**
 * Tolerance as resolved for one output (file, fixture and default layers already merged). Synonyms are
 * normalised before a comparator sees them: `atol`/`float_atol` → `abs`, `rtol`/`float_rtol` → `rel`.
 * `compare` is the mode; every comparator accepts `skip`.
 */
export type Tolerance = Record<string, unknown> & {
  compare?: string;
  abs?: number;
  rel?: number;
};
