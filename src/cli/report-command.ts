// `pixie report merge a.json b.json … [--json FILE] [--junit FILE] [--html FILE]`: shard reports → one.
import type { ReportMergeCliOptions } from '../ci/cli.js';
import { writeAtomically } from '../ci/run.js';
import { readReports } from '../ci/shard.js';
import { mergeReports } from '../report/merge.js';
import { colorsFor } from '../report/colors.js';
import { renderAllTable } from '../report/renderers/all-table.js';
import { renderHtml } from '../report/renderers/html.js';
import { renderJson } from '../report/renderers/json.js';
import { renderJunit } from '../report/renderers/junit.js';
import { exitCodeFor } from './validate-command.js';

export async function reportMergeCommand(files: string[], opts: ReportMergeCliOptions): Promise<number> {
  const merged = mergeReports(files.flatMap((f) => readReports(f)));
  const toStdout = opts.json === '-';
  if (opts.json && !toStdout) writeAtomically(opts.json, renderJson(merged));
  if (opts.junit) writeAtomically(opts.junit, renderJunit(merged));
  if (opts.html) writeAtomically(opts.html, renderHtml(merged));
  if (toStdout) process.stdout.write(renderJson(merged));
  else {
    const wall = merged.reduce((n, r) => n + r.duration_ms, 0);
    process.stdout.write(renderAllTable(merged, colorsFor(process.stdout), wall));
    process.stdout.write(`merged ${files.length} report file(s) into ${merged.length} tool report(s)\n`);
  }
  return exitCodeFor(merged);
}
