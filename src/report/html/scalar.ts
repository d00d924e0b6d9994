// A number or boolean: expected, actual, the signed difference, the rule and the tolerance.
import type { OutputView, ScalarBody } from '../view-model/index.js';
import { html, type SafeHtml } from './html.js';
import { stringifyJson } from '../../util/python-json.js';
import { visibleJson } from '../../util/visible-text.js';

function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const s = String(n);
  return s.length > 18 ? n.toPrecision(12) : s;
}

function scalarText(v: unknown): string {
  if (typeof v === 'number') return formatNumber(v);
  if (v === undefined) return 'missing';
  if (typeof v === 'string') return visibleJson(v);
  try {
    return stringifyJson(v) ?? String(v);
  } catch {
    return String(v);
  }
}

export function scalarHtml(view: ScalarBody & Pick<OutputView, 'rule' | 'tolerance'>): SafeHtml {
  const d = view.difference;
  return html`<table class="kv number-view">
    <tr><th>expected</th><td class="num">${scalarText(view.expected)}</td></tr>
    <tr><th>actual</th><td class="num">${scalarText(view.actual)}</td></tr>
    ${d ? html`<tr><th>difference</th><td class="num">${d.signed > 0 ? '+' : ''}${formatNumber(d.signed)} <span class="muted">(relative ${d.relative.toPrecision(3)})</span></td></tr>` : ''}
    <tr><th>rule</th><td>${view.rule || '—'}</td></tr>
    <tr><th>tolerance</th><td><code>${view.tolerance ?? '—'}</code></td></tr>
  </table>`;
}
