// `pixie accept` and `pixie reject` (docs/cli.md): decide pending changes without running the tool,
// from this machine's pending results, a pending folder copied from CI, or a --json report.
import path from 'node:path';
import { PixieError } from '../errors.js';
import {
  acceptChanges,
  type Change,
  type ChangeSource,
  loadChanges,
  rejectChanges,
  selectChanges,
} from '../pending/changes.js';
import { resolveTool, toolAround } from '../project/discover.js';
import { loadProject } from '../project/project.js';
import { colorsFor } from '../report/colors.js';
import { safeText } from '../report/safe-text.js';
import { loadManifest } from '../tool/manifest.js';
import type { Manifest } from '../model/manifest.js';
import { shortPath } from './pending-note.js';

export interface DecideCliOptions {
  fixture?: string[];
  output?: string[];
  from?: string;
  toolsDir?: string;
}

export interface Decidable {
  toolDir: string;
  toolId: string;
  manifest: Manifest;
  source: ChangeSource;
  changes: Change[];
}

/** The tool, its manifest and the changes the options pick; a usage error when there is nothing to decide. */
export function decidable(target: string | undefined, opts: DecideCliOptions, verb: string): Decidable {
  const { toolsDir } = loadProject({ toolsDir: opts.toolsDir });
  const named = target ?? toolAround(process.cwd(), toolsDir);
  if (!named)
    throw new PixieError(
      'USAGE',
      `which tool? pixie ${verb} <tool>`,
      `pixie ${verb} <tool> [--fixture F] [--output K]`,
    );
  const toolDir = resolveTool(named, toolsDir);
  const toolId = path.basename(toolDir);
  const load = loadManifest(toolDir);
  if (!load.ok)
    throw new PixieError('USER_FILE', `${toolId}/tool.json cannot be loaded`, `pixie lint ${toolId} says why`);
  const source = loadChanges(toolDir, opts.from ? path.resolve(opts.from) : undefined);
  for (const p of source.problems) process.stderr.write(`pixie: warning: ${safeText(p)}\n`);
  const where = shortPath(source.where);
  if (source.changes.length === 0)
    throw new PixieError(
      'NO_MATCH',
      `no pending change of ${toolId} in ${where}`,
      `pixie validate ${toolId} records the out-of-tolerance values it finds there`,
    );
  const { selected, unmatched } = selectChanges(source.changes, opts);
  if (unmatched.length || selected.length === 0)
    throw new PixieError(
      'NO_MATCH',
      `${unmatched.length ? unmatched.join(', ') : 'the selection'} matched no pending change of ${toolId} in ${where}`,
      `pending: ${describe(source.changes)}`,
    );
  return { toolDir, toolId, manifest: load.manifest, source, changes: selected };
}

/** `fixture_a.json: x, y; fixture_b.json: z` */
function describe(changes: readonly Change[]): string {
  const byFile = new Map<string, string[]>();
  for (const ch of changes) byFile.set(ch.fixture, [...(byFile.get(ch.fixture) ?? []), ch.output]);
  return [...byFile].map(([file, keys]) => `${file}: ${keys.join(', ')}`).join('; ');
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
        `pixie reject ${d.toolId} forgets the pending results in .pixie/pending; a report needs no rejecting`,
      );
    const n = rejectChanges(d.changes);
    print([`rejected ${n} change(s): ${describe(d.changes)}; the fixtures are unchanged`]);
    return 0;
  }
  const result = acceptChanges(d.toolDir, d.manifest, d.changes, `pixie accept ${d.toolId}`);
  if (!result.ok) {
    print([...result.problems.map((p) => `${c.red('cannot accept:')} ${p}`), 'nothing was written.']);
    return 1;
  }
  print([
    `accepted ${d.changes.length} change(s): ${describe(d.changes)}`,
    `updated ${result.written.length} file(s): ${result.written.map((w) => `reference/${w}`).join(', ')}`,
  ]);
  return 0;
}
