// The options `pixie review`, `pixie accept` and `pixie reject` share: which tool, which changes, from where.
import type { Command } from 'commander';
import { collect } from './options.js';

export function changeOptions(command: Command): Command {
  return command
    .argument('[tool]', 'tool id or path (default: the tool the current folder is in)')
    .option(
      '--fixture <x>',
      'only changes of matching fixtures: a path, file name, bare name or glob (repeatable)',
      collect,
    )
    .option('--output <key>', 'only changes of this output (repeatable)', collect)
    .option(
      '--from <path>',
      'read the changes from a pending folder copied from elsewhere (a CI artifact) or a pixie validate --json report, instead of .pixie/pending',
    )
    .option(
      '--tools-dir <dir>',
      'where tool ids are looked up (default: $PIXIE_TOOLS_DIR, tools_dir in pixie.config, or <project>/tools)',
    );
}
