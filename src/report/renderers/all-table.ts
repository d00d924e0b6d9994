import path from 'node:path';
import type { Colors } from '../colors.js';
import { paintStatus } from '../colors.js';
import type { Report } from '../../model/report.js';
import { safeText } from '../safe-text.js';

/** The one table `pixie validate --all` ends with. */
export function renderAllTable(reports: Report[], c: Colors, wallMs: number): string {
  const rows = reports.map((r) => {
    const failed = r.checks.filter((k) => k.status === 'fail').map((k) => String(k.number));
    const warned = r.checks.filter((k) => k.status === 'warn').map((k) => String(k.number));
    const ran = r.fixtures.filter((f) => f.status !== 'skip');
    return {
      // tools are found by folder (`pixie validate <folder>`), so the folder names the row, whatever tool.json's id says
      tool: safeText(r.tool_path ? path.basename(r.tool_path) : r.tool_id),
      overall: r.overall,
      failed: failed.length ? failed.join(',') : '-',
      warned: warned.length ? warned.join(',') : '-',
      fixtures: r.fixtures.length ? `${ran.filter((f) => f.status === 'pass').length}/${ran.length}` : '-',
      duration: `${(r.duration_ms / 1000).toFixed(1)} s`,
    };
  });
  const head = {
    tool: 'tool',
    overall: 'overall',
    failed: 'failed checks',
    warned: 'warn checks',
    fixtures: 'fixtures',
    duration: 'duration',
  };
  const cols = Object.keys(head) as (keyof typeof head)[];
  const width = Object.fromEntries(
    cols.map((k) => [k, Math.max(head[k].length, ...rows.map((r) => r[k].length))]),
  ) as Record<keyof typeof head, number>;
  const line = (r: typeof head, paint = false) =>
    cols
      .map((k) => {
        const cell = r[k].padEnd(width[k]);
        return paint && k === 'overall' ? paintStatus(c, r.overall as 'pass', cell) : cell;
      })
      .join('  ');
  const counts = { pass: 0, warn: 0, fail: 0 };
  for (const r of reports) counts[r.overall]++;
  return (
    [
      c.bold(line(head)),
      ...rows.map((r) => line(r, true)),
      '',
      `${reports.length} tool(s): ${c.green(`${counts.pass} pass`)}, ${c.yellow(`${counts.warn} warn`)}, ${c.red(`${counts.fail} fail`)} in ${(wallMs / 1000).toFixed(1)} s`,
    ].join('\n') + '\n'
  );
}
