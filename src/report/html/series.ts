// Chart series overlaid on one inline SVG: expected dashed (lines) or as rings (scatter), actual
// solid or as dots, one colour per series name, so a shifted point shows as two marks apart.
import type { Series, SeriesBody } from '../view-model/index.js';
import { html, type SafeHtml } from './html.js';

const SERIES_COLOURS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#be185d', '#4d7c0f'];
export const SERIES_LEGEND = { line: 'dashed: expected · solid: actual', point: '○ expected · ● actual' } as const;

const W = 640;
const H = 280;
const PAD = { l: 56, r: 12, t: 12, b: 28 };

const axisNumber = (n: number) =>
  Math.abs(n) >= 1e5 || (Math.abs(n) < 1e-3 && n !== 0) ? n.toExponential(2) : String(Number(n.toPrecision(4)));

export function seriesHtml(view: SeriesBody): SafeHtml {
  const all = [...view.expected, ...view.actual].flatMap((s) => s.points);
  let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const [x, y] of all) {
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  if (x0 === x1) {
    x0 -= 1;
    x1 += 1;
  }
  if (y0 === y1) {
    y0 -= 1;
    y1 += 1;
  }
  const sx = (x: number) => (PAD.l + ((x - x0) / (x1 - x0)) * (W - PAD.l - PAD.r)).toFixed(1);
  const sy = (y: number) => (H - PAD.b - ((y - y0) / (y1 - y0)) * (H - PAD.t - PAD.b)).toFixed(1);
  const colour = (name: string) => SERIES_COLOURS[Math.max(0, view.names.indexOf(name)) % SERIES_COLOURS.length]!;
  const shape = (s: Series, expected: boolean): SafeHtml => {
    const title = html`<title>${s.name} (${expected ? 'expected' : 'actual'})</title>`;
    if (view.mark === 'point') {
      return html`${s.points.map(([x, y]) =>
        expected
          ? html`<circle cx="${sx(x)}" cy="${sy(y)}" r="4" fill="none" stroke="${colour(s.name)}">${title}</circle>`
          : html`<circle cx="${sx(x)}" cy="${sy(y)}" r="2.5" fill="${colour(s.name)}">${title}</circle>`,
      )}`;
    }
    const points = s.points.map(([x, y]) => `${sx(x)},${sy(y)}`).join(' ');
    return expected
      ? html`<polyline points="${points}" fill="none" stroke="${colour(s.name)}" stroke-width="3" stroke-dasharray="6 4" opacity="0.55">${title}</polyline>`
      : html`<polyline points="${points}" fill="none" stroke="${colour(s.name)}" stroke-width="1.5">${title}</polyline>`;
  };
  return html`<div class="chart-view"><svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="expected and actual series" xmlns="http://www.w3.org/2000/svg">
    <line x1="${PAD.l}" y1="${H - PAD.b}" x2="${W - PAD.r}" y2="${H - PAD.b}" stroke="#9ca3af"/><line x1="${PAD.l}" y1="${PAD.t}" x2="${PAD.l}" y2="${H - PAD.b}" stroke="#9ca3af"/>
    <text x="${PAD.l - 4}" y="${PAD.t + 8}" text-anchor="end" font-size="10">${axisNumber(y1)}</text><text x="${PAD.l - 4}" y="${H - PAD.b}" text-anchor="end" font-size="10">${axisNumber(y0)}</text>
    <text x="${PAD.l}" y="${H - 8}" font-size="10">${axisNumber(x0)}</text><text x="${W - PAD.r}" y="${H - 8}" text-anchor="end" font-size="10">${axisNumber(x1)}</text>
    ${view.expected.map((s) => shape(s, true))}${view.actual.map((s) => shape(s, false))}</svg>
    <div class="legend">${view.names.map((n) => html`<span><i style="background:${colour(n)}"></i>${n}</span>`)}<span class="muted">${SERIES_LEGEND[view.mark]}</span></div></div>`;
}
