// The text of an --explore result and of a repeated fixture's runs, shared by the terminal report,
// --summary and JUnit so all three say the same thing (docs/report.md).
import type { Colors } from '../colors.js';
import { paintStatus } from '../colors.js';
import { formatValue } from '../format-value.js';
import { safeText } from '../safe-text.js';
import type { ExploreFailure, ExploreResult, FixtureRepeat, OutputRuns } from '../../model/report.js';

/** The line of a crash's stderr that names the error, else its last line. */
function stderrLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.findLast((l) => /(error|exception|panic|fatal)\b/i.test(l) && !/^at /.test(l)) ?? lines.at(-1) ?? '';
}
const RUN_MARKS = 60;

function failureLines(f: ExploreFailure, e: ExploreResult, c: Colors, indent: string): string[] {
  const changed = f.offending.length
    ? f.offending.map((k) => `${k} = ${formatValue(f.inputs[k], 120)}`).join(', ')
    : 'the sample inputs unchanged';
  const lines = e.negative
    ? [
        `${indent}${c.red(`[${f.kind}]`)} ${f.message} ${c.dim(`(${f.hits} forbidden input(s))`)}`,
        `${indent}  forbidden input: ${changed}${f.offending.length ? c.dim(" (every other input as check 8's sample)") : ''}`,
      ]
    : [
        `${indent}${c.red(`[${f.kind}]`)} ${f.message} ${c.dim(`(${f.hits} generated input(s))`)}`,
        `${indent}  ${f.minimal ? 'minimal input' : 'failing input (not shrunk)'}: ${changed}${f.offending.length ? c.dim(" (every other input as check 8's sample)") : ''}`,
      ];
  // what the tool said to an input it should have refused
  if (e.negative && f.response)
    lines.push(
      `${indent}  ${c.dim('answer:')} HTTP ${f.response.status} ${safeText(f.response.body.slice(0, 200), true)}`,
    );
  const stderr = f.stderr ? stderrLine(f.stderr) : '';
  // the renderers pass the report through safeReport first; this keeps the line safe on its own too
  const shown = safeText(stderr, true);
  if (stderr) lines.push(`${indent}  ${c.dim('stderr:')} ${shown.length > 200 ? `${shown.slice(0, 199)}…` : shown}`);
  lines.push(
    `${indent}  reproduce: ${c.dim(`start the tool (${e.start_command ?? 'on port 8000'}), then`)}`,
    `${indent}    ${f.curl}`,
  );
  if (f.saved_as) lines.push(`${indent}  saved as ${f.saved_as}`);
  return lines;
}

/** The explore section: one line with the seed, then each failure with its minimal input and curl. */
export function exploreLines(e: ExploreResult, c: Colors, indent = '  '): string[] {
  const head = `${indent}${paintStatus(c, e.status, `[${e.status}]`)} explore — ${e.message}`;
  // --negative draws nothing at random: no seed to repeat
  const seed = e.negative ? [] : [`${indent}  ${c.dim(`seed ${e.seed}: --seed ${e.seed} repeats this run`)}`];
  return [head, ...seed, ...e.failures.flatMap((f) => failureLines(f, e, c, `${indent}  `))];
}

/** ✓✗ per run, e.g. "runs: ✓✓✗✓ (3 of 4 passed)". */
export function runsLine(r: FixtureRepeat, c: Colors, indent: string): string {
  const marks = r.per_run
    .slice(0, RUN_MARKS)
    .map((run) => (run.status === 'fail' ? c.red('✗') : c.green('✓')))
    .join('');
  const more = r.per_run.length > RUN_MARKS ? c.dim(`… +${r.per_run.length - RUN_MARKS}`) : '';
  return `${indent}runs: ${marks}${more} ${c.dim(`(${r.passed} of ${r.runs} within tolerance)`)}`;
}

/** "[19/20 runs, pass_rate 80 %; mean 3.1418, sd 0.0183]" after an output of a repeated fixture. */
export function outputRunsNote(runs: OutputRuns): string {
  const rate = runs.required === null ? 'every run' : `pass_rate ${Number((runs.required * 100).toFixed(1))} %`;
  const stats =
    runs.mean !== undefined && runs.sd !== undefined
      ? `; mean ${Number(runs.mean.toPrecision(6))}, sd ${Number(runs.sd.toPrecision(3))}`
      : '';
  return `[${runs.passed}/${runs.total} runs, ${rate}${stats}]`;
}
