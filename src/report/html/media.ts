// Images and audio side by side (expected, actual, then the comparator's diff image), each with its
// caption above it. Sources are data URLs checked by the view model; a remote URL is shown as text.
import type { MediaBody, MediaSource } from '../view-model/index.js';
import { embeddable } from '../view-model/media.js';
import { html, type SafeHtml } from './html.js';

function mediaFigure(caption: string, source: MediaSource, cls: string): SafeHtml {
  // checked again here: a renderer never embeds a URL that is not a data URL, whoever built the view
  const kind = source && source.kind !== 'text' ? embeddable(source.url) : null;
  if (source && source.kind !== 'text' && kind === 'image') {
    return html`<figure class="${cls}"><figcaption>${caption}</figcaption><img src="${source.url}" alt="${caption}"></figure>`;
  }
  if (source && source.kind !== 'text' && kind === 'audio') {
    return html`<figure class="${cls}"><figcaption>${caption}</figcaption><audio controls preload="none" src="${source.url}"></audio></figure>`;
  }
  return html`<figure class="${cls} no-media"><figcaption>${caption}</figcaption><div class="muted">${source?.kind === 'text' ? source.text : 'nothing'}</div></figure>`;
}

export function diffFigures(diffs: MediaBody['diffs']): SafeHtml {
  return html`${diffs.map((d) => mediaFigure(d.label, { kind: 'image', url: d.url }, 'img-diff'))}`;
}

export function mediaHtml(view: MediaBody): SafeHtml {
  // one pair: expected, actual and the diff in one row; several: the diffs (labelled by path) after
  const inline = view.pairs.length <= 1;
  return html`<div class="image-view">
    ${view.pairs.map(
      (p) => html`<div class="image-row">${p.label ? html`<div class="muted">${p.label}</div>` : ''}
      <div class="side-by-side">${mediaFigure(`expected${p.label ? ` ${p.label}` : ''}`, p.expected, 'img-expected')}${mediaFigure(`actual${p.label ? ` ${p.label}` : ''}`, p.actual, 'img-actual')}${p.diffs ? diffFigures(p.diffs) : ''}${inline ? diffFigures(view.diffs) : ''}</div></div>`,
    )}
    ${view.pairs.length === 0 || (!inline && view.diffs.length) ? html`<div class="side-by-side artifacts">${diffFigures(view.diffs)}</div>` : ''}
  </div>`;
}
