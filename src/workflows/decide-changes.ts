// Deciding pending changes without running the tool (docs/cli.md, review/accept/reject; the
// dashboard's Accept): find the tool and the changes a selection picks, then accept them (written as
// an update writes, settling pending results the same way) or reject them.
import path from 'node:path';
import { PixieError } from '../errors.js';
import type { Manifest } from '../model/manifest.js';
import {
  type Change,
  type ChangeSource,
  changesOfReport,
  loadChanges,
  planAcceptance,
  rejectChanges,
  selectChanges,
} from '../pending/changes.js';
import { toolRef } from '../project/tool-ref.js';
import { resolveTool, toolAround } from '../project/discover.js';
import type { Report } from '../model/report.js';
import { loadManifest } from '../tool/manifest.js';
import { shortPath } from '../util/short-path.js';
import { type InProject, projectOf } from './options.js';
import { writeFixtureChanges } from './update-fixtures.js';

export type { Change } from '../pending/changes.js';
export { rejectChanges };

export interface DecideRequest {
  cwd?: string;
  toolsDir?: string;
  /** a pending folder copied from elsewhere, the `.pixie/pending` above it, or a --json report */
  from?: string;
  /** fixture selectors, as for validate */
  fixture?: string[];
  /** output keys */
  output?: string[];
}

export interface Decidable {
  toolDir: string;
  toolId: string;
  /** how a pasted command names the tool (ValidateOptions.toolRef) */
  toolRef: string;
  manifest: Manifest;
  source: ChangeSource;
  /** the changes the selection picked */
  changes: Change[];
}

/** The tool, its manifest and the changes a selection picks; a PixieError when there is nothing to decide. */
export function findChanges(target: string | undefined, request: InProject<DecideRequest>, verb: string): Decidable {
  const { toolsDir } = projectOf(request);
  const named = target ?? toolAround(request.cwd ?? process.cwd(), toolsDir);
  if (!named)
    throw new PixieError(
      'USAGE',
      `which tool? pixie ${verb} <tool>`,
      `pixie ${verb} <tool> [--fixture F] [--output K]`,
    );
  const toolDir = resolveTool(named, toolsDir, request.cwd);
  const toolId = path.basename(toolDir);
  const ref = toolRef(toolDir, { cwd: request.cwd, toolsDir, toolsDirFlag: request.toolsDir });
  const load = loadManifest(toolDir);
  if (!load.ok) throw new PixieError('USER_FILE', `${toolId}/tool.json cannot be loaded`, `pixie lint ${ref} says why`);
  const source = loadChanges(
    toolDir,
    request.from ? path.resolve(request.cwd ?? '.', request.from) : undefined,
    load.manifest.id,
  );
  const where = shortPath(source.where);
  if (source.changes.length === 0)
    throw new PixieError(
      'NO_MATCH',
      `no pending change of ${toolId} in ${where}`,
      `pixie validate ${ref} records the out-of-tolerance values it finds there`,
    );
  const { selected, unmatched } = selectChanges(source.changes, request);
  if (unmatched.length || selected.length === 0)
    throw new PixieError(
      'NO_MATCH',
      `${unmatched.length ? unmatched.join(', ') : 'the selection'} matched no pending change of ${toolId} in ${where}`,
      `pending: ${describeChanges(source.changes)}`,
    );
  return { toolDir, toolId, toolRef: ref, manifest: load.manifest, source, changes: selected };
}

/** `fixture_a.json: x, y; fixture_b.json: z` */
export function describeChanges(changes: readonly Change[]): string {
  const byFile = new Map<string, string[]>();
  for (const ch of changes) byFile.set(ch.fixture, [...(byFile.get(ch.fixture) ?? []), ch.output]);
  return [...byFile].map(([file, keys]) => `${file}: ${keys.join(', ')}`).join('; ');
}

export type AcceptResult = { ok: true; written: string[] } | { ok: false; problems: string[] };

/** Writes the new values of `changes` into their fixtures, all or none, and forgets their pending results. */
export function acceptChanges(
  toolDir: string,
  manifest: Manifest,
  changes: readonly Change[],
  command: string,
  ref?: string,
): AcceptResult {
  const plan = planAcceptance(toolDir, manifest, changes, ref);
  if (!plan.ok) return plan;
  const applied = writeFixtureChanges(toolDir, plan.files, {
    command,
    decided: changes.flatMap((ch) => (ch.stored ? [ch.stored] : [])),
  });
  return applied.ok ? { ok: true, written: applied.written } : { ok: false, problems: [applied.message] };
}

/** The out-of-tolerance outputs of a stored report (the dashboard's Accept), for one fixture and perhaps one output. */
export function changesOfStoredReport(report: Report, fixture: string, output?: string): Change[] {
  return changesOfReport(report).filter(
    (ch) => ch.fixture === fixture && (output === undefined || ch.output === output),
  );
}
