// pixie's entry point: turns every failure into one clear line and an exit code (docs/cli.md).
import { CommanderError } from 'commander';
import { PixieError } from '../errors.js';
import { buildProgram } from './program.js';
import { safeText } from '../report/safe-text.js';

async function main(argv: string[]): Promise<number> {
  const { program, exitCode } = buildProgram();
  try {
    await program.parseAsync(argv);
    return exitCode();
  } catch (err) {
    if (err instanceof CommanderError) {
      // help and version exit 0; commander already printed its message
      return err.exitCode === 0 ? 0 : 2;
    }
    if (err instanceof PixieError) {
      // a message may name a tool folder or a file of the repository: printed escaped, as reports are
      process.stderr.write(`pixie: ${safeText(err.message)}\n${err.hint ? `hint: ${safeText(err.hint)}\n` : ''}`);
      return err.exitCode;
    }
    process.stderr.write(
      `pixie: internal error (a bug in pixie, please report it):\n${(err as Error).stack ?? String(err)}\n`,
    );
    return 2;
  }
}

process.exitCode = await main(process.argv);

// Once the report is written pixie leaves, even if a handle outlived its tool (docs/checks.md,
// shutdown): every second, exit if stdout and stderr have nothing left to write. The timer is
// unref'd, so when nothing else is pending the process ends on its own before it fires.
function exitOnceFlushed(): void {
  setTimeout(() => {
    if (process.stdout.writableLength || process.stderr.writableLength) exitOnceFlushed();
    else process.exit();
  }, 1000).unref();
}
exitOnceFlushed();
