// `pixie review`: go through pending changes one at a time and accept, reject or skip each.
import type { Command } from 'commander';
import type { DecideCliOptions } from '../accept-command.js';
import { changeOptions } from './decide-options.js';
import type { SetExitCode } from './options.js';

export function registerReview(program: Command, setExitCode: SetExitCode): void {
  changeOptions(
    program
      .command('review')
      .description('review pending changes one at a time: accept, reject, skip, or accept the rest of a fixture'),
  ).action(async (tool: string | undefined, opts: DecideCliOptions) => {
    const { reviewCommand } = await import('../review-command.js');
    setExitCode(await reviewCommand(tool, opts));
  });
}
