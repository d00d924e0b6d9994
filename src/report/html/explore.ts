// The --explore section and a repeated fixture's runs as HTML, drawn the same in the --html report
// and the dashboard (their stylesheets include EXPLORE_CSS). Every value is escaped by `html`.
import type { ExploreResult, FixtureRepeat, OutputRuns } from '../../model/report.js';
import { html, type SafeHtml } from './html.js';

export const EXPLORE_CSS = `
.explore .failure { border-left: 4px solid #b91c1c; padding: 4px 10px; margin: 8px 0; background: #fff; }
.explore .failure pre { white-space: pre-wrap; word-break: break-all; }
.explore .kind { font-family: ui-monospace, monospace; color: #b91c1c; font-weight: 600; }
.runs-strip { font-family: ui-monospace, monospace; letter-spacing: 1px; }
.runs-strip .run-pass { color: #15803d; } .runs-strip .run-fail { color: #b91c1c; }
.runs-note { color: #6b7280; font-size: 12px; }
`;

const shown = (v: unknown) => {
  const text = JSON.stringify(v) ?? 'nothing';
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
};

export function exploreSection(e: ExploreResult, badge: (status: ExploreResult['status']) => SafeHtml): SafeHtml {
  const failures = e.failures.map(
    (f) => html`<div class="failure" data-kind="${f.kind}">
<div><span class="kind">${f.kind}</span> ${f.message} <span class="muted">(${f.hits} generated input(s))</span></div>
<div>${f.minimal ? 'minimal input' : 'failing input (not shrunk)'}: ${
      f.offending.length
        ? f.offending.map((k, i) => html`${i ? ', ' : ''}<code>${k}</code> = <code>${shown(f.inputs[k])}</code>`)
        : 'the sample inputs unchanged'
    }${f.offending.length ? html` <span class="muted">(every other input as check 8's sample)</span>` : ''}</div>
${f.saved_as ? html`<div class="muted">saved as ${f.saved_as}</div>` : ''}
<div class="muted">reproduce: start the tool (<code>${e.start_command ?? 'on port 8000'}</code>), then</div>
<pre class="curl">${f.curl}</pre>
${f.response ? html`<details><summary class="muted">response (HTTP ${f.response.status})</summary><pre>${f.response.body}</pre></details>` : ''}
${f.stderr ? html`<details><summary class="muted">stderr</summary><pre>${f.stderr}</pre></details>` : ''}
</div>`,
  );
  return html`<section class="explore" data-status="${e.status}"><h3>Input exploration ${badge(e.status)}</h3>
<div>${e.message}</div>
<div class="muted">seed ${e.seed} (<code>--seed ${e.seed}</code> repeats this run) · budget ${e.budget.runs} inputs or ${e.budget.seconds} s · ${e.restarts} restart(s)</div>
${failures}</section>`;
}

/** ✓✗ per run of a repeated fixture. */
export function runsStrip(r: FixtureRepeat): SafeHtml {
  return html`<div class="runs-strip" title="one mark per run">${r.per_run.map((run) =>
    run.status === 'fail'
      ? html`<span class="run-fail" title="${run.message}">✗</span>`
      : html`<span class="run-pass">✓</span>`,
  )} <span class="runs-note">${r.passed} of ${r.runs} runs within tolerance${r.required === null ? '' : `; pass_rate ${Number((r.required * 100).toFixed(1))} %`}</span></div>`;
}

export function outputRunsHtml(runs: OutputRuns): SafeHtml {
  const rate = runs.required === null ? 'every run' : `pass_rate ${Number((runs.required * 100).toFixed(1))} %`;
  const stats =
    runs.mean !== undefined && runs.sd !== undefined
      ? ` · mean ${Number(runs.mean.toPrecision(6))}, sd ${Number(runs.sd.toPrecision(3))}`
      : '';
  return html` <span class="runs-note">${runs.passed}/${runs.total} runs (${rate})${stats}</span>`;
}
