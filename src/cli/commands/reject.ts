// `pixie reject`: forget pending changes, leaving the fixtures as they are.
import type { Command } from 'commander';
import type { DecideCliOptions } from '../accept-command.js';
import { changeOptions } from './decide-options.js';
import type { SetExitCode } from './options.js';

export function registerReject(program: Command, setExitCode: SetExitCode): void {
  changeOptions(
    program.command('reject').description('forget pending changes; the fixtures keep their expected values'),
  ).action(async (tool: string | undefined, opts: DecideCliOptions) => {
    const { decideCommand } = await import('../accept-command.js');
    setExitCode(await decideCommand('reject', tool, opts));
  });
}
