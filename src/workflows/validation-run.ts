// One validation of one tool: the twelve checks in order against shared state, the tool always
// stopped at the end. runValidation() runs them all; --watch and the Vitest integration run them in
// groups (start-up, contract, fixtures, shutdown) against one started tool.
import path from 'node:path';
import { sealFolder } from '../source/folder-seal.js';
import { CHECKS, checkNumber } from '../checks/index.js';
import {
  type Check,
  type CheckContext,
  type CheckOutcome,
  initialState,
  type ValidationState,
} from '../checks/types.js';
import type { ValidateOptions } from '../model/options.js';
import { reportOverall, type CheckName, type CheckResult, type ExploreResult, type Report } from '../model/report.js';
import { createValueCap, valueCapLimits } from '../report/value-cap.js';
import { stopEarly } from '../tool/start-plan.js';
import { startEarly } from './startup.js';

/** The checks in the order they run, with the place of --explore: after the others, before those that run last. */
function executionOrder(checks: readonly Check[]): (Check | 'explore')[] {
  return [...checks.filter((c) => !c.runsLast), 'explore', ...checks.filter((c) => c.runsLast)];
}

async function explore(ctx: CheckContext): Promise<ExploreResult | undefined> {
  const options = ctx.options.explore;
  if (!options) return undefined;
  const { state, options: validate } = ctx;
  validate.onProgress?.({ kind: 'explore-start', tool_id: state.toolId });
  // fast-check loads only when exploring
  const { exploreTool } = await import('../explore/explore-step.js');
  try {
    const result = await exploreTool(ctx, options);
    validate.onProgress?.({
      kind: 'explore-end',
      tool_id: state.toolId,
      status: result.status,
      message: result.message,
    });
    return result;
  } catch (err) {
    const e = err as Error;
    state.errors.push(`--explore: ${e.stack ?? e.message}`);
    return undefined;
  }
}

function unmetRequirement(check: Check, results: ReadonlyMap<CheckName, CheckResult>): string | null {
  for (const name of check.requires ?? []) {
    const r = results.get(name);
    if (!r || (r.status !== 'pass' && r.status !== 'warn'))
      return `skipped: check ${checkNumber(name)} ${name} did not pass`;
  }
  return null;
}

async function runOne(check: Check, ctx: CheckContext): Promise<CheckOutcome> {
  try {
    return await check.run(ctx);
  } catch (err) {
    // a throw is pixie's own fault, never blamed on the tool
    const e = err as Error;
    ctx.state.errors.push(`check ${checkNumber(check.name)} ${check.name}: ${e.stack ?? e.message}`);
    return {
      status: 'fail',
      message: `internal error in pixie while running this check: ${e.message}`,
      details: 'this is a bug in pixie, not in the tool; please report it with the report JSON',
    };
  }
}

/** Checks 1–6: the folder, tool.json, dependencies, the runtime, and the tool started. */
const STARTUP_CHECKS = CHECKS.slice(0, CHECKS.findIndex((c) => c.name === 'tool_spawns') + 1);
/** The contract checks that ask the running tool (7–10). */
const CONTRACT_CHECKS = CHECKS.filter((c) => c.phase === 'contract' && !c.runsLast && !STARTUP_CHECKS.includes(c));
const FIXTURES_CHECK = CHECKS.find((c) => c.phase === 'fixtures')!;
const SHUTDOWN_CHECK = CHECKS.find((c) => c.runsLast)!;

/**
 * One validation in progress: the checks run one at a time against shared state, and the tool is
 * stopped by stop() whatever happened. runValidation() runs them all; --watch and the Vitest
 * integration run them in groups (start-up, contract, fixtures, shutdown) against one started tool.
 */
export class ValidationRun {
  readonly state: ValidationState;
  readonly results = new Map<CheckName, CheckResult>();
  readonly ctx: CheckContext;
  /** what --explore found, once it has run */
  explored: ExploreResult | undefined;
  private readonly started = performance.now();
  private readonly timestamp = new Date().toISOString();

  constructor(readonly options: ValidateOptions) {
    const toolDir = path.resolve(options.toolDir);
    this.state = {
      ...initialState(toolDir),
      valueCap: createValueCap(valueCapLimits(options.reportValueLimits)),
    };
    this.ctx = { toolDir, options, state: this.state, results: this.results };
  }

  /** Runs one check (or records why it is skipped) and returns its result. */
  async run(check: Check, ctx: CheckContext = this.ctx): Promise<CheckResult> {
    const { options, state } = this;
    const progress = options.onProgress;
    const number = checkNumber(check.name);
    progress?.({ kind: 'check-start', tool_id: state.toolId, number, name: check.name });
    const t0 = performance.now();
    let outcome: CheckOutcome;
    // under --reference-only the contract checks that start the tool still run (fixtures need it), but are reported skipped
    const hidden = options.referenceOnly && check.phase === 'contract';
    const unmet = unmetRequirement(check, this.results);
    if (hidden && !check.startsTool && !check.judgesFixtures)
      outcome = { status: 'skip', message: 'skipped: --reference-only' };
    else if (unmet) outcome = check.whenUnmet?.(ctx, unmet) ?? { status: 'skip', message: unmet };
    else outcome = await runOne(check, ctx);
    const result: CheckResult = {
      number,
      name: check.name,
      phase: check.phase,
      status: outcome.status,
      message: outcome.message,
      details: outcome.details ?? null,
      duration_ms: Math.round(performance.now() - t0),
      ...(outcome.findings?.length ? { findings: outcome.findings } : {}),
    };
    this.results.set(check.name, result);
    progress?.({
      kind: 'check-end',
      tool_id: state.toolId,
      number,
      name: check.name,
      status: result.status,
      message: result.message,
    });
    return result;
  }

  /** Launches the tool now, so that it boots while the static checks run (check 6 adopts it). */
  async startEarly(): Promise<void> {
    if (this.state.early) return;
    this.state.early = (await startEarly(this.ctx.toolDir, this.options)) ?? undefined;
  }

  /** Checks 1–6, the last of which starts the tool (launched early first when `early`); their results. */
  async startTool(opts: { early: boolean }): Promise<CheckResult[]> {
    if (opts.early) await this.startEarly();
    const results: CheckResult[] = [];
    for (const check of STARTUP_CHECKS) results.push(await this.run(check));
    return results;
  }

  /** Checks 7–10 against the running tool. */
  async contract(): Promise<CheckResult[]> {
    const results: CheckResult[] = [];
    for (const check of CONTRACT_CHECKS) results.push(await this.run(check));
    return results;
  }

  /** Check 12, for the run's selected fixtures or only `file` (a fixture file name). */
  fixtures(file?: string): Promise<CheckResult> {
    if (!file) return this.run(FIXTURES_CHECK);
    const options = { ...this.ctx.options, fixture: [`reference/${file}`], tag: [] };
    return this.run(FIXTURES_CHECK, { ...this.ctx, options });
  }

  /** Check 11: stops the tool and reports how; with `deferred`, reports it skipped for that reason and keeps the tool up. */
  shutdown(deferred?: string): Promise<CheckResult> {
    if (!deferred) return this.run(SHUTDOWN_CHECK);
    return this.run({ ...SHUTDOWN_CHECK, requires: [], run: () => ({ status: 'skip', message: deferred }) });
  }

  /**
   * A new run against the tool this one started (`--watch` after an edit of reference/): every
   * result but the fixtures check's is kept, the report starts afresh, and the tool is the new run's.
   */
  continueWith(options: ValidateOptions = this.options): ValidationRun {
    const next = new ValidationRun(options);
    const { fixtures: _fixtures, errors: _errors, valueCap: _cap, referenceRead: _read, ...kept } = this.state;
    Object.assign(next.state, kept);
    // reference/ as the user left it (--watch goes on because they edited it): the tool writes nothing from here
    next.state.referenceSeal = sealFolder(path.join(next.ctx.toolDir, 'reference'));
    for (const [name, r] of this.results) if (r.phase !== 'fixtures') next.results.set(name, r);
    return next;
  }

  /** Stops the tool if it is still running (clean_shutdown normally has), or one started early that check 6 never took. */
  async stop(): Promise<void> {
    const { state } = this;
    if (state.early) {
      const early = state.early;
      state.early = undefined;
      await stopEarly(early);
    }
    // a shutdown the fixtures check began: check 11 may not have run to see it through
    if (state.shutdown) await state.shutdown.catch(() => undefined);
    if (state.tool && !state.stopResult) {
      state.peakMemoryMb ??= state.tool.peakMemoryMb();
      state.stopResult = await state.tool.stop();
      state.spawnLog ??= state.tool.stderrText() || null;
    }
  }

  /** The report of every check run so far (all of them, after validateTool). */
  report(): Report {
    const { options, state } = this;
    // the report keeps sample values as it keeps fixture values: through the one cap
    const keep = (v: Record<string, unknown> | null) => (v === null ? null : state.valueCap!.keepEach(v));
    const checks = CHECKS.filter((c) => this.results.has(c.name)).map((c): CheckResult => {
      const r = this.results.get(c.name)!;
      if (options.referenceOnly && c.phase === 'contract')
        return {
          number: r.number,
          name: r.name,
          phase: r.phase,
          status: 'skip',
          message: 'skipped: --reference-only',
          details: null,
          duration_ms: r.duration_ms,
        };
      return r;
    });
    return {
      tool_id: state.toolId,
      tool_path: this.ctx.toolDir,
      timestamp: this.timestamp,
      overall: reportOverall(checks, this.explored),
      duration_ms: Math.round(performance.now() - this.started),
      checks,
      fixtures: state.fixtures,
      sample_inputs: keep(state.sampleInputs),
      sample_output: keep(state.sampleOutput),
      spawn_log: state.spawnLog,
      peak_memory_mb: state.peakMemoryMb,
      warnings: state.warnings,
      errors: state.errors,
      options: { reference_only: Boolean(options.referenceOnly), strict: Boolean(options.strict) },
      ...(state.valueChars !== undefined ? { value_chars: state.valueChars } : {}),
      ...(state.environment ? { environment: state.environment } : {}),
      ...(this.explored ? { explore: this.explored } : {}),
    };
  }
}

/** Every check against the tool in `options.toolDir`, which is stopped before this returns. */
export async function runValidation(options: ValidateOptions): Promise<Report> {
  const run = new ValidationRun(options);
  // --explore asks the tool more after the fixtures; otherwise it may stop while they are compared
  run.state.stopAfterFixtures = !options.explore;
  try {
    await run.startEarly();
    for (const check of executionOrder(CHECKS))
      if (check === 'explore') run.explored = await explore(run.ctx);
      else await run.run(check);
  } finally {
    // whatever happened above, the tool is stopped before we return
    await run.stop();
  }
  if (options.updateValues) options.updateValues.sample = run.state.sampleOutput;
  return run.report();
}
