// The dashboard's two pages, rendered on the server: the tool list and one tool's latest report.
import type { CheckResult, FixtureResult, Report } from '../../model/report.js';
import type { RunKind } from '../report-store.js';
import { exploreSection, outputRunsHtml, runsStrip } from '../../report/html/explore.js';
import { html, type SafeHtml } from '../../report/html/html.js';
import { outputDetail } from '../../report/html/output-detail.js';
import { displayJson } from '../../report/view-model/index.js';

export interface ToolRow {
  id: string;
  name: string;
  category: string | null;
  validation: string;
  stale: boolean;
  timestamp: string | null;
  running: boolean;
}

function layout(title: string, body: SafeHtml, pageData: Record<string, string> = {}): string {
  const attrs = Object.entries(pageData).map(([k, v]) => html` data-${k}="${v}"`);
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><link rel="stylesheet" href="/assets/dashboard.css"></head>
<body${attrs}><header class="top"><a href="/" class="brand">pixie</a><span class="muted">validation dashboard</span></header>
<main>${body}</main><script src="/assets/dashboard.js" defer></script></body></html>`.value;
}

function statusBadge(status: string): SafeHtml {
  return html`<span class="badge s-${status}">${status}</span>`;
}

function when(ts: string | null): SafeHtml {
  return ts
    ? html`<time datetime="${ts}">${ts.replace('T', ' ').replace(/\.\d+Z$/, 'Z')}</time>`
    : html`<span class="muted">never</span>`;
}

export function indexPage(tools: ToolRow[], toolsDir: string): string {
  const counts = { pass: 0, warn: 0, fail: 0, unchecked: 0 } as Record<string, number>;
  for (const t of tools) counts[t.validation] = (counts[t.validation] ?? 0) + 1;
  return layout(
    'pixie — tools',
    html`
  <h1>Tools <span class="muted small">${toolsDir}</span></h1>
  <p class="summary">${tools.length} tool(s): <span class="dot s-pass"></span>${counts.pass} pass · <span class="dot s-warn"></span>${counts.warn} warn · <span class="dot s-fail"></span>${counts.fail} fail · <span class="dot s-unchecked"></span>${counts.unchecked} unchecked</p>
  <table class="tools" id="tools">
    <thead><tr><th></th><th>Tool</th><th>Category</th><th>Status</th><th>Last run</th></tr></thead>
    <tbody>${tools.map(
      (t) => html`<tr data-tool="${t.id}" class="tool-row">
      <td><span class="dot s-${t.validation}" title="${t.validation}"></span></td>
      <td><a href="/tools/${encodeURIComponent(t.id)}">${t.name}</a> <span class="muted">${t.id}</span></td>
      <td>${t.category ?? ''}</td>
      <td class="status">${statusBadge(t.validation)}${t.stale ? html` <span class="badge stale" title="files changed since the last report">stale</span>` : ''}${t.running ? html` <span class="badge running">running</span>` : ''}</td>
      <td>${when(t.timestamp)}</td></tr>`,
    )}</tbody>
  </table>
  ${tools.length === 0 ? html`<p class="muted">No tools found. A tool is a folder with tool.json; create one with <code>pixie new &lt;id&gt;</code>.</p>` : ''}`,
    { page: 'index' },
  );
}

function checksTable(checks: CheckResult[]): SafeHtml {
  return html`<table class="checks">
    <thead><tr><th>#</th><th>Check</th><th>Status</th><th>Message</th><th>ms</th></tr></thead>
    <tbody>${checks.map(
      (c) => html`<tr class="check s-row-${c.status}" data-check="${c.number}">
      <td>${c.number}</td><td>${c.name}</td><td>${statusBadge(c.status)}</td>
      <td>${c.message}${c.details ? html`<details${c.status === 'fail' ? ' open' : ''}><summary>details</summary><pre>${c.details}</pre></details>` : ''}</td>
      <td class="num">${c.duration_ms}</td></tr>`,
    )}</tbody></table>`;
}

/** A failing output whose actual value the report kept can be accepted from this report. */
const acceptable = (o: FixtureResult['outputs'][number]) =>
  o.status === 'fail' && o.actual !== undefined && o.type !== 'unknown';

function fixtureBlock(f: FixtureResult, toolId: string, reportFile: string | null): SafeHtml {
  const failing = f.status === 'fail';
  const hasActual = reportFile !== null && f.outputs.some(acceptable);
  return html`<details class="fixture s-row-${f.status}" data-fixture="${f.file}"${f.status !== 'pass' ? ' open' : ''}>
    <summary>${statusBadge(f.status)} <strong>${f.file}</strong> — ${f.name} <span class="muted">${f.message} · ${f.duration_ms} ms</span></summary>
    <div class="fixture-body">
      ${f.description ? html`<div class="description">${f.description}</div>` : ''}
      ${f.source ? html`<div class="muted">source: ${f.source}</div>` : ''}
      ${failing && hasActual ? html`<button class="accept" data-action="accept" data-tool="${toolId}" data-fixture="${f.file}" data-report="${reportFile}">Accept actual as expected…</button>` : ''}
      ${f.repeat ? runsStrip(f.repeat) : ''}
      <details class="inputs"><summary>inputs</summary><pre>${displayJson(f.inputs)}</pre></details>
      ${f.outputs.map(
        (o) => html`<div class="output s-row-${o.status}" data-output="${o.key}">
        <div class="output-head">${statusBadge(o.status)} <strong>${o.key}</strong> <span class="muted">${o.type} · ${o.comparator}</span> — ${o.metric}${o.runs ? outputRunsHtml(o.runs) : ''}${reportFile !== null && acceptable(o) ? html` <button class="accept-output" data-action="accept" data-tool="${toolId}" data-fixture="${f.file}" data-accept-output="${o.key}" data-report="${reportFile}">Accept this value…</button>` : ''}</div>
        ${o.status === 'pass' || o.status === 'skip' ? '' : outputDetail(o)}
      </div>`,
      )}
    </div></details>`;
}

export interface HistoryItem {
  file: string;
  kind: RunKind;
  timestamp: string;
  overall: string;
}

export function toolPage(opts: {
  id: string;
  name: string;
  category: string | null;
  toolPath: string;
  stale: boolean;
  report: Report | null;
  reportKind: RunKind | null;
  reportFile: string | null;
  history: HistoryItem[];
  activeRunId: string | null;
  validation: string;
}): string {
  const r = opts.report;
  const check12 = r?.checks.find((c) => c.phase === 'fixtures');
  return layout(
    `pixie — ${opts.name}`,
    html`
  <nav class="crumbs"><a href="/">tools</a> / ${opts.id}</nav>
  <h1><span class="dot s-${opts.validation}"></span> ${opts.name} <span class="muted small">${opts.category ?? ''}</span></h1>
  <div class="muted">${opts.toolPath}</div>
  <div class="actions">
    <button data-action="run" data-kind="validate" id="revalidate">Re-validate</button>
    <button data-action="run" data-kind="reference-check" id="check12">Run check 12 only</button>
    <button data-action="run" data-kind="validate" data-explore="true" id="explore" title="validate, then generate inputs from tool.json for up to a minute and report those that break the tool">Validate and explore inputs</button>
    ${opts.stale ? html`<span class="badge stale" title="tool.json, the entrypoint, the dependency manifest or reference/ changed since this report">stale: files changed since this report</span>` : ''}
  </div>
  <section id="progress" class="progress" hidden>
    <h3>Run <span id="run-state"></span></h3>
    <progress id="run-bar" max="12" value="0"></progress> <span id="run-count" class="muted"></span>
    <ol id="run-events" class="events"></ol>
  </section>
  ${
    r
      ? html`
  <section class="report" id="report" data-overall="${r.overall}">
    <h2>${statusBadge(r.overall)} ${opts.reportKind === 'reference-check' ? 'Check 12 only' : 'Full validation'} ${when(r.timestamp)} <span class="muted small">${r.duration_ms} ms${opts.reportFile ? ` · ${opts.reportFile}` : ''}</span></h2>
    ${r.errors.length ? html`<div class="fail-box"><strong>pixie errors</strong><pre>${r.errors.join('\n')}</pre></div>` : ''}
    ${r.warnings.length ? html`<div class="warn-box"><strong>warnings</strong><ul>${r.warnings.map((w) => html`<li>${w}</li>`)}</ul></div>` : ''}
    <h3>Checks</h3>${checksTable(r.checks)}
    <h3>Fixtures ${check12 ? html`<span class="muted small">${check12.message}</span>` : ''}</h3>
    ${r.fixtures.length ? r.fixtures.map((f) => fixtureBlock(f, opts.id, opts.reportFile)) : html`<p class="muted">no fixtures ran</p>`}
    ${r.explore ? exploreSection(r.explore, statusBadge) : ''}
    <h3>Captured stderr</h3>
    ${r.spawn_log ? html`<pre class="stderr">${r.spawn_log}</pre>` : html`<p class="muted">nothing captured</p>`}
    ${r.sample_inputs ? html`<details><summary>sample inputs</summary><pre>${displayJson(r.sample_inputs)}</pre></details>` : ''}
    ${r.sample_output ? html`<details><summary>sample output</summary><pre>${displayJson(r.sample_output)}</pre></details>` : ''}
  </section>`
      : html`<p class="muted" id="report">No report yet. Press Re-validate to run the twelve checks.</p>`
  }
  ${opts.history.length ? html`<section class="history"><h3>History</h3><ol>${opts.history.map((h) => html`<li>${statusBadge(h.overall)} <a href="/tools/${encodeURIComponent(opts.id)}?report=${encodeURIComponent(h.file)}">${h.timestamp}</a> <span class="muted">${h.kind}</span></li>`)}</ol></section>` : ''}`,
    { page: 'tool', tool: opts.id, 'active-run': opts.activeRunId ?? '' },
  );
}

export function notFoundPage(what: string): string {
  return layout('pixie — not found', html`<h1>Not found</h1><p>${what}</p><p><a href="/">all tools</a></p>`);
}
