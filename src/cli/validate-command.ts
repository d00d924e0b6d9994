// `pixie validate`: options → validateTool → renderer → exit code (docs/cli.md).
import os from 'node:os';
import path from 'node:path';
import { PixieError } from '../errors.js';
import { colorsFor } from '../report/colors.js';
import { exitCodeFor } from '../report/exit-code.js';
import { renderAllTable } from '../report/renderers/all-table.js';
import { renderJson } from '../report/renderers/json.js';
import { renderPretty } from '../report/renderers/pretty.js';
import { renderSummary } from '../report/renderers/summary.js';
import { discoverTools, resolveTool, toolAround } from '../project/discover.js';
import { loadProject, projectSettings } from '../project/project.js';
import { toolsMatching } from '../reference/matching-tools.js';
import { safeText } from '../report/safe-text.js';
import { mapPool } from '../util/pool.js';
import { exploreSeed } from '../explore/seed.js';
import type { ValidateOptions } from '../model/options.js';
import { validateTool } from '../validation/validate-tool.js';
import type { Report } from '../model/report.js';
import { emptyShardReport, shardFixtures } from '../ci/fixture-shard.js';
import { selectToolDirs } from '../ci/select-tools.js';
import { parseShard } from '../ci/shard.js';
import { PendingRecorder } from '../pending/record.js';
import { liveProgress } from './live-progress.js';
import { pendingNote } from './pending-note.js';
import { startProgress } from './progress.js';
import { writeAnnotations, writeReportFiles, type ReportFiles } from './report-files.js';
import { updateFixturesCommand } from './update-fixtures-command.js';

export interface ValidateCliOptions {
  all?: boolean;
  toolsDir?: string;
  json?: boolean;
  /** --json with no value cap */
  jsonFull?: boolean;
  summary?: boolean;
  referenceOnly?: boolean;
  fixture?: string[];
  tag?: string[];
  updateFixtures?: boolean;
  yes?: boolean;
  jobs?: number;
  shard?: string;
  durations?: string;
  /** true when --changed is given without a ref */
  changed?: string | boolean;
  strict?: boolean;
  /** run every selected fixture N times */
  repeat?: number;
  /** false with --no-determinism */
  determinism?: boolean;
  explore?: boolean;
  seed?: number;
  runs?: number;
  seconds?: number;
  save?: boolean;
  /** report files by reporter name (--junit FILE, --html FILE) */
  reportFiles?: ReportFiles;
  /** --startup-timeout, seconds */
  startupTimeout?: number;
  /** -u: --update-fixtures --yes */
  u?: boolean;
  /** re-run when the tool's files change */
  watch?: boolean;
}

function checkUsage(opts: ValidateCliOptions, target: string | undefined): void {
  if (opts.durations && !opts.shard)
    throw new PixieError(
      'USAGE',
      '--durations only balances --shard',
      'pixie validate --all --shard 1/3 --durations last-report.json',
    );
  if (opts.changed && target)
    throw new PixieError(
      'USAGE',
      `--changed picks the tools itself; do not also name one (got '${target}')`,
      'pixie validate --changed, or pixie validate <tool>',
    );
  if (opts.updateFixtures && (opts.shard || opts.strict))
    throw new PixieError(
      'USAGE',
      '--update-fixtures cannot be combined with --shard or --strict',
      'pixie validate <tool> --update-fixtures, or --all/--changed --update-fixtures',
    );
  if (opts.watch && (opts.all || opts.changed || opts.shard || opts.updateFixtures))
    throw new PixieError(
      'USAGE',
      '--watch follows one tool; it cannot be combined with --all, --changed, --shard or --update-fixtures',
      'pixie validate <tool> --watch',
    );
  if (opts.shard) parseShard(opts.shard);
  const exploring = ['seed', 'runs', 'seconds', 'save'] as const;
  const stray = exploring.filter((k) => opts[k] !== undefined && opts[k] !== false);
  if (!opts.explore && stray.length)
    throw new PixieError(
      'USAGE',
      `--${stray[0]} only applies to --explore`,
      `pixie validate <tool> --explore --${stray[0]}${stray[0] === 'save' ? '' : ' <value>'}`,
    );
  if (opts.explore && opts.updateFixtures)
    throw new PixieError(
      'USAGE',
      '--explore cannot be combined with --update-fixtures',
      'explore first (pixie validate <tool> --explore --save), then update fixtures',
    );
}

/** The --explore options, with the seed chosen now so it can be printed before the run. */
function exploreOptions(opts: ValidateCliOptions): ValidateOptions['explore'] {
  if (!opts.explore) return undefined;
  const seed = exploreSeed({ seed: opts.seed });
  process.stderr.write(`pixie: exploring inputs with seed ${seed} (--seed ${seed} repeats this run)\n`);
  return { seed, runs: opts.runs, seconds: opts.seconds, save: opts.save };
}

export async function validateCommand(target: string | undefined, given: ValidateCliOptions): Promise<number> {
  let opts = given.u ? { ...given, updateFixtures: true, yes: true } : given;
  if (opts.jsonFull) opts = { ...opts, json: true };
  const project = loadProject({ toolsDir: opts.toolsDir });
  const toolsDir = project.toolsDir;
  checkUsage(opts, target);
  if (opts.all && target)
    throw new PixieError(
      'USAGE',
      `pass either a tool or --all, not both (got '${target}' and --all)`,
      'pixie validate --all, or pixie validate <tool>',
    );
  // with no tool named, the tool the current directory is in
  if (!opts.all && !target && !opts.changed) target = toolAround(process.cwd(), toolsDir) ?? undefined;
  if (!opts.all && !target && !opts.changed) throw whichTool(toolsDir);
  if (opts.yes && !opts.updateFixtures)
    throw new PixieError(
      'USAGE',
      '--yes only confirms --update-fixtures',
      'pixie validate <tool> --update-fixtures --yes',
    );
  const out = process.stdout;
  const c = colorsFor(out);
  const base: Omit<ValidateOptions, 'toolDir'> = {
    referenceOnly: opts.referenceOnly,
    strict: opts.strict,
    fixture: opts.fixture,
    tag: opts.tag,
    repeat: opts.repeat,
    determinism: opts.determinism,
    explore: exploreOptions(opts),
    project: projectSettings(project),
    ...(opts.startupTimeout ? { healthTimeoutMs: opts.startupTimeout * 1000 } : {}),
    ...(opts.jsonFull ? { reportValueLimits: { valueChars: Infinity, totalChars: Infinity } } : {}),
  };
  const jobs = opts.jobs ?? project.config.jobs;
  // the config's report files, each replaced by a flag of the same name
  const reportFiles: ReportFiles = { ...project.config.reporters, ...opts.reportFiles };

  if (opts.all || opts.changed) {
    const found = discoverTools(toolsDir, (w) => process.stderr.write(`pixie: warning: ${safeText(w)}\n`));
    if (found.length === 0)
      throw new PixieError(
        'TOOL_NOT_FOUND',
        `no tools found in ${toolsDir}`,
        'a tool is a folder with tool.json; create one with pixie new <id>',
      );
    const selected = selectToolDirs(found, toolsDir, opts);
    const notes = selected.notes;
    // a filter filters: tools without a matching fixture are left out, and matching nothing anywhere fails
    const matching = toolsMatching(selected.dirs, opts);
    const dirs = matching.dirs;
    if (matching.skipped.length)
      notes.push(
        `${matching.skipped.length} of ${selected.dirs.length} tool(s) have no fixture matching the selection and are skipped: ${matching.skipped.map((d) => path.basename(d)).join(', ')}`,
      );
    for (const n of notes) process.stderr.write(`pixie: ${n}\n`);
    if (opts.updateFixtures)
      return updateFixturesCommand(
        dirs,
        { ...base, filterAcrossTools: true },
        { yes: Boolean(opts.yes), json: Boolean(opts.json), many: true, toolJobs: jobs ?? os.availableParallelism() },
        c,
      );
    const started = performance.now();
    const progress = opts.json ? null : startProgress(dirs.length, 'tools');
    const notesAfter: string[] = [];
    const reports = await mapPool(dirs, jobs ?? os.availableParallelism(), async (toolDir) => {
      const pending = new PendingRecorder(toolDir);
      const report = await validateTool({ ...base, filterAcrossTools: true, toolDir, onFailingOutputs: pending.take });
      notesAfter.push(...pendingNote(pending.finish(report), c));
      progress?.tick(safeText(report.tool_id));
      return report;
    });
    progress?.stop();
    if (opts.json) out.write(renderJson(reports));
    else if (reports.length === 0) out.write('no tool to validate\n');
    else {
      for (const r of reports) {
        if (r.overall === 'pass') continue;
        out.write(opts.summary ? renderSummary(r, c) : renderPretty(r, c) + '\n');
      }
      out.write(renderAllTable(reports, c, performance.now() - started));
    }
    await writeReportFiles(reports, reportFiles, { wallMs: performance.now() - started });
    await writeAnnotations(reports, Boolean(opts.json));
    for (const l of notesAfter) process.stderr.write(`${l}\n`);
    return exitCodeFor(reports);
  }

  const toolDir = resolveTool(target!, toolsDir);
  if (opts.updateFixtures)
    return updateFixturesCommand(
      [toolDir],
      { ...base, jobs },
      { yes: Boolean(opts.yes), json: Boolean(opts.json), many: false },
      c,
    );
  if (opts.watch) {
    const { watchCommand } = await import('./watch-command.js');
    return watchCommand(
      toolDir,
      { ...base, toolDir, jobs },
      { json: Boolean(opts.json), summary: Boolean(opts.summary), c },
    );
  }
  let report: Report;
  const pending = new PendingRecorder(toolDir);
  const shard = opts.shard
    ? shardFixtures(toolDir, parseShard(opts.shard), { fixture: opts.fixture, durations: opts.durations })
    : null;
  if (shard && shard.candidates > 0 && shard.files.length === 0)
    report = emptyShardReport(toolDir, parseShard(opts.shard!), {
      reference_only: Boolean(opts.referenceOnly),
      strict: Boolean(opts.strict),
    });
  else {
    const live = opts.json ? null : liveProgress(process.stderr, colorsFor(process.stderr));
    report = await validateTool({
      ...base,
      ...(shard?.files.length ? { fixture: shard.files } : {}),
      toolDir,
      jobs,
      onProgress: live?.onProgress,
      onFailingOutputs: pending.take,
    });
    live?.stop();
  }
  if (shard)
    process.stderr.write(
      `pixie: --shard ${opts.shard}: ${shard.files.length} of ${shard.candidates} fixture(s) of ${path.basename(toolDir)}\n`,
    );
  if (opts.json) out.write(renderJson(report));
  else if (opts.summary) out.write(renderSummary(report, c));
  else out.write(renderPretty(report, c));
  await writeReportFiles([report], reportFiles);
  await writeAnnotations([report], Boolean(opts.json));
  for (const l of pendingNote(pending.finish(report), colorsFor(process.stderr))) process.stderr.write(`${l}\n`);
  return exitCodeFor([report]);
}

/** No tool named and not inside one: say which tools there are. */
function whichTool(toolsDir: string): PixieError {
  let known: string[] = [];
  try {
    known = discoverTools(toolsDir).map((d) => path.basename(d));
  } catch {
    // no tools directory: the hint says how to make one
  }
  return new PixieError(
    'USAGE',
    'which tool? pass a tool id or path, or --all',
    known.length
      ? `pixie validate ${known[0]}, or pixie validate --all (tools: ${known.slice(0, 10).join(', ')}${known.length > 10 ? ', …' : ''})`
      : 'pixie new <id> creates a first tool; pixie validate --all validates every tool',
  );
}
