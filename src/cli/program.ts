// The commander program: one register call per command, each command's wiring in cli/commands/.
// Commands load their implementation only when they run, so `pixie --help` stays fast.
import { Command } from 'commander';
import { registerAccept } from './commands/accept.js';
import { registerExplore } from './commands/explore.js';
import { registerInit } from './commands/init.js';
import { registerLint } from './commands/lint.js';
import { registerNew } from './commands/new.js';
import { registerReject } from './commands/reject.js';
import { registerReportMerge } from './commands/report-merge.js';
import { registerReview } from './commands/review.js';
import { registerServe } from './commands/serve.js';
import { registerValidate } from './commands/validate.js';

export function buildProgram(): { program: Command; exitCode(): number } {
  const program = new Command('pixie')
    .description('Validate pixie tools: contract checks 1–11 and reference fixtures (check 12)')
    .version('0.1.0')
    .showHelpAfterError('(run pixie --help for usage)')
    .configureOutput({ outputError: (str, write) => write(str) })
    // before the subcommands exist: commander copies this setting into each one as it is created
    .exitOverride();
  let exitCode = 0;
  const setExitCode = (code: number) => {
    exitCode = code;
  };
  for (const register of [
    registerValidate,
    registerExplore,
    registerReview,
    registerAccept,
    registerReject,
    registerNew,
    registerInit,
    registerServe,
    registerLint,
    registerReportMerge,
  ])
    register(program, setExitCode);
  return { program, exitCode: () => exitCode };
}
