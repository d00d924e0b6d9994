// validateTool(): the one orchestrator behind `pixie validate` and `pixie serve`.
import path from 'node:path';
import { CHECKS } from '../checks/index.js';
import type { Check, CheckContext, CheckOutcome, ValidationState } from '../checks/types.js';
import type { ValidateOptions } from './options.js';
import { overallOf, type CheckResult, type Report } from '../report/model.js';

function executionOrder(checks: readonly Check[]): Check[] {
  return [...checks.filter((c) => !c.runsLast), ...checks.filter((c) => c.runsLast)];
}

function unmetRequirement(check: Check, results: ReadonlyMap<number, CheckResult>): string | null {
  for (const n of check.requires ?? []) {
    const r = results.get(n);
    if (!r || (r.status !== 'pass' && r.status !== 'warn')) {
      const name = CHECKS.find((c) => c.number === n)?.name ?? String(n);
      return `skipped: check ${n} ${name} did not pass`;
    }
  }
  return null;
}

/** Why the tool could not be started, from the first start-up check that failed. */
function startFailure(results: ReadonlyMap<number, CheckResult>): string {
  const failed = [...results.values()].find((r) => r.status === 'fail');
  return failed ? `check ${failed.number} ${failed.name} failed: ${failed.message}` : 'an earlier check did not pass';
}

async function runOne(check: Check, ctx: CheckContext): Promise<CheckOutcome> {
  try {
    return await check.run(ctx);
  } catch (err) {
    // a throw is pixie's own fault, never blamed on the tool
    const e = err as Error;
    ctx.state.errors.push(`check ${check.number} ${check.name}: ${e.stack ?? e.message}`);
    return { status: 'fail', message: `internal error in pixie while running this check: ${e.message}`, details: 'this is a bug in pixie, not in the tool; please report it with the report JSON' };
  }
}

export async function validateTool(options: ValidateOptions): Promise<Report> {
  const started = performance.now();
  const timestamp = new Date().toISOString();
  const toolDir = path.resolve(options.toolDir);
  const state: ValidationState = {
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
  const results = new Map<number, CheckResult>();
  const ctx: CheckContext = { toolDir, options, state, results };
  const progress = options.onProgress;
  try {
    for (const check of executionOrder(CHECKS)) {
      progress?.({ kind: 'check-start', tool_id: state.toolId, number: check.number, name: check.name });
      const t0 = performance.now();
      let outcome: CheckOutcome;
      const hidden = options.referenceOnly && check.number <= 11;
      const unmet = unmetRequirement(check, results);
      if (hidden && !check.startsTool) outcome = { status: 'skip', message: 'skipped: --reference-only' };
      else if (unmet && options.referenceOnly && check.number === 12) outcome = { status: 'fail', message: `could not start the tool for the fixtures: ${startFailure(results)}` };
      else if (unmet) outcome = { status: 'skip', message: unmet };
      else outcome = await runOne(check, ctx);
      const result: CheckResult = {
        number: check.number,
        name: check.name,
        status: outcome.status,
        message: outcome.message,
        details: outcome.details ?? null,
        duration_ms: Math.round(performance.now() - t0),
      };
      // under --reference-only the start-up checks still run (fixtures need the tool), but are reported skipped
      results.set(check.number, result);
      progress?.({ kind: 'check-end', tool_id: state.toolId, number: check.number, name: check.name, status: result.status, message: result.message });
    }
  } finally {
    // whatever happened above, the tool is stopped before we return
    if (state.tool && !state.stopResult) {
      state.peakMemoryMb ??= state.tool.peakMemoryMb();
      state.stopResult = await state.tool.stop();
      state.spawnLog ??= state.tool.stderrText() || null;
    }
  }
  const checks = CHECKS.map((c) => {
    const r = results.get(c.number)!;
    if (options.referenceOnly && c.number <= 11) return { ...r, status: 'skip' as const, message: 'skipped: --reference-only', details: null };
    return r;
  });
  return {
    tool_id: state.toolId,
    tool_path: toolDir,
    timestamp,
    overall: overallOf(checks.map((c) => c.status)),
    duration_ms: Math.round(performance.now() - started),
    checks,
    fixtures: state.fixtures,
    sample_inputs: state.sampleInputs,
    sample_output: state.sampleOutput,
    spawn_log: state.spawnLog,
    peak_memory_mb: state.peakMemoryMb,
    warnings: state.warnings,
    errors: state.errors,
  };
}
