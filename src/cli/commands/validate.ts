// `pixie validate`: its flags, including one file flag per reporter in the registry.
import { type Command, Option } from 'commander';
import { REPORTERS } from '../../report/reporters.js';
import { collect, positiveInt, positiveSeconds, seedNumber, type SetExitCode } from './options.js';
import type { ValidateCliOptions } from '../validate-command.js';

/** --explore's budget and seed, shared by `pixie validate --explore` and `pixie explore`. */
export function addExploreOptions(command: Command, only = 'with --explore: '): Command {
  return command
    .option('--seed <n>', `${only}the seed to repeat a run exactly (printed on every run)`, seedNumber)
    .option('--runs <n>', `${only}generated inputs at most (default 200)`, positiveInt)
    .option('--seconds <s>', `${only}seconds of exploring at most (default 60)`, positiveSeconds)
    .option('--save', `${only}write each failure as reference/fixture_explore_<n>.json`)
    .option(
      '--negative',
      `${only}send inputs tool.json forbids instead, and report 2xx answers, 5xx, crashes and hangs (a 4xx is right)`,
    );
}

/** One file flag per reporter in the registry (--json prints on stdout, so it has none). */
export function addReportFileOptions(command: Command): Command {
  for (const r of REPORTERS.filter((x) => x.name !== 'json'))
    command.option(`--${r.name} <file>`, `also write ${r.description} to FILE`);
  return command;
}

export function reportFilesOf(opts: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    REPORTERS.filter((r) => r.name !== 'json' && typeof opts[r.name] === 'string').map((r) => [
      r.name,
      opts[r.name] as string,
    ]),
  );
}

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
    .addOption(
      new Option(
        '--json-full',
        'like --json, with every value whole (--json replaces a value over 1 MiB by its size and SHA-256)',
      ).conflicts(['summary', 'json']),
    )
    .option('--summary', 'print only the checks that did not pass')
    .option('--reference-only', 'report checks 1–11 as skipped and run only the reference fixtures')
    .option('--fixture <x>', 'run only matching fixtures: a path, file name, bare name or glob (repeatable)', collect)
    .option('--tag <t>', 'run only fixtures with this tag (repeatable)', collect)
    .option('--last-failed', "run only the fixtures that failed in the tool's last recorded run (all when none did)")
    .option('--update-fixtures', 'show which fixture values would change (dry run)')
    .option('--yes', 'with --update-fixtures: write the changes')
    .option('-u', 'the same as --update-fixtures --yes')
    .option('--watch', "validate again whenever the tool's files change (only check 12 when only reference/ changed)")
    .option('--jobs <n>', 'fixtures (or with --all, tools) run at once', positiveInt)
    .option(
      '--startup-timeout <seconds>',
      "how long a tool may take to answer /healthz (over tool.json's startup_timeout_seconds; default 30)",
      positiveSeconds,
    )
    .option('--repeat <n>', 'run every selected fixture N times; one that both passes and fails is flaky', positiveInt)
    .option('--no-determinism', 'check 8 sends the sample input once, not twice')
    .option('--explore', 'also generate inputs from tool.json and report those that break the tool');
  addExploreOptions(command);
  addReportFileOptions(command);
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
      // the launcher, and the named tool, start before pixie loads the rest of itself (workflows/startup.ts)
      const startup = await import('../../workflows/startup.js');
      await startup.beforeLoading({
        target,
        all: opts.all,
        toolsDir: opts.toolsDir,
        startupTimeout: opts.startupTimeout,
        restarts: Boolean(opts.all || opts.changed || opts.watch || opts.explore),
        // only a tool that will surely be validated as it is; --all with a filter may leave the first out
        prelaunch: !(
          opts.changed ||
          opts.watch ||
          opts.updateFixtures ||
          opts.u ||
          opts.shard ||
          (opts.all && (target || opts.fixture?.length || opts.tag?.length))
        ),
      });
      const { validateCommand } = await import('../validate-command.js');
      try {
        setExitCode(await validateCommand(target, { ...opts, reportFiles: reportFilesOf(opts) }));
      } finally {
        // a tool started ahead of a validation that never ran (a usage error) is stopped
        await startup.dropPrelaunched();
      }
    });
}
