// `pixie validate <tool> | --all | --changed --update-fixtures [--yes] [--json]`: preview (default)
// or write refreshed expected values, one tool after another or --jobs at a time. A fixture whose run
// errored is listed and left out while the others update; the exit code says whether anything was
// left undone (docs/fixtures.md, "Updating fixtures").
import path from 'node:path';
import { PendingRecorder } from '../pending/record.js';
import { listPending, mediaPaths, removeEntry } from '../pending/store.js';
import type { Colors } from '../report/colors.js';
import { formatValue } from '../report/format-value.js';
import type { Report } from '../model/report.js';
import { safeText } from '../report/safe-text.js';
import { terminalDiff } from '../report/terminal-diff.js';
import { createValueCap } from '../report/value-cap.js';
import { applyUpdates, comparisonOf, planUpdates, type UpdatePlan } from '../reference/update.js';
import type { ApplyResult } from '../reference/update-write.js';
import { acquireUpdateLock } from '../reference/update-lock.js';
import { loadManifest } from '../tool/manifest.js';
import { mapPool } from '../util/pool.js';
import type { UpdateValues, ValidateOptions } from '../model/options.js';
import { validateTool } from '../validation/validate-tool.js';

interface ToolUpdate {
  toolDir: string;
  toolId: string;
  report: Report | null;
  plan: UpdatePlan;
  applied: ApplyResult | null;
  /** why nothing was tried (the update lock was held) */
  refused: string | null;
  /** media files of the changes, from the pending results this run recorded */
  media: Map<string, { expected?: string; actual?: string; diffs?: string[] }>;
}

const emptyPlan = (): UpdatePlan => ({ files: [], blocked: [], skipped: [], notes: [] });

async function updateTool(toolDir: string, base: Omit<ValidateOptions, 'toolDir'>, yes: boolean): Promise<ToolUpdate> {
  const toolId = path.basename(toolDir);
  const result: ToolUpdate = {
    toolDir,
    toolId,
    report: null,
    plan: emptyPlan(),
    applied: null,
    refused: null,
    media: new Map(),
  };
  // a writer holds the tool's lock from before the run until its files are renamed, so a second
  // updater (another CLI, or pixie serve) cannot plan from the same old files and overwrite this one
  const lock = yes ? acquireUpdateLock(toolDir, 'pixie validate --update-fixtures --yes') : null;
  if (lock && !lock.ok) {
    result.refused = lock.message;
    return result;
  }
  try {
    const updateValues: UpdateValues = { fixtures: new Map(), sample: null };
    const pending = new PendingRecorder(toolDir);
    // run every check (not --reference-only): new outputs come from the sample run of check 8
    const report = await validateTool({
      ...base,
      referenceOnly: false,
      toolDir,
      updateValues,
      onFailingOutputs: pending.take,
    });
    result.report = report;
    pending.finish(report);
    const pendingNow = listPending(pending.root).entries;
    for (const p of pendingNow) result.media.set(`${p.entry.fixture}\0${p.entry.output}`, mediaPaths(p));
    const load = loadManifest(toolDir);
    result.plan = planUpdates(report, load.ok ? load.manifest : undefined, toolDir, updateValues);
    if (yes && result.plan.files.length && !result.plan.blocked.length) {
      result.applied = applyUpdates(result.plan, toolDir);
      if (result.applied.ok) {
        // what was written is no longer pending
        const done = new Set(result.plan.files.flatMap((f) => f.changes.map((c) => `${f.file}\0${c.key}`)));
        for (const p of pendingNow) if (done.has(`${p.entry.fixture}\0${p.entry.output}`)) removeEntry(p);
      }
    }
    return result;
  } finally {
    if (lock?.ok) lock.release();
  }
}

/** Whether anything the user asked for was left undone: a refusal, a blocked plan, a skipped fixture, a failed write. */
function undone(u: ToolUpdate): boolean {
  return Boolean(u.refused || u.plan.blocked.length || u.plan.skipped.length || (u.applied && !u.applied.ok));
}

export async function updateFixturesCommand(
  toolDirs: readonly string[],
  base: Omit<ValidateOptions, 'toolDir'> & { jobs?: number },
  opts: { yes: boolean; json: boolean; many: boolean; toolJobs?: number },
  c: Colors,
): Promise<number> {
  const updates = opts.many
    ? await mapPool([...toolDirs], opts.toolJobs ?? 1, (dir) => updateTool(dir, base, opts.yes))
    : [await updateTool(toolDirs[0]!, base, opts.yes)];
  if (opts.json) {
    const json = updates.map((u) => planJson(u, opts.yes));
    process.stdout.write(`${JSON.stringify(opts.many ? json : json[0], null, 2)}\n`);
  } else {
    const lines: string[] = [];
    for (const u of updates) {
      if (opts.many && !u.refused && !undone(u) && u.plan.files.length === 0 && !u.plan.notes.length) continue;
      if (opts.many) lines.push(c.bold(u.toolId));
      lines.push(...toolLines(u, opts.yes, c, opts.many ? '  ' : ''));
      if (opts.many) lines.push('');
    }
    if (opts.many) lines.push(...summary(updates, opts.yes, c));
    process.stdout.write(`${lines.map((l) => safeText(l)).join('\n')}\n`);
  }
  if (updates.some((u) => u.report?.errors.length)) return 2;
  return updates.some(undone) ? 1 : 0;
}

function toolLines(u: ToolUpdate, yes: boolean, c: Colors, indent: string): string[] {
  const out: string[] = [];
  const push = (...ls: string[]) => out.push(...ls.map((l) => (l ? indent + l : l)));
  if (u.refused) {
    push(`${c.red('cannot update:')} ${u.refused}`, 'nothing was written.');
    return out;
  }
  const { plan } = u;
  for (const b of plan.blocked) push(`${c.red('cannot update:')} ${b}`);
  for (const s of plan.skipped)
    push(
      `${c.yellow('skipped:')} ${s} (its run failed, so it was left out; retry it alone with pixie validate ${u.toolId} --update-fixtures --fixture ${s.split(':')[0]})`,
    );
  for (const n of plan.notes) push(`${c.yellow('note:')} ${n}`);
  if (plan.blocked.length) {
    push('nothing was written.');
    return out;
  }
  if (plan.files.length === 0 && !plan.skipped.length) push('every fixture is within tolerance; nothing to update.');
  for (const f of plan.files) {
    push(`${c.bold(`reference/${f.file}`)}${f.create ? c.green(' (new)') : ''}`);
    for (const ch of f.changes) {
      const oldText = formatValue(ch.old);
      const newText = formatValue(ch.new);
      push(
        f.create || ch.added
          ? `  ${ch.key}: ${newText}${ch.added && !f.create ? c.green(' (added)') : ''}`
          : `  ${ch.key}: ${oldText} → ${newText}`,
      );
      // when the shortened values cannot show the change, show what changed
      const comparison = u.report ? comparisonOf(u.report, f.file, ch.key) : undefined;
      const media = u.media.get(`${f.file}\0${ch.key}`);
      const hasMedia = Boolean(media?.expected || media?.actual || media?.diffs);
      if (comparison && !f.create && !ch.added && (oldText === newText || /…/.test(oldText + newText) || hasMedia))
        push(...terminalDiff(comparison, c, { maxLines: 12, files: media }).map((l) => `      ${l}`));
    }
  }
  if (plan.files.length && !yes)
    push('', `dry run: ${plan.files.length} file(s) would change; run again with --yes to write them.`);
  if (plan.files.length && yes && u.applied) {
    if (!u.applied.ok) {
      push('', `${c.red('cannot update:')} ${u.applied.message}`);
      if (!u.applied.written.length) push('nothing was written.');
    } else
      push(
        '',
        `updated ${u.applied.written.length} file(s): ${u.applied.written.map((w) => `reference/${w}`).join(', ')}`,
      );
  }
  return out;
}

function summary(updates: readonly ToolUpdate[], yes: boolean, c: Colors): string[] {
  const written = updates.reduce((n, u) => n + (u.applied?.written.length ?? 0), 0);
  const changed = updates.filter((u) => u.plan.files.length && !u.plan.blocked.length && !u.refused);
  const left = updates.filter(undone);
  const lines = [
    yes
      ? `updated ${written} file(s) in ${updates.filter((u) => u.applied?.written.length).length} of ${updates.length} tool(s)`
      : `dry run: ${changed.reduce((n, u) => n + u.plan.files.length, 0)} file(s) in ${changed.length} of ${updates.length} tool(s) would change; run again with --yes to write them`,
  ];
  if (left.length)
    lines.push(
      c.red(`left undone in ${left.length} tool(s): ${left.map((u) => `${u.toolId} (${reasonOf(u)})`).join(', ')}`),
    );
  return lines;
}

function reasonOf(u: ToolUpdate): string {
  if (u.refused) return u.refused;
  if (u.plan.blocked.length) return u.plan.blocked[0]!;
  if (u.applied && !u.applied.ok) return u.applied.message;
  return `${u.plan.skipped.length} fixture(s) errored: ${u.plan.skipped.map((s) => s.split(':')[0]).join(', ')}`;
}

/** The plan as JSON (--json): values through the report's limits, and what was written. */
function planJson(u: ToolUpdate, yes: boolean) {
  const cap = createValueCap();
  return {
    tool_id: u.toolId,
    tool_path: u.toolDir,
    mode: yes ? 'update-fixtures' : 'update-fixtures-dry-run',
    files: u.plan.files.map((f) => ({
      file: f.file,
      create: f.create,
      changes: f.changes.map((ch) => ({
        key: ch.key,
        type: ch.type,
        ...(ch.added ? { added: true } : {}),
        old: ch.old === undefined ? null : cap.keep(ch.old),
        new: cap.keep(ch.new),
        ...(u.report && comparisonOf(u.report, f.file, ch.key)
          ? { metric: comparisonOf(u.report, f.file, ch.key)!.metric }
          : {}),
      })),
    })),
    blocked: u.refused ? [u.refused] : u.plan.blocked,
    skipped: u.plan.skipped,
    notes: u.plan.notes,
    written: u.applied?.written ?? [],
    left_undone: undone(u),
  };
}
