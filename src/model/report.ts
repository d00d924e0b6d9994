// The report model: what checks, fixtures and comparators produce, and what every renderer reads.
// Field names are snake_case, as existing Pixie consumers read them (docs/report.md).

import type { EnvironmentSummary } from './environment.js';
import type { Finding } from './finding.js';

export type Status = 'pass' | 'warn' | 'fail' | 'skip';

/**
 * A fixture's status adds `flaky`: repeated runs both passed and failed with no pass_rate to judge
 * them. Checks and outputs never are flaky; for the overall verdict flaky counts as a warning.
 */
export type FixtureStatus = Status | 'flaky';

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
  /** Where `ignore_fields` took fields out of the values before comparing (the first 50 paths). */
  ignored_fields?: string[];
  /** Set when a heavy comparator could not load and the comparison fell back to size + SHA-256. */
  degraded?: { package: string; install: string; reason: string };
  /**
   * Extra artefacts for reviewers, e.g. a diff image as a data URL. Artifacts sharing a `group` (a PDF
   * page) are shown side by side, each in its `role`.
   */
  artifacts?: { label: string; data_url: string; group?: string; role?: 'expected' | 'actual' | 'diff' }[];
  /** When the fixture ran several times: how often this output was within tolerance. */
  runs?: OutputRuns;
}

/** One output across the repeated runs of a fixture (docs/fixtures.md, repeat and pass_rate). */
export interface OutputRuns {
  /** runs in which the output was within tolerance */
  passed: number;
  total: number;
  /** the share of runs it must pass (pass_rate), or null when every run must */
  required: number | null;
  /** mean and standard deviation of a number output's values, to choose a distribution tolerance */
  mean?: number;
  sd?: number;
}

/** One run of a repeated fixture. */
export interface FixtureRunOutcome {
  status: Status;
  message: string;
  duration_ms: number;
  /** outputs that were not within tolerance in this run */
  failed: string[];
}

/** A fixture that ran several times (its `repeat`, or --repeat) and how the runs went. */
export interface FixtureRepeat {
  runs: number;
  /** runs in which every compared output was within tolerance */
  passed: number;
  /** the fixture's pass_rate when it is one number, else null */
  required: number | null;
  per_run: FixtureRunOutcome[];
}

/** A negative fixture's expected refusal (docs/fixtures.md, negative fixtures): an HTTP status, or any 4xx. */
export type ExpectedStatus = number | '4xx';

export interface FixtureResult {
  file: string;
  name: string;
  /** what the fixture exercises, as its author wrote it */
  description?: string | null;
  status: FixtureStatus;
  message: string;
  duration_ms: number;
  source: string | null;
  tags: string[];
  inputs: Record<string, unknown>;
  outputs: OutputComparison[];
  repeat?: FixtureRepeat;
  /** a negative fixture: the refusal it expects */
  expected_status?: ExpectedStatus;
  /** a negative fixture's answer: its HTTP status and the start of its body (absent when none came) */
  response?: { status: number; body: string };
}

/**
 * The comparator name of an output row that is not a comparison: the fixture asserts no outputs
 * (expected_outputs empty or left out), and this is what the tool answered for one declared
 * output, pending as a new expected value (docs/fixtures.md, missing expectations).
 */
export const NEW_EXPECTATION = 'new_expectation';

/** Whether an output row is a new expectation rather than a comparison. */
export const isNewExpectation = (o: Pick<OutputComparison, 'comparator'>): boolean => o.comparator === NEW_EXPECTATION;

/** What made the tool fail on an input tool.json allows (docs/checks.md, exploring inputs). */
export type ExploreFailureKind =
  | 'server_error'
  | 'rejected'
  | 'unexpected_status'
  | 'connection_closed'
  | 'crash'
  | 'timeout'
  | 'memory_limit'
  | 'not_json'
  | 'output_shape'
  | 'protocol'
  /** --negative: the tool answered 2xx to an input tool.json forbids */
  | 'accepted_invalid';

/** One kind of failure, with the smallest input found that causes it. */
export interface ExploreFailure {
  kind: ExploreFailureKind;
  /** one sentence: what the tool did */
  message: string;
  /** the minimal failing input, as sent in the /run body's `inputs` */
  inputs: Record<string, unknown>;
  /** inputs whose value differs from check 8's sample inputs: the ones that matter */
  offending: string[];
  /** shrunk by fast-check, or a change of one input of the sample: nothing smaller is left to try */
  minimal: boolean;
  /** generated inputs that ended in this failure */
  hits: number;
  /** a copy-paste reproduction against the tool started by hand (ExploreResult.start_command) */
  curl: string;
  /** the HTTP status and the start of the body, when the tool answered */
  response: { status: number; body: string } | null;
  /** the end of the tool's stderr, for crashes */
  stderr?: string;
  /** the fixture --save wrote for it, relative to the tool folder */
  saved_as?: string;
}

/** `--explore`: inputs generated from tool.json and what the tool did with them. */
export interface ExploreResult {
  status: 'pass' | 'fail' | 'skip';
  /** --negative: the inputs sent were ones tool.json forbids, and a refusal (4xx) was the right answer */
  negative?: boolean;
  message: string;
  /** the seed: --seed <seed> repeats the run exactly */
  seed: number;
  budget: { runs: number; seconds: number };
  /** generated inputs tried (shrinking excluded) */
  runs: number;
  /** every POST /run sent, shrinking included */
  requests: number;
  /** times the tool was started again after it crashed, hung or outgrew its memory */
  restarts: number;
  duration_ms: number;
  /** why the search ended before its budget ran out, or null */
  stopped: string | null;
  /** how to start the tool by hand for the curl reproductions, from its folder */
  start_command: string | null;
  failures: ExploreFailure[];
  /** one per failure, for annotations and lint-style readers */
  findings?: Finding[];
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
  /** present when the run explored inputs (--explore) */
  explore?: ExploreResult;
  /** the tool's environment by name, never values; absent when the tool was not started */
  environment?: EnvironmentSummary;
}

/** fail beats warn beats pass; flaky counts as warn and skip as nothing. */
export function overallOf(statuses: Iterable<FixtureStatus>): Report['overall'] {
  let overall: Report['overall'] = 'pass';
  for (const s of statuses) {
    if (s === 'fail') return 'fail';
    if (s === 'warn' || s === 'flaky') overall = 'warn';
  }
  return overall;
}

/** A report's overall verdict: its checks, and what exploring found when it explored. */
export function reportOverall(checks: readonly CheckResult[], explore?: ExploreResult): Report['overall'] {
  return overallOf([...checks.map((c) => c.status), ...(explore ? [explore.status] : [])]);
}

/** The comparison of output `key` in fixture `file` of a report. */
export function comparisonOf(report: Report, file: string, key: string): OutputComparison | undefined {
  return report.fixtures.find((f) => f.file === file)?.outputs.find((o) => o.key === key);
}
