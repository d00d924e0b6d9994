// A line diff: removed lines, added lines, folds of unchanged ones and headings naming a place.
import type { JsonBody, LineItem, LinesBody } from '../view-model/index.js';
import { html, type SafeHtml } from './html.js';

function lineHtml(item: LineItem): SafeHtml {
  switch (item.op) {
    case '…':
      return html`<span class="fold">… ${item.skipped} unchanged line(s)</span>\n`;
    case '@':
      return html`<span class="where">${item.label}</span>\n`;
    case '-':
      return html`<span class="del">- ${item.text}</span>\n`;
    case '+':
      return html`<span class="ins">+ ${item.text}</span>\n`;
    default:
      return html`<span class="ctx">  ${item.text}</span>\n`;
  }
}

export function linesHtml(view: LinesBody | JsonBody): SafeHtml {
  if (view.items.length === 0) return html``;
  return html`<div class="muted legend">- expected · + actual</div><pre class="line-diff">${view.items.map(lineHtml)}${view.hiddenItems ? html`<span class="fold">… ${view.hiddenItems} more lines</span>\n` : ''}${view.noLineDiffers ? html`<span class="fold">${view.kind === 'json' ? '(both values print the same; the differences below say what differs)' : '(no line differs; the difference is within a line ending or whitespace)'}</span>\n` : ''}</pre>`;
}
