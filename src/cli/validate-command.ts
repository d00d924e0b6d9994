// options → validateTool → renderer → exit code (SPEC §5).
import os from 'node:os';
import path from 'node:path';
import { PixieError } from '../errors.js';
import { colorsFor } from '../report/colors.js';
import { renderAllTable } from '../report/renderers/all-table.js';
import { renderJson } from '../report/renderers/json.js';
import { renderPretty } from '../report/renderers/pretty.js';
import { renderSummary } from '../report/renderers/summary.js';
import { defaultToolsDir, discoverTools, resolveTool } from '../project/discover.js';
import { mapPool } from '../util/pool.js';
import type { ProgressEvent } from '../validation/options.js';
import { validateTool } from '../validation/validate-tool.js';
import type { Report } from '../report/model.js';
import type { ValidateCliOptions } from './program.js';
import { startProgress } from './progress.js';
import { updateFixturesCommand } from './update-fixtures-command.js';
import type { CiValidateOptions } from '../ci/cli.js';
import { checkCiUsage, emptyShardReport, finishReport, selectToolDirs, shardFixtures, usesCi, writeCiOutputs } from '../ci/run.js';
import { parseShard } from '../ci/shard.js';

/** A progress bar for a single tool with many fixtures (terminal only; never in --json or CI logs). */
function fixtureProgress(): { onProgress: (e: ProgressEvent) => void; stop(): void } {
  let bar: ReturnType<typeof startProgress> = null;
  return {
    onProgress: (e) => {
      if (e.kind === 'fixtures-total' && (e.total ?? 0) >= 10) bar = startProgress(e.total!, 'fixtures');
      else if (e.kind === 'fixture-end') bar?.tick(e.file ?? '');
    },
    stop: () => bar?.stop(),
  };
}

export function exitCodeFor(reports: Report[]): number {
  if (reports.some((r) => r.errors.length)) return 2;
  return reports.some((r) => r.overall === 'fail') ? 1 : 0;
}

export async function validateCommand(target: string | undefined, opts: ValidateCliOptions & CiValidateOptions): Promise<number> {
  const toolsDir = opts.toolsDir ? path.resolve(opts.toolsDir) : defaultToolsDir();
  checkCiUsage(opts, target);
  if (opts.all && target) throw new PixieError('USAGE', `pass either a tool or --all, not both (got '${target}' and --all)`, 'pixie validate --all, or pixie validate <tool>');
  if (!opts.all && !target && !opts.changed) throw new PixieError('USAGE', 'which tool? pass a tool id or path, or --all', 'pixie validate compound-interest, or pixie validate --all');
  if (opts.yes && !opts.updateFixtures) throw new PixieError('USAGE', '--yes only confirms --update-fixtures', 'pixie validate <tool> --update-fixtures --yes');
  const out = process.stdout;
  const c = colorsFor(out);
  const base = { referenceOnly: opts.referenceOnly, fixture: opts.fixture, tag: opts.tag };

  if (opts.all || opts.changed) {
    const found = discoverTools(toolsDir);
    if (found.length === 0) throw new PixieError('TOOL_NOT_FOUND', `no tools found in ${toolsDir}`, 'a tool is a folder with tool.json; create one with pixie new <id>');
    const { dirs, notes } = usesCi(opts) ? selectToolDirs(found, toolsDir, opts) : { dirs: found, notes: [] };
    for (const n of notes) process.stderr.write(`pixie: ${n}\n`);
    const started = performance.now();
    const progress = opts.json ? null : startProgress(dirs.length, 'tools');
    const reports = await mapPool(dirs, opts.jobs ?? os.availableParallelism(), async (toolDir) => {
      const report = finishReport(await validateTool({ ...base, toolDir }), opts);
      progress?.tick(report.tool_id);
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
    writeCiOutputs(reports, opts, performance.now() - started);
    return exitCodeFor(reports);
  }

  const toolDir = resolveTool(target!, toolsDir);
  if (opts.updateFixtures) return updateFixturesCommand(toolDir, { ...base, jobs: opts.jobs }, Boolean(opts.yes), c);
  let report: Report;
  const shard = opts.shard ? shardFixtures(toolDir, parseShard(opts.shard), { fixture: opts.fixture, durations: opts.durations }) : null;
  if (shard && shard.candidates > 0 && shard.files.length === 0) report = emptyShardReport(toolDir, parseShard(opts.shard!));
  else {
    const bar = opts.json ? null : fixtureProgress();
    report = finishReport(await validateTool({ ...base, ...(shard && shard.files.length ? { fixture: shard.files } : {}), toolDir, jobs: opts.jobs, onProgress: bar?.onProgress }), opts);
    bar?.stop();
  }
  if (shard) process.stderr.write(`pixie: --shard ${opts.shard}: ${shard.files.length} of ${shard.candidates} fixture(s) of ${path.basename(toolDir)}\n`);
  if (opts.json) out.write(renderJson(report));
  else if (opts.summary) out.write(renderSummary(report, c));
  else out.write(renderPretty(report, c));
  writeCiOutputs([report], opts);
  return exitCodeFor([report]);
}
