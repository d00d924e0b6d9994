// commander wiring only: argv → options → the command functions.
import { Command, InvalidArgumentError, Option } from 'commander';
import { registerCi } from '../ci/cli.js';

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number ≥ 1');
  return n;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

export interface ValidateCliOptions {
  all?: boolean;
  toolsDir?: string;
  json?: boolean;
  summary?: boolean;
  referenceOnly?: boolean;
  fixture?: string[];
  tag?: string[];
  updateFixtures?: boolean;
  yes?: boolean;
  jobs?: number;
}

export interface NewCliOptions { runtime: 'node' | 'python'; toolsDir?: string }

export interface ServeCliOptions { port: number; host: string; toolsDir?: string; token?: string }

function portNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number 0–65535 (0 picks a free port)');
  return n;
}

export function buildProgram(handlers: {
  validate(target: string | undefined, opts: ValidateCliOptions): Promise<number>;
  newTool(id: string, opts: NewCliOptions): Promise<number>;
  serve(opts: ServeCliOptions): Promise<number>;
}): Command {
  const program = new Command('pixie')
    .description('Validate pixie tools: contract checks 1–11 and reference fixtures (check 12)')
    .version('0.1.0')
    .showHelpAfterError('(run pixie --help for usage)')
    .configureOutput({ outputError: (str, write) => write(str) })
    // before the subcommands exist: commander copies this setting into each one as it is created
    .exitOverride();
  let exitCode = 0;

  program.command('validate')
    .description('run the twelve checks against one tool, or every tool with --all')
    .argument('[tool]', 'tool id (a folder under --tools-dir) or a path to a tool folder')
    .option('--all', 'validate every tool under the tools directory, in parallel')
    .option('--tools-dir <dir>', 'where tool ids are looked up (default: ./tools or $PIXIE_TOOLS_DIR)')
    .addOption(new Option('--json', 'print the JSON report (reference-schemas/report.schema.json) and nothing else').conflicts('summary'))
    .option('--summary', 'print only the checks that did not pass')
    .option('--reference-only', 'report checks 1–11 as skipped and run only the reference fixtures')
    .option('--fixture <x>', 'run only matching fixtures: a path, file name, bare name or glob (repeatable)', collect)
    .option('--tag <t>', 'run only fixtures with this tag (repeatable)', collect)
    .option('--update-fixtures', 'show which fixture values would change (dry run)')
    .option('--yes', 'with --update-fixtures: write the changes')
    .option('--jobs <n>', 'fixtures (or with --all, tools) run at once', positiveInt)
    .action(async (target: string | undefined, opts: ValidateCliOptions) => {
      exitCode = await handlers.validate(target, opts);
    });

  program.command('new')
    .description('scaffold a working tool with one passing fixture')
    .argument('<id>', 'tool id: lowercase letters, digits and dashes')
    .addOption(new Option('--runtime <runtime>', 'node (TypeScript + hono) or python (standard library)').choices(['node', 'python']).default('node'))
    .option('--tools-dir <dir>', 'where to create it (default: ./tools or $PIXIE_TOOLS_DIR)')
    .action(async (id: string, opts: NewCliOptions) => {
      exitCode = await handlers.newTool(id, opts);
    });

  program.command('serve')
    .description('the validation service and dashboard (HTTP API + web page)')
    .option('--port <port>', 'port to listen on (0 picks a free one)', portNumber, 7700)
    .option('--host <host>', 'address to bind; anything but loopback needs --token', '127.0.0.1')
    .option('--tools-dir <dir>', 'where tools are discovered (default: ./tools or $PIXIE_TOOLS_DIR)')
    .option('--token <token>', 'require this bearer token on every request (default: $PIXIE_TOKEN)')
    .action(async (opts: ServeCliOptions) => {
      exitCode = await handlers.serve(opts);
    });

  registerCi(program, (code) => { exitCode = code; });

  (program as Command & { exitCodeOf(): number }).exitCodeOf = () => exitCode;
  return program;
}
