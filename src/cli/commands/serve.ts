// `pixie serve`: the validation service and dashboard.
import type { Command } from 'commander';
import type { ServeOptions } from '../../server/serve.js';
import { portNumber, positiveInt, type SetExitCode, wholeNumber } from './options.js';

export function registerServe(program: Command, setExitCode: SetExitCode): void {
  program
    .command('serve')
    .description('the validation service and dashboard (HTTP API + web page)')
    .option('--port <port>', 'port to listen on (0 picks a free one)', portNumber, 7700)
    .option('--host <host>', 'address to bind; anything but loopback needs --token', '127.0.0.1')
    .option(
      '--tools-dir <dir>',
      'where tools are discovered (default: $PIXIE_TOOLS_DIR, tools_dir in pixie.config, or <project>/tools)',
    )
    .option('--token <token>', 'require this bearer token on every request (default: $PIXIE_TOKEN)')
    .option('--jobs <n>', 'tool runs at once across all tools (default: the number of CPUs)', positiveInt)
    .option(
      '--max-queued <n>',
      'full validations a tool may have waiting behind its current run (default: 4)',
      wholeNumber,
    )
    .action(async (opts: ServeOptions) => {
      const { serveCommand } = await import('../../server/serve.js');
      setExitCode(await serveCommand(opts));
    });
}
