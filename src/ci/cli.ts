// The CI flags of `pixie validate` and the `lint` and `report merge` commands, registered on the
// program built in cli/program.ts (kept here so that file stays commander wiring of the core).
import { Command, Option } from 'commander';

export interface CiValidateOptions {
  junit?: string;
  html?: string;
  shard?: string;
  durations?: string;
  /** true when --changed is given without a ref */
  changed?: string | boolean;
  strict?: boolean;
}

export interface LintCliOptions { toolsDir?: string; json?: boolean }
export interface ReportMergeCliOptions { json?: string; junit?: string; html?: string }

export function registerCi(program: Command, setExitCode: (code: number) => void): void {
  const validate = program.commands.find((c) => c.name() === 'validate');
  validate
    ?.option('--junit <file>', 'also write a JUnit XML report (one testsuite per tool) to FILE')
    .option('--html <file>', 'also write a self-contained HTML report with every diff to FILE')
    .option('--shard <i/n>', 'validate only shard i of n (tools, or one tool\'s fixtures); deterministic across machines')
    .option('--durations <file>', 'with --shard: balance shards by durations from a previous --json or merged report')
    .option('--changed [ref]', 'only tools whose folder changed since REF (default: the merge base with main), uncommitted and untracked changes included')
    .option('--strict', 'check 12 also fails on warnings, on files in reference/ that are not fixtures, tolerance.yaml or README.md, and on tools without fixtures');

  program.command('lint')
    .description('check tool.json, fixtures and tolerance.yaml without starting any tool (exit 1 on problems)')
    .argument('[tools...]', 'tool ids or paths (default: every tool)')
    .option('--tools-dir <dir>', 'where tool ids are looked up (default: ./tools or $PIXIE_TOOLS_DIR)')
    .option('--json', 'print the problems as JSON')
    .action(async (tools: string[], opts: LintCliOptions) => {
      setExitCode(await (await import('../cli/lint-command.js')).lintCommand(tools, opts));
    });

  const report = program.command('report').description('work with saved reports');
  report.command('merge')
    .description('combine shard reports (--json files) into one: tools united, split fixtures concatenated, check 12 and overall recomputed')
    .argument('<files...>', 'reports written by pixie validate --json')
    .addOption(new Option('--json <file>', 'write the merged JSON report to FILE (- for stdout)'))
    .option('--junit <file>', 'write the merged JUnit XML report to FILE')
    .option('--html <file>', 'write the merged HTML report to FILE')
    .action(async (files: string[], opts: ReportMergeCliOptions) => {
      setExitCode(await (await import('../cli/report-command.js')).reportMergeCommand(files, opts));
    });
}
