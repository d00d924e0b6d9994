// `pixie report merge`: shard reports → one, written by every reporter the user names.
import type { Command } from 'commander';
import { REPORTERS, type ReporterName } from '../../report/reporters.js';
import type { SetExitCode } from './options.js';

export function registerReportMerge(program: Command, setExitCode: SetExitCode): void {
  const report = program.command('report').description('work with saved reports');
  const merge = report
    .command('merge')
    .description(
      'combine shard reports (--json files) into one: tools united, split fixtures concatenated, check 12 and overall recomputed',
    )
    .argument('<files...>', 'reports written by pixie validate --json');
  for (const r of REPORTERS)
    merge.option(`--${r.name} <file>`, `write ${r.description} to FILE${r.name === 'json' ? ' (- for stdout)' : ''}`);
  merge.action(async (files: string[], opts: Partial<Record<ReporterName, string>>) => {
    const { reportMergeCommand } = await import('../report-command.js');
    setExitCode(await reportMergeCommand(files, opts));
  });
}
