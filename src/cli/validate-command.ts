// options → validateTool → renderer → exit code (SPEC §5).
import os from 'node:os';
import path from 'node:path';
import { PixieError } from '../errors.js';
import { colorsFor } from '../report/colors.js';
import { renderAllTable } from '../report/renderers/all-table.js';
import { renderJson } from '../report/renderers/json.js';
import { renderPretty } from '../report/renderers/pretty.js';
import { renderSummary } from '../report/renderers/summary.js';
import { defaultToolsDir, discoverTools, resolveTool } from '../tools/discover.js';
import { mapPool } from '../util/pool.js';
import { validateTool } from '../validation/validate-tool.js';
import type { Report } from '../validation/types.js';
import type { ValidateCliOptions } from './program.js';
import { startProgress } from './progress.js';
import { updateFixturesCommand } from './update-fixtures-command.js';

export function exitCodeFor(reports: Report[]): number {
  if (reports.some((r) => r.errors.length)) return 2;
  return reports.some((r) => r.overall === 'fail') ? 1 : 0;
}

export async function validateCommand(target: string | undefined, opts: ValidateCliOptions): Promise<number> {
  const toolsDir = opts.toolsDir ? path.resolve(opts.toolsDir) : defaultToolsDir();
  if (opts.all && target) throw new PixieError('USAGE', `pass either a tool or --all, not both (got '${target}' and --all)`, 'pixie validate --all, or pixie validate <tool>');
  if (!opts.all && !target) throw new PixieError('USAGE', 'which tool? pass a tool id or path, or --all', 'pixie validate compound-interest, or pixie validate --all');
  if (opts.yes && !opts.updateFixtures) throw new PixieError('USAGE', '--yes only confirms --update-fixtures', 'pixie validate <tool> --update-fixtures --yes');
  const out = process.stdout;
  const c = colorsFor(out);
  const base = { referenceOnly: opts.referenceOnly, fixture: opts.fixture, tag: opts.tag };

  if (opts.all) {
    const dirs = discoverTools(toolsDir);
    if (dirs.length === 0) throw new PixieError('TOOL_NOT_FOUND', `no tools found in ${toolsDir}`, 'a tool is a folder with tool.json; create one with pixie new <id>');
    const started = performance.now();
    const progress = opts.json ? null : startProgress(dirs.length, 'tools');
    const reports = await mapPool(dirs, opts.jobs ?? os.availableParallelism(), async (toolDir) => {
      const report = await validateTool({ ...base, toolDir });
      progress?.tick(report.tool_id);
      return report;
    });
    progress?.stop();
    if (opts.json) out.write(renderJson(reports));
    else {
      if (opts.summary) for (const r of reports) if (r.overall !== 'pass') out.write(renderSummary(r, c));
      else for (const r of reports) if (r.overall !== 'pass') out.write(renderPretty(r, c) + '\n');
      out.write(renderAllTable(reports, c, performance.now() - started));
    }
    return exitCodeFor(reports);
  }

  const toolDir = resolveTool(target!, toolsDir);
  if (opts.updateFixtures) return updateFixturesCommand(toolDir, { ...base, jobs: opts.jobs }, Boolean(opts.yes), c);
  const report = await validateTool({ ...base, toolDir, jobs: opts.jobs });
  if (opts.json) out.write(renderJson(report));
  else if (opts.summary) out.write(renderSummary(report, c));
  else out.write(renderPretty(report, c));
  return exitCodeFor([report]);
}
