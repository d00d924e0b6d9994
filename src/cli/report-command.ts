// `pixie report merge a.json b.json … [--json FILE|-] [--junit FILE] [--html FILE]`: shard reports → one.
import { readReports } from '../ci/shard.js';
import { exitCodeFor } from '../report/exit-code.js';
import { mergeReports } from '../ci/merge.js';
import { colorsFor } from '../report/colors.js';
import { renderAllTable } from '../report/renderers/all-table.js';
import { renderJson } from '../report/renderers/json.js';
import { appendStepSummary, writeReportFiles, type ReportFiles } from './report-files.js';

export async function reportMergeCommand(files: string[], opts: ReportFiles): Promise<number> {
  const merged = mergeReports(files.flatMap((f) => readReports(f)));
  await writeReportFiles(merged, opts);
  await appendStepSummary(merged);
  if (opts.json === '-') process.stdout.write(renderJson(merged));
  else {
    const wall = merged.reduce((n, r) => n + r.duration_ms, 0);
    process.stdout.write(renderAllTable(merged, colorsFor(process.stdout), wall));
    process.stdout.write(`merged ${files.length} report file(s) into ${merged.length} tool report(s)\n`);
  }
  return exitCodeFor(merged);
}
