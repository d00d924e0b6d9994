// A fixture run several times (its `repeat`, or --repeat): the runs folded, as they finish, into one
// result that keeps every run's outcome, each output's tally across runs, and one run's comparisons
// to show. Only the runs that may be shown are held, so twenty runs cost two runs' values.
// reference/verdict.ts decides what the tallies mean.
import type { FixtureResult, FixtureRunOutcome, OutputComparison, OutputRuns } from '../model/report.js';
import type { Fixture } from './load.js';
import { repeatVerdict } from './verdict.js';

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

export class RepeatedRuns {
  private readonly perRun: FixtureRunOutcome[];
  private readonly keys: string[];
  private readonly passed: Map<string, number>;
  private readonly numbers: Map<string, (number | undefined)[]>;
  /** the first failing run and the last passing one (by run number): the candidates to show */
  private failing: { at: number; result: FixtureResult } | null = null;
  private passing: { at: number; result: FixtureResult } | null = null;

  constructor(
    private readonly fixture: Fixture,
    private readonly total: number,
  ) {
    this.perRun = new Array(total);
    this.keys = Object.keys(fixture.expected_outputs);
    this.passed = new Map(this.keys.map((k) => [k, 0]));
    this.numbers = new Map(this.keys.map((k) => [k, new Array<number | undefined>(total)]));
  }

  /** Run number `at` (0-based) finished with `result`. */
  add(at: number, result: FixtureResult): void {
    this.perRun[at] = {
      status: result.status === 'flaky' ? 'warn' : result.status,
      message: result.message,
      duration_ms: result.duration_ms,
      failed: result.outputs.filter((o) => !within(o)).map((o) => o.key),
    };
    for (const key of this.keys) {
      const o = result.outputs.find((c) => c.key === key);
      if (o && within(o)) this.passed.set(key, this.passed.get(key)! + 1);
      if (o?.type === 'number') this.numbers.get(key)![at] = numberOf(o.actual);
    }
    if (result.status === 'fail') {
      if (!this.failing || at < this.failing.at) this.failing = { at, result };
    } else if (!this.passing || at > this.passing.at) this.passing = { at, result };
  }

  /** The fixture's result once every run has been added. */
  result(): FixtureResult {
    const runs = this.perRun;
    const tallies = this.keys.map((key) => ({ key, passed: this.passed.get(key)! }));
    const verdict = repeatVerdict({
      runs: runs.map((r) => r.status),
      outputs: tallies,
      passRate: this.fixture.pass_rate,
    });
    // the run shown explains the verdict: a failing run when the fixture did not pass, else a passing one
    const ok = verdict.status === 'pass' || verdict.status === 'warn';
    const shown = ((ok ? this.passing : this.failing) ?? this.passing ?? this.failing)!.result;
    const outputs = shown.outputs.map((o): OutputComparison => {
      const judged = verdict.outputs.get(o.key);
      if (!judged) return o;
      const numbers = this.numbers.get(o.key);
      const values = o.type === 'number' && numbers ? spread(Array.from(numbers)) : {};
      return {
        ...o,
        // an output judged by its tally passes on its pass_rate even when the run shown missed
        status: o.status === 'skip' ? 'skip' : judged.status,
        runs: { passed: this.passed.get(o.key)!, total: this.total, required: judged.required, ...values },
      };
    });
    return {
      ...shown,
      status: verdict.status,
      message: verdict.message,
      duration_ms: runs.reduce((a, r) => a + r.duration_ms, 0),
      outputs,
      repeat: {
        runs: this.total,
        passed: runs.filter((r) => r.status !== 'fail').length,
        required: typeof this.fixture.pass_rate === 'number' ? this.fixture.pass_rate : null,
        per_run: runs,
      },
    };
  }
}
