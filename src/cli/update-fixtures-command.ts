// `pixie validate <tool> --update-fixtures [--yes]`: preview (default) or write refreshed expected values.
import type { Colors } from '../report/colors.js';
import { formatValue } from '../report/format-value.js';
import { safeText } from '../report/safe-text.js';
import { applyUpdates, planUpdates } from '../reference/update.js';
import { acquireUpdateLock } from '../reference/update-lock.js';
import { loadManifest } from '../tool/manifest.js';
import type { UpdateValues, ValidateOptions } from '../validation/options.js';
import { validateTool } from '../validation/validate-tool.js';

export async function updateFixturesCommand(
  toolDir: string,
  base: Omit<ValidateOptions, 'toolDir'>,
  yes: boolean,
  c: Colors,
): Promise<number> {
  const out: string[] = [];
  const print = () => process.stdout.write(`${out.map((l) => safeText(l)).join('\n')}\n`);
  // a writer holds the tool's lock from before the run until its files are renamed, so a second
  // updater (another CLI, or pixie serve) cannot plan from the same old files and overwrite this one
  const lock = yes ? acquireUpdateLock(toolDir, 'pixie validate --update-fixtures --yes') : null;
  if (lock && !lock.ok) {
    out.push(`${c.red('cannot update:')} ${lock.message}`, 'nothing was written.');
    print();
    return 1;
  }
  try {
    const updateValues: UpdateValues = { fixtures: new Map(), sample: null };
    // run every check (not --reference-only): fixture_sample.json needs the sample run of check 8
    const report = await validateTool({ ...base, referenceOnly: false, toolDir, updateValues });
    const load = loadManifest(toolDir);
    const plan = planUpdates(report, load.ok ? load.manifest : undefined, toolDir, updateValues);
    for (const b of plan.blocked) out.push(`${c.red('cannot update:')} ${b}`);
    for (const n of plan.notes) out.push(`${c.yellow('note:')} ${n}`);
    if (plan.blocked.length) {
      out.push('nothing was written.');
      print();
      return 1;
    }
    if (plan.files.length === 0) out.push('every fixture is within tolerance; nothing to update.');
    for (const f of plan.files) {
      out.push(`${c.bold(`reference/${f.file}`)}${f.create ? c.green(' (new)') : ''}`);
      for (const ch of f.changes)
        out.push(
          f.create
            ? `  ${ch.key}: ${formatValue(ch.new)}`
            : `  ${ch.key}: ${formatValue(ch.old)} → ${formatValue(ch.new)}`,
        );
    }
    if (plan.files.length && !yes)
      out.push('', `dry run: ${plan.files.length} file(s) would change; run again with --yes to write them.`);
    if (plan.files.length && yes) {
      const applied = applyUpdates(plan, report, toolDir);
      if (!applied.ok) {
        out.push('', `${c.red('cannot update:')} ${applied.message}`);
        if (!applied.written.length) out.push('nothing was written.');
        print();
        return 1;
      }
      out.push(
        '',
        `updated ${applied.written.length} file(s): ${applied.written.map((w) => `reference/${w}`).join(', ')}`,
      );
    }
    print();
    return report.errors.length ? 2 : 0;
  } finally {
    if (lock?.ok) lock.release();
  }
}
