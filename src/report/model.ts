// The report model: what checks, fixtures and comparators produce, and what every renderer reads.
// Field names follow shared/SPEC.md §6 (snake_case, as existing Pixie consumers read them).

export type Status = 'pass' | 'warn' | 'fail' | 'skip';

export interface CheckResult {
  number: number;
  name: string;
  status: Status;
  message: string;
  details: string | null;
  duration_ms: number;
}

/** One difference inside an output, located by a path such as `rows[3].amount` or `series[name=a].y[2]`. */
export interface Difference {
  path: string;
  message: string;
  /** what happened at `path`: an item only in expected (missing), only in actual (extra), or a value that changed */
  kind?: 'missing' | 'extra' | 'changed';
  expected?: unknown;
  actual?: unknown;
}

export interface OutputComparison {
  key: string;
  type: string;
  comparator: string;
  status: Status;
  /** 1 = identical, 0 = nothing alike; comparators define the scale for their family. */
  score: number;
  /** What was measured, e.g. "abs diff 0.005" or "3 of 120 cells differ". */
  metric: string;
  /** The rule that decided, in words, e.g. "abs 0.005 or rel 1e-4". */
  rule: string;
  expected: unknown;
  actual: unknown;
  tolerance: unknown;
  differences?: Difference[];
  /** Set when a heavy comparator could not load and the comparison fell back to size + SHA-256. */
  degraded?: { package: string; install: string; reason: string };
  /** Extra artefacts for reviewers, e.g. a diff image as a data URL. */
  artifacts?: { label: string; data_url: string }[];
}

export interface FixtureResult {
  file: string;
  name: string;
  status: Status;
  message: string;
  duration_ms: number;
  source: string | null;
  tags: string[];
  inputs: Record<string, unknown>;
  outputs: OutputComparison[];
}

export interface Report {
  tool_id: string;
  tool_path: string;
  timestamp: string;
  overall: 'pass' | 'warn' | 'fail';
  duration_ms: number;
  checks: CheckResult[];
  fixtures: FixtureResult[];
  sample_inputs: Record<string, unknown> | null;
  sample_output: Record<string, unknown> | null;
  spawn_log: string | null;
  peak_memory_mb: number | null;
  warnings: string[];
  /** faults of pixie itself during this run (a check threw); non-empty means exit 2 */
  errors: string[];
}

export function overallOf(statuses: Iterable<Status>): Report['overall'] {
  let overall: Report['overall'] = 'pass';
  for (const s of statuses) {
    if (s === 'fail') return 'fail';
    if (s === 'warn') overall = 'warn';
  }
  return overall;
}
