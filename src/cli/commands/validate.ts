// `pixie validate`: its flags, including one file flag per reporter in the registry.
import { type Command, Option } from 'commander';
import { REPORTERS } from '../../report/reporters.js';
import { collect, positiveInt, positiveSeconds, type SetExitCode } from './options.js';
import type { ValidateCliOptions } from '../validate-command.js';

export function registerValidate(program: Command, setExitCode: SetExitCode): void {
  const command = program
    .command('validate')
    .description('run the twelve checks against one tool, or every tool with --all')
    .argument('[tool]', 'tool id (a folder under --tools-dir) or a path to a tool folder')
    .option('--all', 'validate every tool under the tools directory, in parallel')
    .option(
      '--tools-dir <dir>',
      'where tool ids are looked up (default: $PIXIE_TOOLS_DIR, tools_dir in pixie.config, or <project>/tools)',
    )
    .addOption(
      new Option('--json', 'print the JSON report (reference-schemas/report.schema.json) and nothing else').conflicts(
        'summary',
      ),
    )
    .option('--summary', 'print only the checks that did not pass')
    .option('--reference-only', 'report checks 1–11 as skipped and run only the reference fixtures')
    .option('--fixture <x>', 'run only matching fixtures: a path, file name, bare name or glob (repeatable)', collect)
    .option('--tag <t>', 'run only fixtures with this tag (repeatable)', collect)
    .option('--update-fixtures', 'show which fixture values would change (dry run)')
    .option('--yes', 'with --update-fixtures: write the changes')
    .option('-u', 'the same as --update-fixtures --yes')
    .option('--watch', "validate again whenever the tool's files change (only check 12 when only reference/ changed)")
    .option('--jobs <n>', 'fixtures (or with --all, tools) run at once', positiveInt)
    .option(
      '--startup-timeout <seconds>',
      "how long a tool may take to answer /healthz (over tool.json's startup_timeout_seconds; default 30)",
      positiveSeconds,
    );
  // --json prints the report on stdout here, so only the other reporters get a file flag
  for (const r of REPORTERS.filter((x) => x.name !== 'json'))
    command.option(`--${r.name} <file>`, `also write ${r.description} to FILE`);
  command
    .option(
      '--shard <i/n>',
      "validate only shard i of n (tools, or one tool's fixtures); deterministic across machines",
    )
    .option('--durations <file>', 'with --shard: balance shards by durations from a previous --json or merged report')
    .option(
      '--changed [ref]',
      'only tools whose folder changed since REF (default: the merge base with main), uncommitted and untracked changes included',
    )
    .option(
      '--strict',
      'check 12 also fails on warnings, on files in reference/ that are not fixtures, tolerance.yaml or README.md, and on tools without fixtures',
    )
    .action(async (target: string | undefined, opts: ValidateCliOptions & Record<string, unknown>) => {
      const reportFiles = Object.fromEntries(
        REPORTERS.filter((r) => r.name !== 'json' && typeof opts[r.name] === 'string').map((r) => [
          r.name,
          opts[r.name] as string,
        ]),
      );
      const { validateCommand } = await import('../validate-command.js');
      setExitCode(await validateCommand(target, { ...opts, reportFiles }));
    });
}
