import path from 'node:path';
import type { InterpreterProbe } from '../tool/dependencies.js';
import type { EnvironmentSummary } from '../model/environment.js';
import type { FolderSeal } from '../source/folder-seal.js';
import type { Manifest } from '../model/manifest.js';
import type { ManifestLoad } from '../tool/manifest.js';
import type { Runtime } from '../tool/runtime.js';
import type { StopResult, ToolProcess } from '../tool/spawn.js';
import type { CheckName, CheckOutcome, CheckPhase, CheckResult, FixtureResult } from '../model/report.js';
import type { ReferenceRead } from '../reference/read-reference.js';
import type { EarlyStart } from '../tool/start-plan.js';
import type { ValidateOptions } from '../model/options.js';
import type { ValueCap } from '../report/value-cap.js';
import type { MessageTable } from '../util/message-table.js';

export type { CheckOutcome } from '../model/report.js';

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
  /** what the tool's Python interpreter said while check 4 read the imports (check 5 reuses it) */
  interpreterProbe?: InterpreterProbe;
  /** the tool launched before the static checks, until check 6 adopts it (or the run stops it) */
  early?: EarlyStart;
  spawnLog: string | null;
  sampleInputs: Record<string, unknown> | null;
  sampleRunId?: string;
  sampleOutput: Record<string, unknown> | null;
  fixtures: FixtureResult[];
  /** what the report keeps of values (one total per report) */
  valueCap?: ValueCap;
  warnings: string[];
  /** faults of pixie itself (a check threw): reported, and the CLI exits 2 */
  errors: string[];
  stopResult?: StopResult;
  /**
   * Set by validateTool() when nothing after the fixtures asks the tool anything (no --explore): the
   * fixtures check then begins the tool's shutdown once its last request is answered, while it still
   * compares, and check 11 reports that shutdown.
   */
  stopAfterFixtures?: boolean;
  /** reference/ as read while the tool started (check 6), for check 12 to take */
  referenceRead?: ReferenceRead;
  /** what reference/ held before the tool started (check 6), or when --watch went on with it */
  referenceSeal?: FolderSeal;
  /** the tool's shutdown, once begun (checks/clean-shutdown.ts) */
  shutdown?: Promise<Shutdown>;
  /** addresses beyond loopback the tool listened on once started (check 6 warns about them) */
  exposedListeners?: string[];
  /** characters of a value that text reports show, from tolerance.yaml */
  valueChars?: number;
  /** peak resident memory of the tool, MiB */
  peakMemoryMb: number | null;
  /** names of what the tool's environment got and did not get (check 6) */
  environment?: EnvironmentSummary;
}

/** What stopping the tool found: listeners opened since start-up, and how it stopped. */
export interface Shutdown {
  lateListeners: string[];
  result: StopResult;
}

/** The state of a validation before any check ran, for the tool in `toolDir`. */
export function initialState(toolDir: string): ValidationState {
  return {
    toolId: path.basename(toolDir),
    entrypoint: null,
    runtime: null,
    spawnLog: null,
    sampleInputs: null,
    sampleOutput: null,
    fixtures: [],
    warnings: [],
    errors: [],
    peakMemoryMb: null,
  };
}

export interface CheckContext {
  toolDir: string;
  options: ValidateOptions;
  state: ValidationState;
  results: ReadonlyMap<CheckName, CheckResult>;
}

export interface Check {
  name: CheckName;
  /** contract checks (the tool's HTTP contract) are skipped under --reference-only; fixtures are not */
  phase: CheckPhase;
  /** checks that must pass (or warn) first; otherwise this one is `skip` */
  requires?: readonly CheckName[];
  /** needed to start the tool, so it also runs (silently) under --reference-only */
  startsTool?: boolean;
  /** what the fixtures are judged against (a coherent tool.json): it also runs silently under --reference-only, and check 12 fails when it fails */
  judgesFixtures?: boolean;
  /** runs after every other check though numbered earlier (clean_shutdown runs after fixtures) */
  runsLast?: boolean;
  /** Every sentence the check writes (messages, details, findings, fixes), one typed entry each (util/message-table.ts). */
  messages: MessageTable;
  run(ctx: CheckContext): Promise<CheckOutcome> | CheckOutcome;
  /** the outcome when a requirement did not pass, instead of a plain skip (`why` names the requirement) */
  whenUnmet?(ctx: CheckContext, why: string): CheckOutcome | null;
}
