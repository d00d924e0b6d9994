// `pixie validate <tool> --update-fixtures [--yes]`: preview (default) or write refreshed expected values.
import type { Colors } from '../report/colors.js';
import { formatValue } from '../report/format-value.js';
import { applyUpdates, planUpdates } from '../reference/update.js';
import { loadManifest } from '../tool/manifest.js';
import type { ValidateOptions } from '../validation/options.js';
import { validateTool } from '../validation/validate-tool.js';

export async function updateFixturesCommand(
  toolDir: string,
  base: Omit<ValidateOptions, 'toolDir'>,
  yes: boolean,
  c: Colors,
): Promise<number> {
  // run every check (not --reference-only): fixture_sample.json needs the sample run of check 8
  const report = await validateTool({ ...base, referenceOnly: false, toolDir });
  const load = loadManifest(toolDir);
  const plan = planUpdates(report, load.ok ? load.manifest : undefined, toolDir);
  const out: string[] = [];
  for (const b of plan.blocked) out.push(`${c.red('cannot update:')} ${b}`);
  for (const n of plan.notes) out.push(`${c.yellow('note:')} ${n}`);
  if (plan.blocked.length) {
    out.push('nothing was written.');
    process.stdout.write(out.join('\n') + '\n');
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
    const written = applyUpdates(plan, report, toolDir);
    out.push('', `updated ${written.length} file(s): ${written.map((w) => `reference/${w}`).join(', ')}`);
  }
  process.stdout.write(out.join('\n') + '\n');
  return report.errors.length ? 2 : 0;
}
