// What a tool's tolerances come to once tolerance.yaml is read: per-type defaults, per-output
// overrides and the run options, whichever of the two forms the file used.
import type { Comparator } from '../comparators/types.js';
import type { Tolerance } from '../model/tolerance.js';
import type { OutputSpec, OutputType } from '../model/manifest.js';

export const TOLERANCE_FILE = 'tolerance.yaml';

export type Policy = 'warn' | 'fail' | 'ignore';
export const POLICIES: readonly Policy[] = ['warn', 'fail', 'ignore'];

interface ToleranceOptions {
  on_extra_output_key: Policy;
  on_missing_expected_key: Policy;
  truncate_diff_chars: number;
}

const DEFAULT_TOLERANCE_OPTIONS: Readonly<ToleranceOptions> = {
  on_extra_output_key: 'warn',
  on_missing_expected_key: 'fail',
  truncate_diff_chars: 400,
};

export interface ToleranceConfig {
  /** which form the file used; 'none' when there is no file or it is empty */
  form: 'none' | 'short' | 'structured';
  /** per output type (structured `defaults`), normalised */
  defaults: Partial<Record<OutputType, Tolerance>>;
  /** per output key: short-form entries or structured `overrides`, normalised */
  overrides: Record<string, Tolerance>;
  options: ToleranceOptions;
}

export function emptyToleranceConfig(): ToleranceConfig {
  return { form: 'none', defaults: {}, overrides: {}, options: { ...DEFAULT_TOLERANCE_OPTIONS } };
}

/** What loading needs from the tool: its outputs, and each type's comparator (for modes and options). */
export interface ToleranceContext {
  outputs: OutputSpec[];
  comparatorFor(type: OutputType): Comparator;
  /** the project's comparator names (pixie.config `comparators`), valid as `compare` modes */
  projectComparators?: readonly string[];
}
