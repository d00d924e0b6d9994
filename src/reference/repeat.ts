// A fixture run several times (its `repeat`, or --repeat): the runs folded into one result that
// keeps every run's outcome, each output's tally across runs, and one run's comparisons to show.
// reference/verdict.ts decides what the tallies mean.
import type { FixtureResult, FixtureRunOutcome, OutputComparison, OutputRuns } from '../report/model.js';
import type { Fixture } from './load.js';
import { repeatVerdict } from './verdict.js';

export interface FixtureRun {
  result: FixtureResult;
  /** the parsed /run body, for --update-fixtures */
  actual: Record<string, unknown> | null;
}

const within = (o: OutputComparison) => o.status !== 'fail';

function numberOf(v: unknown): number | undefined {
  const x = v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v;
  return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
}

/** Mean and standard deviation of a number output's values across runs, when every run gave one. */
function spread(values: (number | undefined)[]): Pick<OutputRuns, 'mean' | 'sd'> {
  const xs = values.filter((v): v is number => v !== undefined);
  if (xs.length < 2 || xs.length !== values.length) return {};
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
  return { mean: Number(mean.toPrecision(12)), sd: Number(sd.toPrecision(6)) };
}

export function combineRuns(fixture: Fixture, runs: FixtureRun[]): FixtureRun {
  const perRun: FixtureRunOutcome[] = runs.map(({ result }) => ({
    status: result.status === 'flaky' ? 'warn' : result.status,
    message: result.message,
    duration_ms: result.duration_ms,
    failed: result.outputs.filter((o) => !within(o)).map((o) => o.key),
  }));
  const keys = Object.keys(fixture.expected_outputs);
  const tallies = keys.map((key) => ({
    key,
    passed: runs.filter((r) => r.result.outputs.some((o) => o.key === key && within(o))).length,
  }));
  const verdict = repeatVerdict({ runs: perRun.map((r) => r.status), outputs: tallies, passRate: fixture.pass_rate });
  // the run shown explains the verdict: a failing run when the fixture did not pass, else a passing one
  const failing = runs.find((r) => r.result.status === 'fail');
  const passing = runs.findLast((r) => r.result.status !== 'fail');
  const shown = (verdict.status === 'pass' || verdict.status === 'warn' ? passing : failing) ?? runs[runs.length - 1]!;
  const outputs = shown.result.outputs.map((o): OutputComparison => {
    const judged = verdict.outputs.get(o.key);
    if (!judged) return o;
    const tally = tallies.find((t) => t.key === o.key)!;
    const values = o.type === 'number' ? spread(runs.map((r) => numberOf(r.actual?.[o.key]))) : {};
    return {
      ...o,
      // an output judged by its tally passes on its pass_rate even when the run shown missed
      status: o.status === 'skip' ? 'skip' : judged.status,
      runs: { passed: tally.passed, total: runs.length, required: judged.required, ...values },
    };
  });
  const passed = perRun.filter((r) => r.status !== 'fail').length;
  return {
    result: {
      ...shown.result,
      status: verdict.status,
      message: verdict.message,
      duration_ms: perRun.reduce((a, r) => a + r.duration_ms, 0),
      outputs,
      repeat: {
        runs: runs.length,
        passed,
        required: typeof fixture.pass_rate === 'number' ? fixture.pass_rate : null,
        per_run: perRun,
      },
    },
    actual: shown.actual,
  };
}
