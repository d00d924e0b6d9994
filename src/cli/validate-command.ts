// `pixie validate` (docs/cli.md): flags → a request → a workflow (one tool, many, an update, --watch)
// → renderer → exit code.
import path from 'node:path';
import { parseShard } from '../ci/shard.js';
import { exploreSeed } from '../explore/seed.js';
import { PixieError } from '../errors.js';
import type { ToolSelection, ValidateRequest } from '../model/options.js';
import { discoverTools, resolveTool, toolAround } from '../project/discover.js';
import { loadProject, type Project } from '../project/project.js';
import { colorsFor } from '../report/colors.js';
import { exitCodeFor } from '../report/exit-code.js';
import { renderAllTable } from '../report/renderers/all-table.js';
import { renderJson } from '../report/renderers/json.js';
import { renderPretty } from '../report/renderers/pretty.js';
import { renderSummary } from '../report/renderers/summary.js';
import { safeText } from '../report/safe-text.js';
import { updateFixtures } from '../workflows/update-fixtures.js';
import { chooseTools, type ProjectRequest, toolJobs, validateProject } from '../workflows/validate-project.js';
import { validateToolDir } from '../workflows/validate-tool.js';
import { liveProgress } from './live-progress.js';
import { pendingNote } from './pending-note.js';
import { startProgress } from './progress.js';
import { type ReportFiles, writeAnnotations, writeReportFiles } from './report-files.js';
import { readLastRun, recordLastRun } from '../workflows/last-run.js';
import { printUpdates } from './update-fixtures-command.js';

/**
 * The flags of `pixie validate` and `pixie explore`: the request every front door makes (typed
 * against it, so a flag and its option cannot drift apart), and what only the terminal needs.
 */
export interface ValidateCliOptions
  extends Omit<ValidateRequest, 'cwd' | 'explore' | 'wholeValues' | 'onProgress' | 'recordPending'>,
    ToolSelection {
  json?: boolean;
  /** --json with no value cap */
  jsonFull?: boolean;
  summary?: boolean;
  updateFixtures?: boolean;
  yes?: boolean;
  /** -u: --update-fixtures --yes */
  u?: boolean;
  /** re-run when the tool's files change */
  watch?: boolean;
  explore?: boolean;
  seed?: number;
  runs?: number;
  seconds?: number;
  save?: boolean;
  negative?: boolean;
  /** re-run the fixtures that failed in the tool's last recorded run (workflows/last-run.ts) */
  lastFailed?: boolean;
  /** report files by reporter name (--junit FILE, --html FILE) */
  reportFiles?: ReportFiles;
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
  if (
    opts.lastFailed &&
    (opts.all || opts.changed || opts.updateFixtures || opts.watch || opts.fixture?.length || opts.tag?.length)
  )
    throw new PixieError(
      'USAGE',
      '--last-failed picks the fixtures of one tool itself; it cannot be combined with --all, --changed, --fixture, --tag, --update-fixtures or --watch',
      'pixie validate <tool> --last-failed',
    );
  if (opts.shard) parseShard(opts.shard);
  const exploring = ['seed', 'runs', 'seconds', 'save', 'negative'] as const;
  const stray = exploring.filter((k) => opts[k] !== undefined && opts[k] !== false);
  if (!opts.explore && stray.length)
    throw new PixieError(
      'USAGE',
      `--${stray[0]} only applies to --explore`,
      `pixie validate <tool> --explore --${stray[0]}${stray[0] === 'save' || stray[0] === 'negative' ? '' : ' <value>'}`,
    );
  if (opts.explore && opts.updateFixtures)
    throw new PixieError(
      'USAGE',
      '--explore cannot be combined with --update-fixtures',
      'explore first (pixie validate <tool> --explore --save), then update fixtures',
    );
}

/** The --explore options, with the seed chosen now so it can be printed before the run. */
function exploreOptions(opts: ValidateCliOptions): ValidateRequest['explore'] {
  if (!opts.explore) return undefined;
  const seed = exploreSeed({ seed: opts.seed });
  process.stderr.write(
    opts.negative
      ? 'pixie: sending inputs tool.json forbids (--negative): each should be refused with a 4xx\n'
      : `pixie: exploring inputs with seed ${seed} (--seed ${seed} repeats this run)\n`,
  );
  return { seed, runs: opts.runs, seconds: opts.seconds, save: opts.save, negative: opts.negative };
}

/** The flags as the request every front door makes (model/options.ts). */
function requestOf(opts: ValidateCliOptions, project: Project): ProjectRequest {
  return {
    project,
    // as typed: the commands pixie suggests carry it (project/tool-ref.ts)
    toolsDir: opts.toolsDir,
    all: opts.all,
    changed: opts.changed,
    shard: opts.shard,
    durations: opts.durations,
    referenceOnly: opts.referenceOnly,
    strict: opts.strict,
    fixture: opts.fixture,
    tag: opts.tag,
    jobs: opts.jobs,
    startupTimeout: opts.startupTimeout,
    repeat: opts.repeat,
    determinism: opts.determinism,
    explore: exploreOptions(opts),
    wholeValues: opts.jsonFull,
    recordPending: true,
  };
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
  const request = requestOf(opts, project);
  // the config's report files, each replaced by a flag of the same name
  const reportFiles: ReportFiles = { ...project.config.reporters, ...opts.reportFiles };
  const say = (line: string) => process.stderr.write(`pixie: ${safeText(line)}\n`);
  // an update runs every check: new outputs come from the sample run of check 8
  const update = { ...request, referenceOnly: false, write: Boolean(opts.yes) };
  const updating = { yes: Boolean(opts.yes), json: Boolean(opts.json) };

  if (opts.all || opts.changed) {
    const events = { onNote: say, onWarning: (w: string) => say(`warning: ${safeText(w)}`) };
    if (opts.updateFixtures) {
      const dirs = chooseTools(project, request, events);
      const many = { many: true, toolJobs: toolJobs(project, request), command: UPDATE_COMMAND };
      return printUpdates(await updateFixtures(dirs, update, many), { ...updating, many: true }, c);
    }
    const started = performance.now();
    let progress: ReturnType<typeof startProgress> | null = null;
    const done = await validateProject(request, {
      ...events,
      onChosen: (dirs) => {
        progress = opts.json ? null : startProgress(dirs.length, 'tools');
      },
      onToolDone: (report) => progress?.tick(safeText(report.tool_id)),
    });
    (progress as ReturnType<typeof startProgress> | null)?.stop();
    const { reports } = done;
    for (const r of reports) recordLastRun(r.tool_path, r);
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
    for (const recorded of done.pending) for (const l of pendingNote(recorded, c)) process.stderr.write(`${l}\n`);
    return exitCodeFor(reports);
  }

  const toolDir = resolveTool(target!, toolsDir);
  if (opts.updateFixtures)
    return printUpdates(
      await updateFixtures([toolDir], update, { many: false, command: UPDATE_COMMAND }),
      { ...updating, many: false },
      c,
    );
  if (opts.watch) {
    const { watchCommand } = await import('./watch-command.js');
    return watchCommand(project, toolDir, request, { json: Boolean(opts.json), summary: Boolean(opts.summary), c });
  }
  const fixture = opts.lastFailed ? lastFailedSelection(toolDir, say) : request.fixture;
  const live = opts.json ? null : liveProgress(process.stderr, colorsFor(process.stderr));
  const { report, pending, shard } = await validateToolDir(project, toolDir, {
    ...request,
    fixture,
    onProgress: live?.onProgress,
  });
  live?.stop();
  const unrecorded = recordLastRun(toolDir, report);
  if (unrecorded) say(`warning: could not record this run for --last-failed (${unrecorded})`);
  if (shard)
    process.stderr.write(
      `pixie: --shard ${opts.shard}: ${shard.files.length} of ${shard.candidates} fixture(s) of ${safeText(path.basename(toolDir), true)}\n`,
    );
  if (opts.json) out.write(renderJson(report));
  else if (opts.summary) out.write(renderSummary(report, c));
  else out.write(renderPretty(report, c));
  await writeReportFiles([report], reportFiles);
  await writeAnnotations([report], Boolean(opts.json));
  if (pending) for (const l of pendingNote(pending, colorsFor(process.stderr))) process.stderr.write(`${l}\n`);
  return exitCodeFor([report]);
}

const UPDATE_COMMAND = 'pixie validate --update-fixtures --yes';

/** --last-failed: the fixtures the tool's last recorded run left failing, or every fixture (and why) when there are none to pick. */
function lastFailedSelection(toolDir: string, say: (line: string) => void): string[] | undefined {
  const tool = path.basename(toolDir);
  const last = readLastRun(toolDir);
  if (!last) say(`--last-failed: no earlier run of ${tool} is recorded; running every fixture`);
  else if (last.checksFailed) say(`--last-failed: a contract check of ${tool} failed last time; running everything`);
  else if (last.failed.length === 0) say(`--last-failed: nothing of ${tool} failed last time; running every fixture`);
  else {
    say(
      `--last-failed: re-running ${last.failed.length} fixture(s) of ${tool} that failed last time: ${last.failed.join(', ')}`,
    );
    return last.failed;
  }
  return undefined;
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
