// Check 12's verdict, in one place: from what was found around the run (load problems, the
// selection, memory, stray files) and the fixture results, under --strict or not. The check calls
// it after a run and `pixie report merge` calls it on shard reports, so both always agree.
import { findingLine, severityOf, type Finding } from '../model/finding.js';
import type { CheckOutcome, FixtureResult, FixtureStatus, Status } from '../model/report.js';
import type { FindingCode } from '../model/severity.js';

export interface FixturesVerdictInput {
  /** located problems found before or around the run */
  findings: readonly Finding[];
  fixtures: readonly FixtureResult[];
  strict: boolean;
  /** the tool folder's name, for the command that adds a first fixture */
  toolName: string;
}

/** Findings with their own verdict sentence; any other error is a problem in a reference file. */
const OWN_VERDICT = new Set<FindingCode>([
  'incoherent-manifest',
  'tool-not-started',
  'reference-written',
  'fixture-not-found',
  'memory-limit',
  'no-fixtures',
  'no-fixture-selected',
  'stray-reference-file',
  'output-not-covered',
]);

/** Findings worth a line in the details whatever the verdict, which they do not change. */
const NOTED = new Set<FindingCode>(['output-not-covered']);

export function fixturesVerdict(input: FixturesVerdictInput): CheckOutcome {
  const findings = input.findings.map((f) => ({ ...f, severity: severityOf(f.code, { strict: input.strict }) }));
  const base = baseVerdict(input);
  const strictJudged = input.strict ? strictVerdict(base, input) : base;
  const notes = findings.filter((f) => NOTED.has(f.code)).map((f) => `${findingLine(f)}: ${f.fix ?? ''}`);
  const judged = notes.length
    ? { ...strictJudged, details: [strictJudged.details, ...notes].filter(Boolean).join('\n') }
    : strictJudged;
  return findings.length ? { ...judged, findings } : judged;
}

function baseVerdict({ findings, fixtures }: FixturesVerdictInput): CheckOutcome {
  const first = (code: FindingCode) => findings.find((f) => f.code === code);
  // under --reference-only: tool.json contradicts itself (check 3), then the tool did not start
  const incoherent = first('incoherent-manifest');
  const notStarted = first('tool-not-started');
  if (incoherent)
    return { status: 'fail', message: incoherent.message, details: notStarted ? notStarted.message : null };
  if (notStarted) return { status: 'fail', message: notStarted.message };
  // fixtures the tool may have rewritten prove nothing, whatever they said
  const written = first('reference-written');
  if (written) return { status: 'fail', message: written.message, details: written.fix ?? null };
  const problems = findings.filter((f) => !OWN_VERDICT.has(f.code) && severityOf(f.code) === 'error');
  if (problems.length) {
    return {
      status: 'fail',
      message: `${problems.length} problem(s) in reference files; no fixture was run: ${findingLine(problems[0]!)}`,
      details: problems.map(findingLine).join('\n'),
    };
  }
  // a filter that picks nothing is a mistake (a typo in CI must not turn green), never a skip
  const notFound = first('fixture-not-found') ?? first('no-fixture-selected');
  if (notFound) return { status: 'fail', message: notFound.message, details: notFound.fix ?? null };
  const none = first('no-fixtures');
  if (none && fixtures.length === 0) return { status: 'skip', message: none.message };
  const memory = first('memory-limit');
  if (memory) return { status: 'fail', message: memory.message };
  // warnings from loading (a required input left out) let the fixtures run, then make the check warn
  const warnings = findings.filter((f) => !OWN_VERDICT.has(f.code) && severityOf(f.code) === 'warning');
  return withWarnings(resultsVerdict(fixtures), warnings);
}

function withWarnings(judged: CheckOutcome, warnings: readonly Finding[]): CheckOutcome {
  if (warnings.length === 0 || judged.status === 'fail' || judged.status === 'skip') return judged;
  const lines = warnings.map(findingLine);
  return {
    status: 'warn',
    message: `${judged.message}; ${warnings.length} warning(s) in reference files: ${lines[0]}`,
    details: [judged.details, ...lines].filter(Boolean).join('\n'),
  };
}

/** The verdict from the fixture results alone. */
function resultsVerdict(fixtures: readonly FixtureResult[]): CheckOutcome {
  const count = (s: FixtureStatus) => fixtures.filter((f) => f.status === s).length;
  const [failed, passed, warned, skipped] = [count('fail'), count('pass'), count('warn'), count('skip')];
  const flaky = count('flaky');
  if (failed)
    return {
      status: 'fail',
      message: `${failed} of ${fixtures.length} fixture(s) failed (${passed} passed, ${skipped} skipped)`,
    };
  const degraded = fixtures.flatMap((f) => f.outputs).filter((o) => o.degraded);
  if (degraded.length) {
    const packages = [...new Map(degraded.map((o) => [o.degraded!.package, o.degraded!])).values()];
    const notes = packages.map(
      (d) =>
        `${d.package} could not be loaded, so ${degraded.filter((o) => o.degraded!.package === d.package).length} comparison(s) fell back to size + SHA-256; install it with: ${d.install}`,
    );
    const differing = degraded.filter((o) => o.status !== 'pass').length;
    return {
      status: 'warn',
      message: `${degraded.length} comparison(s) fell back to size + SHA-256 because ${packages.map((p) => p.package).join(', ')} could not be loaded${differing ? ` (${differing} with different bytes, not judged)` : ''}; ${passed} fixture(s) matched`,
      details: notes.join('\n'),
    };
  }
  if (flaky)
    return {
      status: 'warn',
      message: `${flaky} fixture(s) flaky: their runs both passed and failed; ${passed + warned} matched${skipped ? `; ${skipped} skipped` : ''}`,
      details: fixtures
        .filter((r) => r.status === 'flaky' || r.status === 'warn')
        .map((r) => `${r.file}: ${r.message}`)
        .join('\n'),
    };
  if (passed + warned === 0 && skipped > 0)
    return {
      status: 'warn',
      message: `all ${skipped} fixture(s) skipped`,
      details: fixtures.map((r) => `${r.file}: ${r.message}`).join('\n'),
    };
  if (warned)
    return {
      status: 'warn',
      message: `${passed + warned} fixture(s) matched; ${warned} with warnings${skipped ? `; ${skipped} skipped` : ''}`,
      details: fixtures
        .filter((r) => r.status === 'warn')
        .map((r) => `${r.file}: ${r.message}`)
        .join('\n'),
    };
  return { status: 'pass', message: `${passed} fixture(s) matched${skipped ? `; ${skipped} skipped` : ''}` };
}

/** --strict: stray reference files, a warning and a tool without fixtures all fail the check. */
function strictVerdict(base: CheckOutcome, { findings, fixtures, toolName }: FixturesVerdictInput): CheckOutcome {
  const stray = findings.filter((f) => f.code === 'stray-reference-file');
  const noFixtures = base.status === 'skip' && fixtures.length === 0 && findings.some((f) => f.code === 'no-fixtures');
  const reasons: string[] = [];
  if (stray.length)
    reasons.push(
      `${stray.length} file(s) in reference/ that pixie never reads: ${stray.map((s) => s.file).join(', ')}`,
    );
  if (base.status === 'warn') reasons.push(`check 12 warned: ${base.message}`);
  if (noFixtures)
    reasons.push(
      `${base.message}; add a reference/fixture_<name>.json (pixie validate ${toolName} --update-fixtures --yes writes one from the sample inputs)`,
    );
  if (reasons.length === 0) return base;
  const details = [
    base.status === 'fail' ? base.details : null,
    ...stray.map((s) => `${s.file}: ${s.message}`),
    base.status === 'warn' ? base.details : null,
    '--strict fails check 12 on stray reference files, on warnings and on tools without fixtures',
  ]
    .filter(Boolean)
    .join('\n');
  const message =
    base.status === 'fail' ? `${base.message}; --strict: ${reasons.join('; ')}` : `--strict: ${reasons.join('; ')}`;
  return { status: 'fail', message, details };
}

/** One output of a repeated fixture: in how many runs it was within tolerance. */
interface OutputTally {
  key: string;
  passed: number;
}

export interface RepeatVerdictInput {
  /** each run's status, in run order */
  runs: readonly Status[];
  outputs: readonly OutputTally[];
  /** the fixture's pass_rate: one share, per output key, or null (every run must pass) */
  passRate: number | Readonly<Record<string, number>> | null;
}

export interface RepeatVerdict {
  status: FixtureStatus;
  message: string;
  /** the share each output must reach (null: every run), and whether it did */
  outputs: Map<string, { required: number | null; status: Status }>;
}

const percent = (x: number) => `${Number((x * 100).toFixed(1))} %`;

/** Runs (of `total`) a share needs: 0.8 of 20 is 16. */
function needed(rate: number, total: number): number {
  return Math.ceil(rate * total - 1e-9);
}

/**
 * A repeated fixture's status: with a pass_rate, pass when the share of runs (or of each output's
 * runs) within tolerance reaches it; without one, pass when every run passed, fail when none did,
 * and flaky when some did.
 */
export function repeatVerdict({ runs, outputs, passRate }: RepeatVerdictInput): RepeatVerdict {
  const total = runs.length;
  const within = runs.filter((s) => s === 'pass' || s === 'warn' || s === 'skip').length;
  const warned = runs.includes('warn');
  const judged = new Map<string, { required: number | null; status: Status }>();
  const tallies = `${within} of ${total} runs within tolerance`;
  if (typeof passRate === 'number') {
    for (const o of outputs)
      judged.set(o.key, { required: passRate, status: o.passed >= needed(passRate, total) ? 'pass' : 'fail' });
    const ok = within >= needed(passRate, total);
    return {
      status: ok ? (warned && within === total ? 'warn' : 'pass') : 'fail',
      message: `${tallies} (${percent(within / total)}; pass_rate ${percent(passRate)} needs ${needed(passRate, total)})`,
      outputs: judged,
    };
  }
  if (passRate) {
    const short: string[] = [];
    for (const o of outputs) {
      const rate = Object.hasOwn(passRate, o.key) ? (passRate[o.key] ?? null) : null;
      const need = rate === null ? total : needed(rate, total);
      const ok = o.passed >= need;
      judged.set(o.key, { required: rate, status: ok ? 'pass' : 'fail' });
      if (!ok) short.push(`'${o.key}' passed ${o.passed} of ${total} (needs ${need})`);
    }
    return short.length
      ? {
          status: 'fail',
          message: `${short.length} output(s) below their pass_rate: ${short.join('; ')}`,
          outputs: judged,
        }
      : {
          status: 'pass',
          message: `every output reached its pass_rate over ${total} runs (${tallies})`,
          outputs: judged,
        };
  }
  for (const o of outputs) judged.set(o.key, { required: null, status: o.passed === total ? 'pass' : 'fail' });
  if (within === total)
    return { status: warned ? 'warn' : 'pass', message: `all ${total} runs within tolerance`, outputs: judged };
  if (within === 0) return { status: 'fail', message: `failed in all ${total} runs`, outputs: judged };
  return {
    status: 'flaky',
    message: `flaky: ${tallies}; give the fixture a pass_rate if the tool is random, or make it deterministic`,
    outputs: judged,
  };
}
