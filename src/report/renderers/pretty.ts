// The human report for a terminal: twelve rows, then what each non-passing check found, then the
// per-fixture, per-output lines (docs/report.md).
import path from 'node:path';
import type { Colors } from '../colors.js';
import { paintStatus } from '../colors.js';
import { formatPair, formatValue } from '../format-value.js';
import { type FixtureResult, isNewExpectation, type OutputComparison, type Report } from '../../model/report.js';
import { exploreLines, outputRunsNote, runsLine } from './explore-lines.js';
import { safeReport, safeText } from '../safe-text.js';
import { isTruncatedValue } from '../value-cap.js';
import { pushAll } from '../../util/push-all.js';

const STDERR_TAIL_LINES = 20;

/** Characters of a value a text line shows unless tolerance.yaml's truncate_diff_chars says otherwise. */
const DEFAULT_VALUE_CHARS = 400;

export function outputLine(o: OutputComparison, c: Colors, valueChars = DEFAULT_VALUE_CHARS): string {
  if (o.status === 'skip') return `${o.key}: ${c.dim(`skipped (${o.rule})`)}`;
  // a fixture that asserts no outputs: the answer is shown as the value that would be written
  if (isNewExpectation(o)) return `${o.key}: ${c.yellow('new expectation')} ${formatValue(o.actual, valueChars)}`;
  const mark = o.status === 'pass' ? c.green('✓') : o.status === 'warn' ? c.yellow('!') : c.red('✗');
  // numeric rules read as bounds ("exceeds abs 0.005"); others name the algorithm that decided
  const bound = /^(abs|rel|max_|min_)/.test(o.rule);
  const verdict =
    o.status === 'pass'
      ? `${mark} within tolerance (${o.rule})`
      : o.status === 'warn'
        ? `${mark} ${o.rule}`
        : bound
          ? `${mark} exceeds ${o.rule}`
          : `${mark} differs (rule: ${o.rule})`;
  // a value the report did not keep reads as one line too (its size and why)
  const scalar = (v: unknown) => v === null || typeof v !== 'object' || isTruncatedValue(v);
  // (a row with neither value, such as the one that sums up many undeclared keys, reads as its metric)
  const values =
    (o.expected !== undefined || o.actual !== undefined) && scalar(o.expected) && scalar(o.actual)
      ? `expected ${formatPair(o.expected, o.actual, valueChars).join(', got ')} (${o.metric})`
      : o.metric;
  return `${o.key}: ${values} ${verdict}${o.runs ? ` ${c.dim(outputRunsNote(o.runs))}` : ''}`;
}

export function fixtureLines(f: FixtureResult, c: Colors, indent = '  ', valueChars = DEFAULT_VALUE_CHARS): string[] {
  const lines = [
    `${indent}${paintStatus(c, f.status, `[${f.status}]`)} ${f.file}${f.name && f.name !== f.file ? c.dim(` — ${f.name}`) : ''}${f.status === 'pass' ? '' : `: ${f.message}`}`,
  ];
  if (f.description) lines.push(`${indent}  ${c.dim(f.description)}`);
  if (f.response) lines.push(`${indent}  ${c.dim(`answer: HTTP ${f.response.status} ${f.response.body}`)}`);
  if (f.repeat) lines.push(runsLine(f.repeat, c, `${indent}  `));
  for (const o of f.outputs) {
    lines.push(`${indent}  ${outputLine(o, c, valueChars)}`);
    if (o.status === 'fail' || o.status === 'warn') {
      // a scalar's single difference only repeats the line above
      const scalarLine =
        (o.expected === null || typeof o.expected !== 'object') && (o.actual === null || typeof o.actual !== 'object');
      const diffs = (o.differences ?? []).filter((d) => !(scalarLine && d.path === ''));
      for (const d of diffs.slice(0, 8)) lines.push(`${indent}      ${c.dim(d.path || '(value)')}: ${d.message}`);
      if (diffs.length > 8) lines.push(`${indent}      ${c.dim(`… and ${diffs.length - 8} more (see --json)`)}`);
      if (o.degraded)
        lines.push(`${indent}      ${c.yellow(`degraded: ${o.degraded.reason}; install with: ${o.degraded.install}`)}`);
    }
  }
  if (f.status === 'fail' && f.source) lines.push(`${indent}  ${c.dim(`source: ${f.source}`)}`);
  return lines;
}

export function renderPretty(unsafe: Report, c: Colors, opts: { cwd?: string } = {}): string {
  const report = safeReport(unsafe);
  const out: string[] = [];
  const rel = path.relative(opts.cwd ?? process.cwd(), unsafe.tool_path) || '.';
  const secs = (report.duration_ms / 1000).toFixed(1);
  out.push(
    `${c.bold(report.tool_id)}  ${paintStatus(c, report.overall, report.overall.toUpperCase())}  ${c.dim(`${safeText(rel, true)} · ${secs} s${report.peak_memory_mb ? ` · peak ${Math.round(report.peak_memory_mb)} MiB` : ''}`)}`,
  );
  const width = report.checks.reduce((w, k) => Math.max(w, k.name.length), 0);
  for (const k of report.checks) {
    out.push(
      `  ${String(k.number).padStart(2)} ${k.name.padEnd(width)}  ${paintStatus(c, k.status, k.status.padEnd(4))}  ${k.message}`,
    );
  }
  for (const k of report.checks) {
    if (k.status === 'pass' || k.status === 'skip') continue;
    if (k.phase === 'fixtures' && report.fixtures.length) {
      out.push('', `${paintStatus(c, k.status, `[${k.status}]`)} ${k.name} — ${k.message}`);
      for (const f of report.fixtures)
        if (f.status !== 'pass' || f.outputs.some((o) => o.status !== 'pass'))
          pushAll(out, fixtureLines(f, c, '  ', report.value_chars));
      if (k.details)
        pushAll(
          out,
          k.details.split('\n').map((l) => `  ${l}`),
        );
      continue;
    }
    if (!k.details) continue;
    out.push('', `${paintStatus(c, k.status, `[${k.status}]`)} ${k.name}`);
    pushAll(
      out,
      k.details.split('\n').map((l) => `  ${l}`),
    );
  }
  if (report.explore) pushAll(out, ['', ...exploreLines(report.explore, c, '')]);
  if (report.overall === 'fail' && report.spawn_log) {
    const tail = report.spawn_log.trimEnd().split('\n').slice(-STDERR_TAIL_LINES);
    out.push('', c.dim(`captured stderr (last ${tail.length} lines):`));
    pushAll(
      out,
      tail.map((l) => `  ${l}`),
    );
  }
  for (const w of report.warnings) out.push(`${c.yellow('warning:')} ${w}`);
  for (const e of report.errors) out.push(`${c.red('pixie error:')} ${e.split('\n')[0]}`);
  return out.join('\n') + '\n';
}
