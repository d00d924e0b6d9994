// Text a tool controls (its error details, stderr, output keys, messages built from its answers)
// and text from a tool folder (fixture names, sources) reaches terminals, CI logs, JUnit and HTML.
// Before it does, terminal escape sequences go, other control characters are shown escaped, and a
// line that would start with `::` (a GitHub Actions workflow command such as ::error:: or
// ::add-mask::) is broken so the runner never obeys it. Every renderer applies this one function.
import { stripVTControlCharacters } from 'node:util';
import type {
  CheckResult,
  Difference,
  ExploreResult,
  FixtureRepeat,
  FixtureResult,
  OutputComparison,
  Report,
} from '../model/report.js';
import type { Finding } from '../model/finding.js';

// C0 controls but tab and newline, DEL, C1 controls, and bidirectional overrides that reorder what a reader sees
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` safe to print: escape sequences removed, control characters escaped, no line starting with
 * `::`. Newlines stay in multi-line text (details, stderr); in a one-line field (`oneLine`) they are
 * escaped too, so a key or a message cannot start a line of its own.
 */
export function safeText(text: string, oneLine = false): string {
  let out = text;
  if (/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/.test(out)) {
    out = stripVTControlCharacters(out).replace(CONTROL, (ch) =>
      ch === '\r' ? '\\r' : `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  }
  if (oneLine && out.includes('\n')) out = out.replace(/\n/g, '\\n');
  // the runner trims leading whitespace before looking for `::`; a zero-width space between the colons stops it
  return out.includes('::') ? out.replace(/^(\s*):(?=:)/gm, '$1:\u200b') : out;
}

/** One line of text a tool or a tool folder controls (a name, a path, a key), safe to print. */
export const safeLine = (s: string): string => safeText(s, true);

const line = safeLine;

const safeOrNull = (s: string | null): string | null => (s === null ? null : safeText(s));

function safeFinding(f: Finding): Finding {
  return {
    ...f,
    message: line(f.message),
    ...(f.file !== undefined ? { file: line(f.file) } : {}),
    ...(f.path !== undefined ? { path: line(f.path) } : {}),
    ...(f.fix !== undefined ? { fix: line(f.fix) } : {}),
  };
}

function safeCheck(k: CheckResult): CheckResult {
  return {
    ...k,
    message: line(k.message),
    details: safeOrNull(k.details),
    ...(k.findings ? { findings: k.findings.map(safeFinding) } : {}),
  };
}

function safeDifference(d: Difference): Difference {
  return { ...d, path: line(d.path), message: line(d.message) };
}

function safeOutput(o: OutputComparison): OutputComparison {
  return {
    ...o,
    key: line(o.key),
    type: line(o.type),
    metric: line(o.metric),
    rule: line(o.rule),
    ...(o.differences ? { differences: o.differences.map(safeDifference) } : {}),
    ...(o.degraded
      ? { degraded: { ...o.degraded, reason: line(o.degraded.reason), install: line(o.degraded.install) } }
      : {}),
  };
}

function safeRepeat(r: FixtureRepeat): FixtureRepeat {
  return {
    ...r,
    per_run: r.per_run.map((run) => ({ ...run, message: line(run.message), failed: run.failed.map(line) })),
  };
}

function safeFixture(f: FixtureResult): FixtureResult {
  return {
    ...f,
    file: line(f.file),
    name: line(f.name),
    message: line(f.message),
    source: f.source === null ? null : line(f.source),
    ...(typeof f.description === 'string' ? { description: line(f.description) } : {}),
    ...(f.response ? { response: { status: f.response.status, body: line(f.response.body) } } : {}),
    tags: f.tags.map(line),
    outputs: f.outputs.map(safeOutput),
    ...(f.repeat ? { repeat: safeRepeat(f.repeat) } : {}),
  };
}

/** --explore's text: messages built from the tool's answers, its answer and stderr (inputs are values). */
function safeExplore(e: ExploreResult): ExploreResult {
  return {
    ...e,
    message: line(e.message),
    stopped: e.stopped === null ? null : line(e.stopped),
    start_command: e.start_command === null ? null : line(e.start_command),
    failures: e.failures.map((f) => ({
      ...f,
      message: line(f.message),
      offending: f.offending.map(line),
      curl: line(f.curl),
      response: f.response === null ? null : { ...f.response, body: safeText(f.response.body) },
      ...(f.stderr !== undefined ? { stderr: safeText(f.stderr) } : {}),
      ...(f.saved_as !== undefined ? { saved_as: line(f.saved_as) } : {}),
    })),
    ...(e.findings ? { findings: e.findings.map(safeFinding) } : {}),
  };
}

/**
 * The report with every piece of text made safe for a terminal, a CI log, XML or HTML. Values
 * (expected, actual) are left as they are: renderers print them through JSON, which escapes them.
 */
export function safeReport(report: Report): Report {
  return {
    ...report,
    tool_id: line(report.tool_id),
    tool_path: line(report.tool_path),
    checks: report.checks.map(safeCheck),
    fixtures: report.fixtures.map(safeFixture),
    spawn_log: safeOrNull(report.spawn_log),
    warnings: report.warnings.map(line),
    errors: report.errors.map((e) => safeText(e)),
    ...(report.explore ? { explore: safeExplore(report.explore) } : {}),
  };
}
