// GitHub Actions workflow commands (`::error file=…,line=…,title=…::message`) so failures show up
// on the pull request's diff: each failing output points at its fixture file (at the line of the
// output's key in expected_outputs), each failing contract check and --explore failure at tool.json. Escaping follows
// the runner's rules (actions/toolkit's command.ts): data escapes % CR LF; properties also : and ,.
import path from 'node:path';
import pc from 'picocolors';
import type { FixtureResult, OutputComparison, Report } from '../../model/report.js';
import { safeReport } from '../safe-text.js';
import { readUserFile } from '../../source/user-file.js';
import { outputLine } from './pretty.js';
import { pushAll } from '../../util/push-all.js';

const plain = pc.createColors(false);
const MAX_DIFFERENCES = 10;

export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  file?: string;
  line?: number;
  title: string;
  message: string;
}

export function formatAnnotation(a: Annotation): string {
  const props = [
    a.file !== undefined ? `file=${escapeProperty(a.file)}` : null,
    a.line !== undefined ? `line=${a.line}` : null,
    `title=${escapeProperty(a.title)}`,
  ]
    .filter(Boolean)
    .join(',');
  return `::${a.level} ${props}::${escapeData(a.message)}`;
}

/** Paths in annotations are relative to the checkout (GITHUB_WORKSPACE), as GitHub matches them to the diff. */
export function workspaceRelative(file: string, root = process.env.GITHUB_WORKSPACE || process.cwd()): string {
  return path.relative(root, file).split(path.sep).join('/');
}

/** Line of `"key":` inside the fixture's expected_outputs (1-based), when it can be found. */
function lineOfExpected(toolDir: string, file: string, key: string): number | undefined {
  // the fixture is read again, as any file of the tool: never a link out of it, a FIFO or a device
  const read = readUserFile(toolDir, `reference/${file}`);
  if (!read.ok) return undefined;
  const text = read.text;
  const start = text.indexOf('"expected_outputs"');
  if (start < 0) return undefined;
  const at = text.indexOf(JSON.stringify(key), start);
  return at < 0 ? undefined : text.slice(0, at).split('\n').length;
}

function outputMessage(o: OutputComparison, valueChars?: number): string {
  const lines = [outputLine(o, plain, valueChars)];
  // a scalar's single difference only repeats the line above (as in the terminal report)
  const scalar = (v: unknown) => v === null || typeof v !== 'object';
  const diffs = (o.differences ?? []).filter((d) => !(scalar(o.expected) && scalar(o.actual) && d.path === ''));
  for (const d of diffs.slice(0, MAX_DIFFERENCES)) lines.push(`  ${d.path || '(value)'}: ${d.message}`);
  if (diffs.length > MAX_DIFFERENCES)
    lines.push(`  … and ${diffs.length - MAX_DIFFERENCES} more (see the JSON or HTML report)`);
  if (o.degraded) lines.push(`  degraded: ${o.degraded.reason}; install with: ${o.degraded.install}`);
  return lines.join('\n');
}

function fixtureAnnotations(r: Report, f: FixtureResult, opts: { root?: string; lines: boolean }): Annotation[] {
  const full = path.join(r.tool_path, 'reference', f.file);
  const file = workspaceRelative(full, opts.root);
  const failing = f.outputs.filter((o) => o.status === 'fail' || o.status === 'warn');
  if (failing.length === 0) {
    if (f.status !== 'fail' && f.status !== 'warn' && f.status !== 'flaky') return [];
    return [
      {
        level: f.status === 'fail' ? 'error' : 'warning',
        file,
        title: `pixie: ${r.tool_id} ${f.file}`,
        message: f.message,
      },
    ];
  }
  return failing.map((o) => {
    const line = opts.lines ? lineOfExpected(r.tool_path, f.file, o.key) : undefined;
    return {
      // a flaky fixture warns, whatever its failing run says
      level: o.status === 'fail' && f.status === 'fail' ? 'error' : 'warning',
      file,
      ...(line ? { line } : {}),
      title: `pixie: ${r.tool_id} ${f.file} ${o.key}`,
      message: `${f.status === 'flaky' ? `${f.message}\n` : ''}${outputMessage(o, r.value_chars)}`,
    };
  });
}

function annotationsFor(reports: readonly Report[], opts: { root?: string; lines?: boolean } = {}): Annotation[] {
  const out: Annotation[] = [];
  const withLines = { root: opts.root, lines: opts.lines ?? true };
  for (const r of reports.map(safeReport)) {
    const toolJson = workspaceRelative(path.join(r.tool_path, 'tool.json'), opts.root);
    for (const k of r.checks) {
      if (k.status !== 'fail' && k.status !== 'warn') continue;
      const level = k.status === 'fail' ? 'error' : 'warning';
      if (k.phase === 'fixtures') {
        const fixtureNotes = r.fixtures.flatMap((f) => fixtureAnnotations(r, f, withLines));
        pushAll(out, fixtureNotes);
        const located = (k.findings ?? []).filter((f) => f.file && f.severity !== 'info');
        for (const f of located) {
          out.push({
            level,
            file: workspaceRelative(path.join(r.tool_path, f.file!), opts.root),
            ...(f.line ? { line: f.line } : {}),
            title: `pixie: ${r.tool_id} ${f.file}`,
            message: f.message,
          });
        }
        // a fixtures verdict with nothing more specific to point at (could not start, degraded, no fixtures)
        if (fixtureNotes.length === 0 && located.length === 0) {
          out.push({
            level,
            file: workspaceRelative(path.join(r.tool_path, 'reference'), opts.root),
            title: `pixie: ${r.tool_id} check ${k.number} ${k.name}`,
            message: k.message,
          });
        }
        continue;
      }
      out.push({
        level,
        file: toolJson,
        title: `pixie: ${r.tool_id} check ${k.number} ${k.name}`,
        message: k.details ? `${k.message}\n${k.details}` : k.message,
      });
    }
    for (const f of r.explore?.findings ?? [])
      out.push({
        level: f.severity === 'error' ? 'error' : 'warning',
        file: toolJson,
        title: `pixie: ${r.tool_id} explore${f.path ? ` ${f.path}` : ''}`,
        message: f.fix ? `${f.message}\n${f.fix}` : f.message,
      });
    for (const e of r.errors)
      out.push({
        level: 'error',
        file: toolJson,
        title: `pixie internal error (${r.tool_id})`,
        message: e.split('\n')[0]!,
      });
  }
  return out;
}

export function renderGithubAnnotations(
  reports: readonly Report[],
  opts: { root?: string; lines?: boolean } = {},
): string {
  const lines = annotationsFor(reports, opts).map(formatAnnotation);
  return lines.length ? lines.join('\n') + '\n' : '';
}
