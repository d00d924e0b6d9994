// Updating fixtures (docs/fixtures.md, "Updating fixtures"), the one implementation behind
// `--update-fixtures`/`-u`, the service's reference-check with update_expected, and accepting pending
// changes: take the tool's update lock → validate → plan → write → settle pending results. A writer
// holds the lock from before the run until its files are renamed, so a second updater (another
// command, or pixie serve) cannot plan from the same old files and overwrite this one.
import { toolRef } from '../project/tool-ref.js';
import path from 'node:path';
import type { UpdateValues, ValidateRequest } from '../model/options.js';
import type { Report } from '../model/report.js';
import { PendingRecorder } from '../pending/record.js';
import { listToolPending, mediaPaths, removeEntry, type StoredEntry } from '../pending/store.js';
import type { Project } from '../project/project.js';
import { planUpdates, type UpdatePlan } from '../reference/update.js';
import { acquireUpdateLock } from '../reference/update-lock.js';
import { type ApplyResult, applyChanges, type FileChange } from '../reference/update-write.js';
import { loadManifest } from '../tool/manifest.js';
import { mapPool } from '../util/pool.js';
import { type InProject, projectOf, validateOptionsFor } from './options.js';
import type { ValidateFn } from './validate-tool.js';
import { runValidation } from './validation-run.js';

export interface UpdateRequest extends ValidateRequest {
  /** write the plan (--yes); otherwise only plan it (a dry run) */
  write: boolean;
}

export interface ToolUpdate {
  toolDir: string;
  toolId: string;
  /** how a pasted command names the tool (ValidateOptions.toolRef) */
  toolRef: string;
  report: Report | null;
  plan: UpdatePlan;
  applied: ApplyResult | null;
  /** why nothing was tried (the update lock was held) */
  refused: string | null;
  /** media files of the changes, from the pending results this run recorded, by `<fixture>\0<output>` */
  media: Map<string, { expected?: string; actual?: string; diffs?: string[] }>;
}

const emptyPlan = (): UpdatePlan => ({ files: [], blocked: [], skipped: [], notes: [] });
const pairKey = (fixture: string, output: string) => `${fixture}\0${output}`;

/** Whether anything asked for was left undone: a refusal, a blocked plan, a skipped fixture, a failed write. */
export function undone(u: ToolUpdate): boolean {
  return Boolean(u.refused || u.plan.blocked.length || u.plan.skipped.length || (u.applied && !u.applied.ok));
}

/** Updates each tool in `toolDirs`; with several, `jobs` tools at a time. */
export async function updateFixtures(
  toolDirs: readonly string[],
  request: InProject<UpdateRequest>,
  opts: { many: boolean; toolJobs?: number; command: string; validate?: ValidateFn },
): Promise<ToolUpdate[]> {
  const project = projectOf(request);
  const one = (dir: string) => updateTool(project, dir, request, opts);
  return opts.many ? mapPool([...toolDirs], opts.toolJobs ?? 1, one) : [await one(toolDirs[0]!)];
}

async function updateTool(
  project: Project,
  toolDir: string,
  request: UpdateRequest,
  opts: { many: boolean; command: string; validate?: ValidateFn },
): Promise<ToolUpdate> {
  const result: ToolUpdate = {
    toolDir,
    toolId: path.basename(toolDir),
    toolRef: toolRef(toolDir, { cwd: request.cwd, toolsDir: project.toolsDir, toolsDirFlag: request.toolsDir }),
    report: null,
    plan: emptyPlan(),
    applied: null,
    refused: null,
    media: new Map(),
  };
  const lock = request.write ? acquireUpdateLock(toolDir, opts.command) : null;
  if (lock && !lock.ok) {
    result.refused = lock.message;
    return result;
  }
  try {
    const values: UpdateValues = { fixtures: new Map(), sample: null };
    const options = validateOptionsFor(project, request, toolDir, { many: opts.many });
    const pending = request.recordPending ? new PendingRecorder(toolDir, options.toolRef) : null;
    const report = await (opts.validate ?? runValidation)({
      ...options,
      updateValues: values,
      ...(pending ? { onFailingOutputs: pending.take } : {}),
    });
    result.report = report;
    if (pending) {
      pending.finish(report);
      for (const p of listToolPending(toolDir).entries)
        result.media.set(pairKey(p.entry.fixture, p.entry.output), mediaPaths(p));
    }
    const load = loadManifest(toolDir);
    // without the sample run (check 8, skipped under --reference-only) no new fixture is planned;
    // with a selection, nothing but the selected fixtures is written
    result.plan = planUpdates(report, load.ok ? load.manifest : undefined, toolDir, values, {
      fromSample: !request.referenceOnly,
      selected: Boolean(request.fixture?.some((t) => t.trim()) || request.tag?.some((t) => t)),
    });
    if (request.write && result.plan.files.length && !result.plan.blocked.length)
      result.applied = writeFixtureChanges(toolDir, result.plan.files, { lockHeld: true, command: opts.command });
    return result;
  } finally {
    if (lock?.ok) lock.release();
  }
}

/**
 * Writes `files` into the tool's fixtures, all or none, under the tool's update lock (taken here
 * unless the caller holds it), then forgets the pending results of what was written: this machine's,
 * and `decided` (entries of a pending folder copied from elsewhere).
 */
export function writeFixtureChanges(
  toolDir: string,
  files: readonly FileChange[],
  opts: { command: string; lockHeld?: boolean; decided?: readonly StoredEntry[] },
): ApplyResult {
  const lock = opts.lockHeld ? null : acquireUpdateLock(toolDir, opts.command);
  if (lock && !lock.ok) return { ok: false, message: lock.message, written: [] };
  try {
    const applied = applyChanges(files, toolDir);
    if (!applied.ok) return applied;
    for (const entry of opts.decided ?? []) removeEntry(entry);
    const written = new Set(files.flatMap((f) => f.changes.map((c) => pairKey(f.file, c.key))));
    for (const local of listToolPending(toolDir).entries)
      if (written.has(pairKey(local.entry.fixture, local.entry.output))) removeEntry(local);
    return applied;
  } finally {
    if (lock?.ok) lock.release();
  }
}
