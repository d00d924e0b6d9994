// `pixie new`: scaffold a working tool.
import { type Command, Option } from 'commander';
import type { SetExitCode } from './options.js';
import type { NewCliOptions } from '../new-command.js';

export function registerNew(program: Command, setExitCode: SetExitCode): void {
  program
    .command('new')
    .description('scaffold a working tool with one passing fixture')
    .argument('<id>', 'tool id: lowercase letters, digits and dashes')
    .addOption(
      new Option('--runtime <runtime>', 'node (TypeScript + hono) or python (standard library)')
        .choices(['node', 'python'])
        .default('node'),
    )
    .option(
      '--tools-dir <dir>',
      'where to create it (default: $PIXIE_TOOLS_DIR, tools_dir in pixie.config, or <project>/tools)',
    )
    .action(async (id: string, opts: NewCliOptions) => {
      const { newCommand } = await import('../new-command.js');
      setExitCode(await newCommand(id, opts));
    });
}
