// The contract every comparator implements. A comparator is pure data + one compare function:
// no I/O except lazily importing heavy decoders; never throws on bad values (garbage in gives a
// `fail` naming what was wrong); reports every difference it finds, not only the first.
import type { OutputType } from '../model/manifest.js';
import type { OutputComparison } from '../model/report.js';
import type { Tolerance } from '../model/tolerance.js';
import type { MessageTable } from '../util/message-table.js';

/**
 * The kind of value a tolerance option takes, so tolerance.yaml and fixture tolerance blocks are
 * checked when loaded (and by `pixie lint`): `{ enum }` is a closed set of words, `regions` a list of
 * rectangles `{x, y, width, height, page?}` (kit/regions.ts), `fields` a list of field names and paths
 * (kit/ignore-fields.ts).
 */
export type OptionKind =
  | 'number'
  | 'boolean'
  | 'string'
  | 'string[]'
  | 'fields'
  | 'tolerance'
  | 'integer'
  | 'regions'
  | { enum: readonly string[] };

interface ComparatorInput {
  key: string;
  type: OutputType;
  expected: unknown;
  actual: unknown;
  tolerance: Tolerance;
}

/** What a comparator returns; the caller adds key/type/comparator. */
export type ComparisonResult = Omit<OutputComparison, 'key' | 'type' | 'comparator'> & {
  comparator?: string;
};

export interface Comparator {
  /** Family name shown in reports, e.g. "number", "table", "chart". */
  name: string;
  types: readonly OutputType[];
  /** Allowed `compare` values (besides `skip`), first is the default unless `defaults` says otherwise. */
  modes: readonly string[];
  /** The `compare` values that apply to one output type, where a family's types differ (else `modes`). */
  modesFor?(type: OutputType): readonly string[];
  /** Allowed tolerance keys besides `compare`, with their kind (used to validate tolerance.yaml). */
  options: Readonly<Record<string, OptionKind>>;
  /** Options that only some modes read (text's `ignore_fields`: `json`): a block setting another mode and the option is refused. */
  optionModes?: Readonly<Record<string, readonly string[]>>;
  /** Every sentence the family writes (results, differences, hints), one typed entry each (util/message-table.ts). */
  messages: MessageTable;
  /** Built-in defaults per output type (the bottom layer of tolerance resolution). */
  defaults(type: OutputType): Tolerance;
  compare(input: ComparatorInput): ComparisonResult | Promise<ComparisonResult>;
  /**
   * Starts loading what compare() will need for this output of tool.json (as written: any shape),
   * so that a large optional package loads while the tool starts rather than during check 12.
   */
  warm?(output: Record<string, unknown>): void;
}

/**
 * Cases for the shared comparator contract suite (src/comparators/contract.test.ts). Each
 * comparator family exports an array of these from `<family>.cases.ts`.
 */
export interface ContractCase {
  /** a label for the test name */
  label: string;
  type: OutputType;
  tolerance?: Tolerance;
  /** a realistic value; compared with itself it must pass */
  value: unknown;
  /** a clearly different value; compared with `value` it must fail with a difference at `changedPath` */
  changed: unknown;
  changedPath: string;
  /** a pair exactly at the edge of `boundary.tolerance`; it must pass */
  boundary?: { expected: unknown; actual: unknown; tolerance: Tolerance };
  /** a malformed actual value; it must give `fail` (never throw) with a message naming the problem */
  garbage: unknown;
}
