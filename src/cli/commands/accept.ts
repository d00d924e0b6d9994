// `pixie accept`: write pending new values into the fixtures, without running the tool.
import type { Command } from 'commander';
import type { DecideCliOptions } from '../accept-command.js';
import { changeOptions } from './decide-options.js';
import type { SetExitCode } from './options.js';

export function registerAccept(program: Command, setExitCode: SetExitCode): void {
  changeOptions(
    program
      .command('accept')
      .description('write pending changes (out-of-tolerance values a run recorded) into the fixtures'),
  ).action(async (tool: string | undefined, opts: DecideCliOptions) => {
    const { decideCommand } = await import('../accept-command.js');
    setExitCode(await decideCommand('accept', tool, opts));
  });
}
