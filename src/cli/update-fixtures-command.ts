// `--update-fixtures` on the terminal (docs/fixtures.md, "Updating fixtures"): what each tool's update
// planned and wrote (workflows/update-fixtures.ts ran it), as lines or --json, and the exit code:
// 1 when anything asked for was left undone, 2 on a fault of pixie itself.
import type { Colors } from '../report/colors.js';
import { formatPair } from '../report/format-value.js';
import { safeText } from '../report/safe-text.js';
import { terminalDiff } from '../report/terminal-diff.js';
import { createValueCap } from '../report/value-cap.js';
import { comparisonOf } from '../model/report.js';
import { type ToolUpdate, undone } from '../workflows/update-fixtures.js';
import { pushAll } from '../util/push-all.js';
import { stringifyJson } from '../util/python-json.js';

export function printUpdates(
  updates: readonly ToolUpdate[],
  opts: { yes: boolean; json: boolean; many: boolean },
  c: Colors,
): number {
  if (opts.json) {
    const json = updates.map((u) => planJson(u, opts.yes));
    process.stdout.write(`${stringifyJson(opts.many ? json : json[0], 2)}\n`);
  } else {
    const lines: string[] = [];
    for (const u of updates) {
      if (opts.many && !u.refused && !undone(u) && u.plan.files.length === 0 && !u.plan.notes.length) continue;
      if (opts.many) lines.push(c.bold(u.toolId));
      pushAll(lines, toolLines(u, opts.yes, c, opts.many ? '  ' : ''));
      if (opts.many) lines.push('');
    }
    if (opts.many) pushAll(lines, summary(updates, opts.yes, c));
    process.stdout.write(`${lines.map((l) => safeText(l)).join('\n')}\n`);
  }
  if (updates.some((u) => u.report?.errors.length)) return 2;
  return updates.some(undone) ? 1 : 0;
}

function toolLines(u: ToolUpdate, yes: boolean, c: Colors, indent: string): string[] {
  const out: string[] = [];
  const push = (...ls: string[]) =>
    pushAll(
      out,
      ls.map((l) => (l ? indent + l : l)),
    );
  if (u.refused) {
    push(`${c.red('cannot update:')} ${u.refused}`, 'nothing was written.');
    return out;
  }
  const { plan } = u;
  for (const b of plan.blocked) push(`${c.red('cannot update:')} ${b}`);
  for (const s of plan.skipped)
    push(
      `${c.yellow('skipped:')} ${s} (its run failed, so it was left out; retry it alone with pixie validate ${u.toolRef} --update-fixtures --fixture ${s.split(':')[0]})`,
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
      const [oldText, newText] = formatPair(ch.old, ch.new);
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
        for (const l of terminalDiff(comparison, c, { maxLines: 12, files: media })) push(`      ${l}`);
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
