// `pixie accept` and `pixie reject` (docs/cli.md): decide pending changes without running the tool,
// from this machine's pending results, a pending folder copied from CI, or a --json report.
import { PixieError } from '../errors.js';
import { colorsFor } from '../report/colors.js';
import { safeText } from '../report/safe-text.js';
import {
  acceptChanges,
  type Decidable,
  describeChanges,
  findChanges,
  rejectChanges,
} from '../workflows/decide-changes.js';

export interface DecideCliOptions {
  fixture?: string[];
  output?: string[];
  from?: string;
  toolsDir?: string;
}

/** The changes the options pick, with what could not be read said on stderr. */
export function decidable(target: string | undefined, opts: DecideCliOptions, verb: string): Decidable {
  const d = findChanges(target, opts, verb);
  for (const p of d.source.problems) process.stderr.write(`pixie: warning: ${safeText(p)}\n`);
  return d;
}

export async function decideCommand(
  verb: 'accept' | 'reject',
  target: string | undefined,
  opts: DecideCliOptions,
): Promise<number> {
  const c = colorsFor(process.stdout);
  const d = decidable(target, opts, verb);
  const print = (lines: string[]) => process.stdout.write(`${lines.map((l) => safeText(l)).join('\n')}\n`);
  if (verb === 'reject') {
    if (d.source.kind === 'report')
      throw new PixieError(
        'USAGE',
        'a report holds no pending results to forget',
        `pixie reject ${d.toolRef} forgets the pending results in .pixie/pending; a report needs no rejecting`,
      );
    const n = rejectChanges(d.changes);
    print([`rejected ${n} change(s): ${describeChanges(d.changes)}; the fixtures are unchanged`]);
    return 0;
  }
  const result = acceptChanges(d.toolDir, d.manifest, d.changes, `pixie accept ${d.toolId}`, d.toolRef);
  if (!result.ok) {
    print([...result.problems.map((p) => `${c.red('cannot accept:')} ${p}`), 'nothing was written.']);
    return 1;
  }
  print([
    `accepted ${d.changes.length} change(s): ${describeChanges(d.changes)}`,
    `updated ${result.written.length} file(s): ${result.written.map((w) => `reference/${w}`).join(', ')}`,
  ]);
  return 0;
}
