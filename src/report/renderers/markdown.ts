// A Markdown summary of a run (docs/report.md): one table row per tool, then what did not pass, for
// GitHub's job summary ($GITHUB_STEP_SUMMARY, which pixie appends to in GitHub Actions) or any
// Markdown viewer. Every tool-controlled string is escaped, so a tool cannot add links, images or HTML.
import type { FixtureResult, Report } from '../../model/report.js';
import { safeReport } from '../safe-text.js';

/** Fixtures listed per tool at most; GitHub keeps up to 1 MiB of summary per step. */
const MAX_FIXTURES = 30;
/** Characters of one message. */
const MESSAGE_CHARS = 300;

const ICON = { pass: '✅', warn: '⚠️', fail: '❌', skip: '⏭️', flaky: '⚠️' } as const;

/** Text as Markdown shows it literally: one line, Markdown and HTML punctuation escaped. */
export function md(text: string, max = MESSAGE_CHARS): string {
  const one = text.replace(/\s+/g, ' ').trim();
  const cut = one.length > max ? `${one.slice(0, max - 1)}…` : one;
  return cut
    .replace(/[\\`*_{}[\]()#+!|~>-]/g, (ch) => `\\${ch}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;');
}

function fixtureLine(f: FixtureResult): string {
  const about = f.description ? ` (${md(f.description, 120)})` : '';
  return `  - ${ICON[f.status]} \`${f.file.replace(/`/g, "'")}\`${about}: ${md(f.message)}`;
}

function toolSection(r: Report): string[] {
  const out = [`### ${ICON[r.overall]} ${md(r.tool_id, 120)}`, ''];
  for (const k of r.checks) {
    if (k.status !== 'fail' && k.status !== 'warn') continue;
    out.push(`- ${ICON[k.status]} **${k.number} ${k.name}**: ${md(k.message)}`);
    if (k.phase !== 'fixtures') continue;
    const shown = r.fixtures.filter((f) => f.status !== 'pass');
    for (const f of shown.slice(0, MAX_FIXTURES)) out.push(fixtureLine(f));
    if (shown.length > MAX_FIXTURES) out.push(`  - … and ${shown.length - MAX_FIXTURES} more (see the JSON report)`);
  }
  if (r.explore && r.explore.status !== 'pass')
    out.push(
      `- ${ICON[r.explore.status]} **explore${r.explore.negative ? ' --negative' : ''}**: ${md(r.explore.message)}`,
    );
  return [...out, ''];
}

export function renderMarkdown(unsafe: Report[]): string {
  const reports = unsafe.map(safeReport);
  const counts = { pass: 0, warn: 0, fail: 0 };
  for (const r of reports) counts[r.overall]++;
  const rows = reports.map((r) => {
    const failed = r.checks.filter((k) => k.status === 'fail').map((k) => k.number);
    const warned = r.checks.filter((k) => k.status === 'warn').map((k) => k.number);
    const ran = r.fixtures.filter((f) => f.status !== 'skip');
    const fixtures = r.fixtures.length ? `${ran.filter((f) => f.status === 'pass').length}/${ran.length}` : '-';
    return `| ${md(r.tool_id, 120)} | ${ICON[r.overall]} ${r.overall} | ${failed.join(', ') || '-'} | ${warned.join(', ') || '-'} | ${fixtures} | ${(r.duration_ms / 1000).toFixed(1)} s |`;
  });
  return [
    `## pixie: ${reports.length} tool(s), ${counts.pass} pass, ${counts.warn} warn, ${counts.fail} fail`,
    '',
    '| tool | overall | failed checks | warn checks | fixtures passed | duration |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    ...reports.filter((r) => r.overall !== 'pass').flatMap(toolSection),
  ].join('\n');
}
