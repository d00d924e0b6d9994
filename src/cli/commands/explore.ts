// `pixie explore <tool>`: the same run as `pixie validate <tool> --explore`.
import { type Command, Option } from 'commander';
import type { ValidateCliOptions } from '../validate-command.js';
import { positiveInt, positiveSeconds, type SetExitCode } from './options.js';
import { addExploreOptions, addReportFileOptions, reportFilesOf } from './validate.js';

export function registerExplore(program: Command, setExitCode: SetExitCode): void {
  const command = program
    .command('explore')
    .description('validate one tool and explore its inputs for crashes (pixie validate <tool> --explore)')
    .argument('<tool>', 'tool id (a folder under --tools-dir) or a path to a tool folder')
    .option(
      '--tools-dir <dir>',
      'where tool ids are looked up (default: $PIXIE_TOOLS_DIR, tools_dir in pixie.config, or <project>/tools)',
    )
    .addOption(new Option('--json', 'print the JSON report and nothing else').conflicts('summary'))
    .option('--summary', 'print only what did not pass')
    .option('--jobs <n>', 'fixtures run at once', positiveInt)
    .option(
      '--startup-timeout <seconds>',
      "how long a tool may take to answer /healthz (over tool.json's startup_timeout_seconds; default 30)",
      positiveSeconds,
    )
    .option('--no-determinism', 'check 8 sends the sample input once, not twice');
  addExploreOptions(command, '');
  addReportFileOptions(command);
  command.action(async (target: string, opts: ValidateCliOptions & Record<string, unknown>) => {
    // as validate does (workflows/startup.ts); exploring starts the tool again after a crash
    const startup = await import('../../workflows/startup.js');
    await startup.beforeLoading({ target, restarts: true, prelaunch: false });
    const { validateCommand } = await import('../validate-command.js');
    setExitCode(await validateCommand(target, { ...opts, explore: true, reportFiles: reportFilesOf(opts) }));
  });
}
