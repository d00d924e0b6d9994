// A table: the expected table with each differing cell as <del>expected</del> <ins>actual</ins> and
// missing rows struck out, then (folded) both tables as they are with what differs marked.
import type { CellChange, TableBody, TableSide } from '../view-model/index.js';
import { compactText } from '../view-model/values.js';
import { html, type SafeHtml } from './html.js';

const cellText = (v: unknown): string => compactText(v, 2000);

function changedCell(change: CellChange): SafeHtml {
  const before = change.kind === 'extra' ? '∅' : (change.shown?.expected ?? cellText(change.expected));
  const after = change.kind === 'missing' ? '∅' : (change.shown?.actual ?? cellText(change.actual));
  return html`<td class="cell-diff" title="${change.message}"><del>${before}</del> <ins>${after}</ins></td>`;
}

function sideHtml(caption: string, side: TableSide, rowMark: string): SafeHtml {
  return html`<figure class="table-side"><figcaption>${caption}</figcaption><div class="scroll"><table class="grid">
    <thead><tr><th>#</th>${side.columns.map((c) => html`<th>${c.label}</th>`)}</tr></thead>
    <tbody>${side.rows.map((r) => html`<tr${r.marked ? html` class="${rowMark}"` : ''}><th>${r.index}</th>${r.cells.map((c) => html`<td${c.marked ? html` class="cell-marked"` : ''}>${cellText(c.value)}</td>`)}</tr>`)}</tbody>
  </table></div>${side.hiddenRows ? html`<div class="muted">… ${side.hiddenRows} more rows</div>` : ''}</figure>`;
}

export function tableHtml(view: TableBody): SafeHtml {
  const missing = view.rows.some((r) => r.state === 'missing');
  return html`<div class="table-view">
    <div class="muted">expected table; differing cells show <del>expected</del> <ins>actual</ins>${missing ? ', struck-out rows are missing in actual' : ''}</div>
    <div class="scroll"><table class="grid">
      <thead><tr><th>#</th>${view.columns.map((c) => html`<th>${c.label}</th>`)}</tr></thead>
      <tbody>${view.rows.map((r) => html`<tr${r.state === 'missing' ? html` class="row-missing"` : ''}><th>${r.index}</th>${r.cells.map((c) => (c.change ? changedCell(c.change) : html`<td>${cellText(c.value)}</td>`))}</tr>`)}</tbody>
    </table></div>
    ${view.hiddenRows ? html`<div class="muted">… ${view.hiddenRows} more rows</div>` : ''}
    <details class="table-sides"><summary>expected and actual tables</summary><div class="side-by-side">${sideHtml('expected (rows missing in actual marked)', view.expected, 'row-missing')}${sideHtml('actual (rows not expected marked)', view.actual, 'row-extra')}</div></details>
  </div>`;
}
