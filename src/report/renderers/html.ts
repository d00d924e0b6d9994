// One self-contained HTML file (no script, no network: a CSP forbids every fetch; images are data
// URLs) with every tool's twelve checks and, per fixture and output, what differs. The page around
// the outputs is drawn here; each failing output's detail is the fragment the dashboard shows too.
import path from 'node:path';
import type { CheckResult, FixtureResult, FixtureStatus, OutputComparison, Report } from '../../model/report.js';
import { EXPLORE_CSS, exploreSection, outputRunsHtml, runsStrip } from '../html/explore.js';
import { html, raw, type SafeHtml } from '../html/html.js';
import { outputDetail } from '../html/output-detail.js';
import { OUTPUT_DETAIL_CSS } from '../html/styles.js';
import { displayJson } from '../view-model/index.js';
import { compactText } from '../view-model/values.js';

const PAGE_STYLE = `
:root{--pass:#15803d;--warn:#b45309;--flaky:#7c3aed;--fail:#b91c1c;--skip:#6b7280;--line:#e5e7eb;--bg:#f9fafb}
*{box-sizing:border-box}body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#111827;background:#fff}
main{max-width:1200px;margin:0 auto;padding:24px}h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 8px;padding-top:16px;border-top:2px solid var(--line)}
h3{font-size:15px;margin:16px 0 6px}.muted{color:#6b7280}code,pre,.mono{font:12.5px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{background:var(--bg);border:1px solid var(--line);padding:8px;overflow:auto;max-height:420px;white-space:pre-wrap;word-break:break-word;margin:4px 0}
table{border-collapse:collapse;margin:4px 0}th,td{border:1px solid var(--line);padding:3px 8px;text-align:left;vertical-align:top}th{background:var(--bg)}
.badge{display:inline-block;min-width:44px;text-align:center;padding:1px 8px;border-radius:10px;color:#fff;font-weight:600;font-size:12px;text-transform:uppercase}
.badge.pass{background:var(--pass)}.badge.warn{background:var(--warn)}.badge.flaky{background:var(--flaky)}.badge.fail{background:var(--fail)}.badge.skip{background:var(--skip)}
tr.fail td{background:#fef2f2}tr.warn td{background:#fffbeb}tr.flaky td{background:#f5f3ff}
details{border:1px solid var(--line);border-radius:6px;margin:6px 0;padding:4px 10px}details>summary{cursor:pointer;padding:2px 0}
.output{border-left:4px solid var(--line);padding:4px 10px;margin:8px 0}.output.fail{border-color:var(--fail)}.output.warn{border-color:var(--warn)}.output.pass{border-color:var(--pass)}.output.skip{border-color:var(--skip)}
.rule{color:#374151}.metric{font-weight:600}
${OUTPUT_DETAIL_CSS}${EXPLORE_CSS}`;

function statusBadge(status: FixtureStatus | Report['overall']): SafeHtml {
  return html`<span class="badge ${status}">${status}</span>`;
}

function outputHtml(o: OutputComparison): SafeHtml {
  const head = html`<div>${statusBadge(o.status)} <strong>${o.key}</strong> <span class="muted">${o.type} · ${o.comparator}</span> — <span class="metric">${o.metric}</span>${o.runs ? outputRunsHtml(o.runs) : ''}</div>`;
  // a failing output's detail states the rule itself
  if (o.status !== 'pass' && o.status !== 'skip')
    return html`<div class="output ${o.status}" data-key="${o.key}">${head}${outputDetail(o)}</div>`;
  const tolerance =
    o.tolerance !== null && o.tolerance !== undefined
      ? html` · tolerance <code>${compactText(o.tolerance)}</code>`
      : '';
  return html`<div class="output ${o.status}" data-key="${o.key}">${head}<div class="rule">rule: ${o.rule || '—'}${tolerance}</div></div>`;
}

function fixtureHtml(f: FixtureResult): SafeHtml {
  const open = f.status === 'fail' || f.status === 'warn';
  return html`<details class="fixture ${f.status}" data-file="${f.file}"${open ? ' open' : ''}><summary>${statusBadge(f.status)} <strong>${f.file}</strong> <span class="muted">${f.name} · ${f.duration_ms} ms</span> — ${f.message}</summary>
${f.description ? html`<div class="description">${f.description}</div>` : ''}${f.source ? html`<div class="muted">source: ${f.source}</div>` : ''}${f.response ? html`<div class="muted">answer: HTTP ${f.response.status} ${f.response.body}</div>` : ''}${f.repeat ? runsStrip(f.repeat) : ''}<details><summary class="muted">inputs</summary><pre>${displayJson(f.inputs, 4000)}</pre></details>
${f.outputs.map((o) => html`${outputHtml(o)}\n`)}</details>`;
}

function checksTableHtml(checks: readonly CheckResult[]): SafeHtml {
  return html`<table class="checks"><tr><th>#</th><th>check</th><th>status</th><th>message</th><th>time</th></tr>${checks.map((k) => html`<tr class="${k.status}"><td>${k.number}</td><td>${k.name}</td><td>${statusBadge(k.status)}</td><td>${k.message}${k.details && k.status !== 'pass' ? html`<details><summary class="muted">details</summary><pre>${k.details}</pre></details>` : ''}</td><td class="muted">${k.duration_ms} ms</td></tr>`)}</table>`;
}

function toolId(r: Report): string {
  return `tool-${r.tool_id.replace(/[^\w-]/g, '_')}`;
}

function reportHtml(r: Report, opts: { cwd?: string }): SafeHtml {
  const rel = path.relative(opts.cwd ?? process.cwd(), r.tool_path) || '.';
  const passed = r.fixtures.filter((f) => f.status === 'pass').length;
  const ran = r.fixtures.filter((f) => f.status !== 'skip').length;
  return html`<section class="tool" id="${toolId(r)}"><h2>${r.tool_id} ${statusBadge(r.overall)}</h2>
<div class="muted">${rel} · ${(r.duration_ms / 1000).toFixed(1)} s · ${r.timestamp}${r.peak_memory_mb ? ` · peak ${Math.round(r.peak_memory_mb)} MiB` : ''}</div>
<h3>Checks</h3>
${checksTableHtml(r.checks)}
${r.fixtures.length ? html`<h3>Reference fixtures (${passed}/${ran} passed)</h3>\n${r.fixtures.map((f) => html`${fixtureHtml(f)}\n`)}` : ''}
${r.explore ? exploreSection(r.explore, statusBadge) : ''}
${r.warnings.length ? html`<h3>Warnings</h3>\n<ul>${r.warnings.map((w) => html`<li>${w}</li>`)}</ul>` : ''}
${r.errors.length ? html`<h3>pixie errors</h3>\n<pre>${r.errors.join('\n\n')}</pre>` : ''}
${r.overall === 'fail' && r.spawn_log ? html`<details><summary>captured stderr</summary>\n<pre>${r.spawn_log.slice(-20_000)}</pre></details>` : ''}
</section>`;
}

function summaryTableHtml(reports: readonly Report[]): SafeHtml {
  return html`<table class="summary"><tr><th>tool</th><th>overall</th><th>failed checks</th><th>fixtures</th><th>duration</th></tr>${reports.map(
    (r) => {
      const failed =
        r.checks
          .filter((k) => k.status === 'fail')
          .map((k) => k.number)
          .join(', ') || '—';
      const ran = r.fixtures.filter((f) => f.status !== 'skip');
      return html`<tr class="${r.overall}"><td><a href="#${toolId(r)}">${r.tool_id}</a></td><td>${statusBadge(r.overall)}</td><td>${failed}</td><td>${r.fixtures.length ? `${ran.filter((f) => f.status === 'pass').length}/${ran.length}` : '—'}</td><td>${(r.duration_ms / 1000).toFixed(1)} s</td></tr>`;
    },
  )}</table>`;
}

export function renderHtml(reports: readonly Report[], opts: { title?: string; cwd?: string } = {}): string {
  const counts = { pass: 0, warn: 0, fail: 0 };
  for (const r of reports) counts[r.overall]++;
  const title =
    opts.title ??
    (reports.length === 1 ? `pixie: ${reports[0]!.tool_id} ${reports[0]!.overall}` : `pixie: ${reports.length} tools`);
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; media-src data:; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${raw(PAGE_STYLE)}</style></head>
<body><main>
<h1>${title}</h1>
<div class="muted">${reports.length} tool(s): ${counts.pass} pass, ${counts.warn} warn, ${counts.fail} fail · generated ${new Date().toISOString()}</div>
${reports.length > 1 ? summaryTableHtml(reports) : ''}
${reports.map((r) => html`${reportHtml(r, opts)}\n`)}</main></body></html>
`.value;
}
