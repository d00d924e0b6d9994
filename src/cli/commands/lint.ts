// `pixie lint`: static checks of tool.json, fixtures and tolerance.yaml; nothing is started.
import type { Command } from 'commander';
import type { SetExitCode } from './options.js';
import type { LintCliOptions } from '../lint-command.js';

export function registerLint(program: Command, setExitCode: SetExitCode): void {
  program
    .command('lint')
    .description('check tool.json, fixtures and tolerance.yaml without starting any tool (exit 1 on errors)')
    .argument('[tools...]', 'tool ids or paths (default: every tool)')
    .option(
      '--tools-dir <dir>',
      'where tool ids are looked up (default: $PIXIE_TOOLS_DIR, tools_dir in pixie.config, or <project>/tools)',
    )
    .option('--json', 'print the problems as JSON')
    .option('--strict', 'use the --strict severities (what would fail validate --strict is an error)')
    .option('--fix', 'apply the safe mechanical fixes the findings suggest, then lint again')
    .option(
      '--coverage',
      "also name, one info line each, the select options, checkbox states and range ends no fixture's inputs exercise",
    )
    .action(async (tools: string[], opts: LintCliOptions) => {
      const { lintCommand } = await import('../lint-command.js');
      setExitCode(await lintCommand(tools, opts));
    });
}
