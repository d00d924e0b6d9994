// What `pixie validate` does with its CI flags: which tools (--changed, --shard), which fixtures of a
// single sharded tool, --strict, and the report files and annotations written at the end.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PixieError } from '../errors.js';
import { loadManifest } from '../tool/manifest.js';
import { listFixtureFiles } from '../reference/load.js';
import { selectFixtures } from '../reference/select.js';
import { renderGithubAnnotations } from '../report/renderers/github.js';
import { renderHtml } from '../report/renderers/html.js';
import { renderJunit } from '../report/renderers/junit.js';
import { CHECKS } from '../checks/index.js';
import type { Report } from '../report/model.js';
import { changedTools } from './changed.js';
import type { CiValidateOptions } from './cli.js';
import { applyStrict } from './hygiene.js';
import { durationsFrom, parseShard, readReports, shardItems, type ShardSpec } from './shard.js';

export function usesCi(opts: CiValidateOptions): boolean {
  return Boolean(opts.junit || opts.html || opts.shard || opts.durations || opts.changed || opts.strict);
}

export function checkCiUsage(opts: CiValidateOptions & { all?: boolean; updateFixtures?: boolean }, target: string | undefined): void {
  if (opts.durations && !opts.shard) throw new PixieError('USAGE', '--durations only balances --shard', 'pixie validate --all --shard 1/3 --durations last-report.json');
  if (opts.changed && target) throw new PixieError('USAGE', `--changed picks the tools itself; do not also name one (got '${target}')`, 'pixie validate --changed, or pixie validate <tool>');
  if (opts.updateFixtures && (opts.shard || opts.changed || opts.strict)) throw new PixieError('USAGE', '--update-fixtures cannot be combined with --shard, --changed or --strict', 'update fixtures for one tool at a time: pixie validate <tool> --update-fixtures');
  if (opts.shard) parseShard(opts.shard);
}

/** --changed then --shard over the discovered tool folders; a note for the human output. */
export function selectToolDirs(dirs: string[], toolsDir: string, opts: CiValidateOptions): { dirs: string[]; notes: string[] } {
  const notes: string[] = [];
  let selected = dirs;
  if (opts.changed) {
    const ref = typeof opts.changed === 'string' ? opts.changed : undefined;
    const c = changedTools(toolsDir, dirs, ref);
    selected = c.tools;
    notes.push(c.shared.length
      ? `--changed: ${c.shared.length} shared file(s) in the tools directory changed (${c.shared.slice(0, 3).join(', ')}${c.shared.length > 3 ? ', …' : ''}) since ${c.baseLabel} (${c.base.slice(0, 10)}), so every tool is validated`
      : `--changed: ${selected.length} of ${dirs.length} tool(s) changed since ${c.baseLabel} (${c.base.slice(0, 10)})`);
  }
  if (opts.shard) {
    const spec = parseShard(opts.shard);
    const past = opts.durations ? durationsFrom(readReports(opts.durations)).tools : undefined;
    const before = selected.length;
    selected = shardItems(selected, (d) => path.basename(d), spec, past);
    notes.push(`--shard ${spec.index}/${spec.total}: ${selected.length} of ${before} tool(s), split ${past ? `by past duration from ${opts.durations}` : 'by name'}`);
  }
  return { dirs: selected, notes };
}

/**
 * --shard for a single tool: its fixtures split the same way. Returns the fixture files of this
 * shard (after the user's own --fixture selection) and how many there were to split.
 */
export function shardFixtures(toolDir: string, spec: ShardSpec, opts: { fixture?: string[]; durations?: string }): { files: string[]; candidates: number } {
  const files = listFixtureFiles(path.join(toolDir, 'reference')).map((file) => ({ file, tags: [] as string[] }));
  const chosen = opts.fixture?.length ? selectFixtures(files, { fixture: opts.fixture }).selected : files;
  let past: Map<string, number> | undefined;
  if (opts.durations) past = durationsFrom(readReports(opts.durations)).fixtures.get(path.basename(toolDir));
  return { files: shardItems(chosen, (f) => f.file, spec, past).map((f) => f.file), candidates: chosen.length };
}

/** The report of a shard that holds none of a tool's fixtures: nothing was started. */
export function emptyShardReport(toolDir: string, spec: ShardSpec): Report {
  const message = `skipped: shard ${spec.index}/${spec.total} holds none of this tool's fixtures`;
  return {
    tool_id: toolIdOf(toolDir),
    tool_path: toolDir,
    timestamp: new Date().toISOString(),
    overall: 'pass',
    duration_ms: 0,
    checks: CHECKS.map((c) => ({ number: c.number, name: c.name, status: 'skip' as const, message, details: null, duration_ms: 0 })),
    fixtures: [],
    sample_inputs: null,
    sample_output: null,
    spawn_log: null,
    peak_memory_mb: null,
    warnings: [],
    errors: [],
  };
}

function toolIdOf(toolDir: string): string {
  const load = loadManifest(toolDir);
  return load.ok && typeof load.manifest.id === 'string' && load.manifest.id ? load.manifest.id : path.basename(toolDir);
}

export function finishReport(report: Report, opts: CiValidateOptions): Report {
  return opts.strict ? applyStrict(report, report.tool_path) : report;
}

function writeAtomically(file: string, text: string): void {
  const full = path.resolve(file);
  try {
    mkdirSync(path.dirname(full), { recursive: true });
    const tmp = `${full}.${process.pid}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, full);
  } catch (err) {
    throw new PixieError('USER_FILE', `cannot write ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, 'pass a path in a writable folder');
  }
}

/** --junit FILE, --html FILE, and GitHub annotations when GITHUB_ACTIONS=true (on stderr under --json). */
export function writeCiOutputs(reports: Report[], opts: CiValidateOptions & { json?: boolean }, wallMs?: number): void {
  if (opts.junit) writeAtomically(opts.junit, renderJunit(reports, { wallMs }));
  if (opts.html) writeAtomically(opts.html, renderHtml(reports));
  if (process.env.GITHUB_ACTIONS === 'true') {
    const text = renderGithubAnnotations(reports);
    if (text) (opts.json ? process.stderr : process.stdout).write(text);
  }
}

export { writeAtomically };
