import type { Manifest } from '../tool/manifest-types.js';
import type { ManifestLoad } from '../tool/manifest.js';
import type { Runtime } from '../tool/runtime.js';
import type { StopResult, ToolProcess } from '../tool/spawn.js';
import type { CheckResult, FixtureResult, Status } from '../report/model.js';
import type { ValidateOptions } from '../validation/options.js';
import type { FixtureRun } from '../reference/run-fixtures.js';

export interface CheckOutcome {
  status: Status;
  message: string;
  details?: string | null;
}

/** What earlier checks learned, for later ones. Filled in as checks run. */
export interface ValidationState {
  toolId: string;
  manifestLoad?: ManifestLoad;
  /** set once tool.json parsed and matched the schema (check 2) */
  manifest?: Manifest;
  rawManifest?: unknown;
  entrypoint: string | null;
  runtime: Runtime | null;
  tool?: ToolProcess;
  spawnLog: string | null;
  sampleInputs: Record<string, unknown> | null;
  sampleRunId?: string;
  sampleOutput: Record<string, unknown> | null;
  fixtures: FixtureResult[];
  /** fixture results with the raw /run bodies, for --update-fixtures */
  fixtureRuns?: FixtureRun[];
  warnings: string[];
  /** faults of pixie itself (a check threw): reported, and the CLI exits 2 */
  errors: string[];
  stopResult?: StopResult;
  /** peak resident memory of the tool, MiB */
  peakMemoryMb: number | null;
}

export interface CheckContext {
  toolDir: string;
  options: ValidateOptions;
  state: ValidationState;
  results: ReadonlyMap<number, CheckResult>;
}

export interface Check {
  number: number;
  name: string;
  /** checks that must pass (or warn) first; otherwise this one is `skip` */
  requires?: readonly number[];
  /** needed to start the tool, so it also runs (silently) under --reference-only */
  startsTool?: boolean;
  /** runs after every other check though numbered earlier (clean_shutdown runs after fixtures) */
  runsLast?: boolean;
  run(ctx: CheckContext): Promise<CheckOutcome> | CheckOutcome;
}
