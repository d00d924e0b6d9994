import type { Colors } from '../colors.js';
import { paintStatus } from '../colors.js';
import type { Report } from '../../model/report.js';
import { exploreLines } from './explore-lines.js';
import { safeReport } from '../safe-text.js';
import { fixtureLines } from './pretty.js';
import { pushAll } from '../../util/push-all.js';

/** Only what did not pass: one line for a passing tool. */
export function renderSummary(unsafe: Report, c: Colors): string {
  const report = safeReport(unsafe);
  const counts = { pass: 0, warn: 0, fail: 0, skip: 0 };
  for (const k of report.checks) counts[k.status]++;
  const out = [
    `${report.tool_id} — ${paintStatus(c, report.overall, report.overall)}  pass=${counts.pass} warn=${counts.warn} fail=${counts.fail} skip=${counts.skip}`,
  ];
  for (const k of report.checks) {
    if (k.status !== 'fail' && k.status !== 'warn') continue;
    out.push(`  ${String(k.number).padStart(2)} ${k.name}  ${paintStatus(c, k.status)}  ${k.message}`);
    if (k.phase === 'fixtures')
      for (const f of report.fixtures)
        if (f.status === 'fail' || f.status === 'flaky') pushAll(out, fixtureLines(f, c, '     ', report.value_chars));
  }
  if (report.explore && report.explore.status !== 'pass') pushAll(out, exploreLines(report.explore, c, '  '));
  else if (report.explore) out.push(`  explore: ${report.explore.message}`);
  return out.join('\n') + '\n';
}
