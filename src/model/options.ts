import type { ProjectSettings } from './project-settings.js';

export interface ProgressEvent {
  kind: 'check-start' | 'check-end' | 'fixture-end' | 'fixtures-total' | 'explore-start' | 'explore-end';
  tool_id: string;
  number?: number;
  name?: string;
  status?: string;
  message?: string;
  file?: string;
  total?: number;
}

/** The full new values --update-fixtures writes (the report keeps values only up to its limits). */
export interface UpdateValues {
  /** per fixture file, the /run values of its outputs that failed, or of every output of a fixture that asserts none */
  fixtures: Map<string, Record<string, unknown>>;
  /** the sample run's response (check 8), for fixture_sample.json */
  sample: Record<string, unknown> | null;
}

/** One fixture's failing outputs with their full values (the report keeps values only up to its limits). */
export interface FailingOutputs {
  /** fixture file name */
  file: string;
  /** `added`: the fixture asserts no outputs, and this is a new expectation (expected is undefined) */
  outputs: { key: string; type: string; expected: unknown; actual: unknown; added?: true }[];
}

export interface ValidateOptions {
  /** absolute path of the tool folder */
  toolDir: string;
  /** how the commands pixie suggests name the tool, so they work pasted where pixie ran (project/tool-ref.ts); the folder name when unset */
  toolRef?: string;
  referenceOnly?: boolean;
  /** check 12 also fails on warnings, stray reference files and tools without fixtures */
  strict?: boolean;
  /** --fixture tokens (path, file name, bare name or glob) */
  fixture?: string[];
  /** --tag values */
  tag?: string[];
  /** under --all: a --fixture token that matches only other tools' fixtures is not an error here */
  filterAcrossTools?: boolean;
  /** fixtures run at once (default 4) */
  jobs?: number;
  /** --startup-timeout: the /healthz deadline, over tool.json and the project's limits */
  healthTimeoutMs?: number;
  /** run every selected fixture this many times (instead of its own `repeat`) */
  repeat?: number;
  /** check 8 sends the sample input a second time to see whether the outputs change (default true) */
  determinism?: boolean;
  /** generate inputs from tool.json and report those that break the tool (docs/checks.md) */
  explore?: ExploreOptions;
  /** what the project's pixie.config gives every tool: tolerances, environment, limits */
  project?: ProjectSettings;
  onProgress?: (event: ProgressEvent) => void;
  /** what the report keeps of large values; unset parts come from the environment (README, Limits and safety) */
  reportValueLimits?: Partial<ValueCapLimits>;
  /** when given, filled with the full values an update writes */
  updateValues?: UpdateValues;
  /** told the full values of each fixture's out-of-tolerance outputs as the fixture finishes (pending results) */
  onFailingOutputs?: (failing: FailingOutputs) => void;
}

export interface ExploreOptions {
  /** fast-check's seed: the same seed repeats the same inputs (a random one when absent) */
  seed?: number;
  /** generated inputs at most (default 200) */
  runs?: number;
  /** seconds at most (default 60) */
  seconds?: number;
  /** write each failure as reference/fixture_explore_<n>.json */
  save?: boolean;
  /** send inputs tool.json forbids instead (src/explore/negative.ts): a refusal is the right answer */
  negative?: boolean;
}

/** What a report keeps of large values (report/value-cap.ts applies it). */
export interface ValueCapLimits {
  /** JSON characters of one value */
  valueChars: number;
  /** JSON characters of all values one report keeps */
  totalChars: number;
  /** levels of nested arrays and objects */
  depth: number;
}

/**
 * What a front door asks of a validation: the command line's flags, the service's JSON bodies and the
 * API's options each translate into this one object, and workflows/options.ts makes it the
 * ValidateOptions of each tool.
 */
export interface ValidateRequest {
  /** where the project is looked for, walking up to pixie.config or tools/ (default: the current directory) */
  cwd?: string;
  /** the tools directory, over $PIXIE_TOOLS_DIR and the config's tools_dir (relative to `cwd`) */
  toolsDir?: string;
  /** report the contract checks as skipped and judge only the reference fixtures */
  referenceOnly?: boolean;
  /** the fixtures check also fails on warnings, stray reference files and tools without fixtures */
  strict?: boolean;
  /** fixture selectors: a path, file name, bare name or glob */
  fixture?: string[];
  tag?: string[];
  /** fixtures run at once in one tool (default 4, or the config's jobs); over many tools, tools at once */
  jobs?: number;
  /** seconds a tool may take to answer /healthz, over tool.json and the config */
  startupTimeout?: number;
  /** runs of every selected fixture, instead of each fixture's own `repeat` */
  repeat?: number;
  /** false: check 8 sends the sample input once, not twice */
  determinism?: boolean;
  /** also explore the tool's inputs; `{}` for the default budget and a random seed */
  explore?: ExploreOptions;
  /** keep every value whole in the report (--json-full) */
  wholeValues?: boolean;
  onProgress?: (event: ProgressEvent) => void;
  /** record out-of-tolerance values in .pixie/pending for review (the command line does) */
  recordPending?: boolean;
}

/** Which of the project's tools a run takes, besides naming one: --all, --changed, --shard. */
export interface ToolSelection {
  all?: boolean;
  /** true, or a git ref */
  changed?: string | boolean;
  /** "i/n": of the tools, or of one tool's fixtures */
  shard?: string;
  /** a previous report, to balance shards by duration */
  durations?: string;
}
