// The report model: what checks, fixtures and comparators produce, and what every renderer reads.
// Field names are snake_case, as existing Pixie consumers read them (docs/report.md).

import type { EnvironmentSummary } from '../tool/environment.js';
import type { Finding } from './finding.js';

export type Status = 'pass' | 'warn' | 'fail' | 'skip';

export type CheckName =
  | 'folder_structure'
  | 'tool_json_parses'
  | 'schemas_coherent'
  | 'dependencies_declared'
  | 'runtime_ready'
  | 'tool_spawns'
  | 'schema_matches_disk'
  | 'sample_run_succeeds'
  | 'output_conforms'
  | 'streaming_check'
  | 'clean_shutdown'
  | 'reference_fixtures_match';

/** contract: the tool's folder, manifest and HTTP contract; fixtures: replaying reference fixtures */
export type CheckPhase = 'contract' | 'fixtures';

export interface CheckResult {
  /** position in report order, 1-based, for people; code refers to checks by name or phase */
  number: number;
  name: CheckName;
  phase: CheckPhase;
  status: Status;
  message: string;
  details: string | null;
  duration_ms: number;
  /** located problems behind the verdict (absent when there are none) */
  findings?: Finding[];
}

/** What a check decides: the verdict, its sentence and the findings behind it (timing is added by the runner). */
export interface CheckOutcome {
  status: Status;
  message: string;
  details?: string | null;
  /** the located problems behind the verdict, for lint, --strict, merge and annotations */
  findings?: Finding[];
}

/** The options of a run that change verdicts, so a merge of shard reports can judge the same way. */
interface RunOptions {
  reference_only: boolean;
  strict: boolean;
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
  /**
   * Extra artefacts for reviewers, e.g. a diff image as a data URL. Artifacts sharing a `group` (a PDF
   * page) are shown side by side, each in its `role`.
   */
  artifacts?: { label: string; data_url: string; group?: string; role?: 'expected' | 'actual' | 'diff' }[];
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
  options?: RunOptions;
  /** how many characters of a value text reports show (tolerance.yaml options.truncate_diff_chars) */
  value_chars?: number;
  /** the tool's environment by name, never values; absent when the tool was not started */
  environment?: EnvironmentSummary;
}

export function overallOf(statuses: Iterable<Status>): Report['overall'] {
  let overall: Report['overall'] = 'pass';
  for (const s of statuses) {
    if (s === 'fail') return 'fail';
    if (s === 'warn') overall = 'warn';
  }
  return overall;
}
