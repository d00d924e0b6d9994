// --explore inside `pixie validate`: after checks 1–12 have run (and before the tool is stopped),
// explore the running tool's inputs, starting it again whenever an input kills it, and report
// what was found as the report's `explore` section (docs/checks.md, exploring inputs).
import { passedNames } from '../tool/start-plan.js';
import type { CheckContext } from '../checks/types.js';
import { finding, type Finding } from '../model/finding.js';
import type { ExploreFailure, ExploreResult } from '../model/report.js';
import type { Manifest } from '../model/manifest.js';
import { startTool } from '../tool/spawn.js';
import type { ExploreOptions } from '../model/options.js';
import { startupTimeoutMs } from '../tool/timeouts.js';
import { startCommand } from './curl.js';
import { runNegative } from './negative.js';
import { runExplore, type ToolHandle } from './runner.js';
import type { MessageTable } from '../util/message-table.js';
import { saveFailures } from './save.js';
import { exploreSeed } from './seed.js';

const messages = {
  chat: () => "skipped: --negative varies a form's inputs, and a chat tool has none",
  triedNegative: (requests: number, secs: string) => `${requests} forbidden input(s) sent in ${secs} s`,
  allRefused: (tried: string) => `every forbidden input was refused with a 4xx (${tried})`,
} satisfies MessageTable;

const DEFAULT_RUNS = 200;
const DEFAULT_SECONDS = 60;
const STOP_GRACE_MS = 2000;

function findingOf(f: ExploreFailure, manifest: Manifest): Finding {
  const index = manifest.inputs.findIndex((i) => i.key === f.offending[0]);
  const shown = f.offending.map((k) => `${k} = ${JSON.stringify(f.inputs[k])?.slice(0, 80)}`).join(', ');
  return finding(f.kind === 'rejected' ? 'explore-rejected' : 'explore-failure', {
    file: 'tool.json',
    ...(index >= 0 ? { path: `inputs[${index}]` } : {}),
    message: `${f.message}${shown ? ` (with ${shown})` : ' (with the sample inputs)'}`,
    fix:
      f.kind === 'rejected'
        ? 'make the tool accept this input, or narrow tool.json (min, max, options, max_length) so it is not allowed'
        : f.kind === 'accepted_invalid'
          ? `refuse it with HTTP 422 and a detail that names the input; reproduce it: ${f.curl}`
          : `reproduce it: ${f.curl}`,
  });
}

function skipped(seed: number, options: ExploreOptions, message: string): ExploreResult {
  return {
    status: 'skip',
    message,
    seed,
    budget: { runs: options.runs ?? DEFAULT_RUNS, seconds: options.seconds ?? DEFAULT_SECONDS },
    runs: 0,
    requests: 0,
    restarts: 0,
    duration_ms: 0,
    stopped: null,
    start_command: null,
    failures: [],
  };
}

export async function exploreTool(ctx: CheckContext, options: ExploreOptions): Promise<ExploreResult> {
  const { state, toolDir } = ctx;
  const seed = exploreSeed(options);
  const budget = { runs: options.runs ?? DEFAULT_RUNS, seconds: options.seconds ?? DEFAULT_SECONDS };
  const manifest = state.manifest;
  if (!manifest || !state.tool || !state.entrypoint || !state.runtime)
    return skipped(seed, options, 'skipped: the tool did not start (check 6), so there was nothing to explore');
  const { entrypoint, runtime } = state;
  const started = performance.now();
  let finished = false;
  const tool: ToolHandle = {
    current: () => state.tool!,
    async restart() {
      // once exploring is over, clean_shutdown owns the tool: never start another behind its back
      if (finished) return 'exploring had ended';
      await state.tool!.stop(STOP_GRACE_MS);
      // started as check 6 started it: the same environment and start-up deadline
      const result = await startTool({
        toolDir,
        entrypoint,
        runtime,
        healthTimeoutMs: startupTimeoutMs(manifest, ctx.options),
        passEnv: passedNames(manifest, ctx.options),
      });
      if (!result.ok) return result.message;
      state.tool = result.tool;
      return null;
    },
  };
  // a tool that died during checks 7–12 is started again, so exploring starts from a live one
  if (state.tool.exitStatus()) {
    const why = await tool.restart();
    if (why) return skipped(seed, options, `skipped: the tool had stopped and did not start again: ${why}`);
  }
  const negative = options.negative === true;
  if (negative && manifest.layout === 'chat') return { ...skipped(seed, options, messages.chat()), negative };
  const outcome = await (negative
    ? runNegative({ manifest, tool, seconds: budget.seconds })
    : runExplore({ manifest, tool, seed, ...budget })
  ).finally(() => {
    finished = true;
  });
  const { failures } = outcome;
  const saveProblem = options.save ? saveFailures(toolDir, failures, seed, negative) : null;
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  const tried = negative
    ? messages.triedNegative(outcome.requests, secs)
    : `${outcome.runs} generated input(s), ${outcome.requests} request(s) in ${secs} s, seed ${seed}`;
  const message = failures.length
    ? `${failures.length} kind(s) of failure on inputs tool.json ${negative ? 'forbids' : 'allows'} (${tried}): ${failures[0]!.message}`
    : negative
      ? messages.allRefused(tried)
      : `no failure in ${tried}`;
  const notes = [outcome.stopped, saveProblem ? `--save: ${saveProblem}` : null].filter(Boolean);
  return {
    status: failures.length ? 'fail' : 'pass',
    message: notes.length ? `${message}; ${notes.join('; ')}` : message,
    seed,
    budget,
    runs: outcome.runs,
    requests: outcome.requests,
    restarts: outcome.restarts,
    duration_ms: Math.round(performance.now() - started),
    stopped: outcome.stopped,
    start_command: startCommand(runtime, entrypoint),
    failures,
    ...(negative ? { negative } : {}),
    ...(failures.length ? { findings: failures.map((f) => findingOf(f, manifest)) } : {}),
  };
}
