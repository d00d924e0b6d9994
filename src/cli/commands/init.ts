// `pixie init`: set up a repository for pixie.
import type { Command } from 'commander';
import type { InitCliOptions } from '../init-command.js';
import type { SetExitCode } from './options.js';

export function registerInit(program: Command, setExitCode: SetExitCode): void {
  program
    .command('init')
    .description(
      'write pixie.config.json, a GitHub Actions workflow, a pre-commit hook and editor schema settings (existing files are kept)',
    )
    .option('--tools-dir <dir>', 'where the tools are (default: $PIXIE_TOOLS_DIR, or <project>/tools)')
    .option('--force', 'replace existing files that differ (VS Code settings are always merged)')
    .action(async (opts: InitCliOptions) => {
      const { initCommand } = await import('../init-command.js');
      setExitCode(await initCommand(opts));
    });
}
