// The detail block under one output's heading, drawn from its view model; the --html report and
// the dashboard both place exactly this fragment, so they show every output the same way.
import type { OutputComparison } from '../../model/report.js';
import { outputView, type OutputView, type ViewBody } from '../view-model/index.js';
import { html, type SafeHtml } from './html.js';
import { linesHtml } from './lines.js';
import { diffFigures, mediaHtml } from './media.js';
import { scalarHtml } from './scalar.js';
import { seriesHtml } from './series.js';
import { tableHtml } from './table.js';

function bodyHtml(view: OutputView & ViewBody): SafeHtml {
  switch (view.kind) {
    case 'scalar':
      return scalarHtml(view);
    case 'table':
      return tableHtml(view);
    case 'series':
      return seriesHtml(view);
    case 'media':
      return mediaHtml(view);
    case 'lines':
    case 'json':
      return linesHtml(view);
  }
}

function differencesHtml(view: OutputView): SafeHtml {
  if (view.differences.length === 0) return html``;
  return html`<h5>${view.kind === 'table' ? 'Unmatched rows and other differences' : 'Differences'}</h5>
    <ul class="differences">${view.differences.map((d) => html`<li class="d-${d.kind}"><code>${d.path || '(value)'}</code> ${d.message}</li>`)}${view.moreDifferences ? html`<li class="muted">… ${view.moreDifferences} more (the full list is in the report JSON)</li>` : ''}</ul>`;
}

function outputDetailHtml(view: OutputView): SafeHtml {
  return html`<div class="output-detail">
    ${view.degraded ? html`<div class="warn-box">degraded: ${view.degraded.reason}; install with: <code>${view.degraded.install}</code></div>` : ''}
    ${bodyHtml(view)}
    ${differencesHtml(view)}
    ${view.artifacts.length ? html`<div class="side-by-side artifacts">${diffFigures(view.artifacts)}</div>` : ''}
    ${view.kind !== 'scalar' ? html`<div class="muted rule">rule: ${view.rule || '—'}; tolerance <code>${view.tolerance ?? '—'}</code></div>` : ''}
    ${view.values ? html`<details class="values"><summary>expected and actual values</summary><div class="side-by-side"><figure><figcaption>expected</figcaption><pre>${view.values.expected}</pre></figure><figure><figcaption>actual</figcaption><pre>${view.values.actual}</pre></figure></div></details>` : ''}
  </div>`;
}

/** The detail block for one output comparison (the heading line is drawn by the page). */
export function outputDetail(o: OutputComparison): SafeHtml {
  return outputDetailHtml(outputView(o));
}
