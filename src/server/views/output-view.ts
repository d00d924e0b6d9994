// What differs in one output, drawn for its type: images side by side with the diff image, chart
// series overlaid on one SVG, table cells highlighted, text as a line diff, numbers with the rule.
import type { Difference, OutputComparison } from '../../report/model.js';
import { html, prettyJson, raw, type SafeHtml } from './html.js';
import { lineDiff, withContext } from './line-diff.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function unwrap(v: unknown): unknown {
  return isObject(v) && 'value' in v && Object.keys(v).every((k) => ['value', 'unit', 'label', 'format'].includes(k)) ? v.value : v;
}

export function statusBadge(status: string): SafeHtml {
  return html`<span class="badge s-${status}">${status}</span>`;
}

// ---------- numbers ----------

function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const s = String(n);
  return s.length > 18 ? n.toPrecision(12) : s;
}

function numberView(o: OutputComparison): SafeHtml | null {
  const e = unwrap(o.expected);
  const a = unwrap(o.actual);
  if (typeof e !== 'number' || typeof a !== 'number') return null;
  const diff = a - e;
  const rel = Math.max(Math.abs(a), Math.abs(e)) > 0 ? Math.abs(diff) / Math.max(Math.abs(a), Math.abs(e)) : 0;
  return html`<table class="kv number-view">
    <tr><th>expected</th><td class="num">${formatNumber(e)}</td></tr>
    <tr><th>actual</th><td class="num">${formatNumber(a)}</td></tr>
    <tr><th>difference</th><td class="num">${diff > 0 ? '+' : ''}${formatNumber(diff)} <span class="muted">(relative ${rel.toPrecision(3)})</span></td></tr>
    <tr><th>rule</th><td>${o.rule || '—'}</td></tr>
    <tr><th>tolerance</th><td><code>${o.tolerance === undefined ? '—' : JSON.stringify(o.tolerance)}</code></td></tr>
  </table>`;
}

// ---------- images ----------

function imageSource(v: unknown): string | null {
  const u = unwrap(v);
  return typeof u === 'string' ? u : null;
}

function imageCell(label: string, src: string | null): SafeHtml {
  if (src && /^data:image\/[a-z+.-]+;base64,/i.test(src)) {
    return html`<figure><img src="${src}" alt="${label}" loading="lazy"><figcaption>${label}</figcaption></figure>`;
  }
  // remote URLs are not fetched by the dashboard; show what the value is
  return html`<figure class="no-image"><div class="muted">${src ? `${src.slice(0, 120)}${src.length > 120 ? '…' : ''}` : 'no image'}</div><figcaption>${label}</figcaption></figure>`;
}

function imagePairs(o: OutputComparison): { label: string; e: string | null; a: string | null }[] | null {
  const e = o.expected;
  const a = o.actual;
  if (o.type === 'image') return [{ label: '', e: imageSource(e), a: imageSource(a) }];
  if (o.type === 'image_compare' && (isObject(e) || isObject(a))) {
    const E = isObject(e) ? e : {};
    const A = isObject(a) ? a : {};
    return ['before', 'after'].map((k) => ({ label: k, e: imageSource(E[k]), a: imageSource(A[k]) }));
  }
  if (o.type === 'image_grid') {
    const list = (v: unknown) => (isObject(v) && Array.isArray(v.images) ? v.images : []) as unknown[];
    const E = list(e);
    const A = list(a);
    return Array.from({ length: Math.max(E.length, A.length) }, (_, i) => ({ label: `images[${i}]`, e: imageSource(E[i]), a: imageSource(A[i]) }));
  }
  return null;
}

function imageView(o: OutputComparison): SafeHtml | null {
  const pairs = imagePairs(o);
  if (!pairs) return null;
  const artifacts = (o.artifacts ?? []).filter((x) => typeof x.data_url === 'string');
  // one image: expected, actual and the diff in one row; several: the diffs (labelled by path) after
  const inline = pairs.length === 1;
  return html`<div class="image-view">
    ${pairs.map((p) => html`<div class="image-row">${p.label ? html`<div class="muted">${p.label}</div>` : ''}
      <div class="side-by-side">${imageCell(`expected${p.label ? ` ${p.label}` : ''}`, p.e)}${imageCell(`actual${p.label ? ` ${p.label}` : ''}`, p.a)}${inline ? artifacts.map((x) => imageCell(x.label, x.data_url)) : ''}</div></div>`)}
    ${!inline && artifacts.length ? html`<div class="side-by-side artifacts">${artifacts.map((x) => imageCell(x.label, x.data_url))}</div>` : ''}
  </div>`;
}

// ---------- charts ----------

interface Series { name: string; points: [number, number][] }

const PALETTE = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#be185d', '#4d7c0f'];

function seriesOf(v: unknown): Series[] | null {
  if (!isObject(v) || !Array.isArray(v.series)) {
    if (isObject(v) && Array.isArray(v.values)) {
      // histogram: draw the sorted values (the distribution's quantile curve)
      const vals = (v.values as unknown[]).filter((x): x is number => typeof x === 'number' && Number.isFinite(x)).sort((p, q) => p - q);
      return [{ name: 'values (sorted)', points: vals.map((y, i) => [i, y]) }];
    }
    return null;
  }
  const xs = Array.isArray(v.x) ? (v.x as unknown[]) : null;
  const numericX = xs !== null && xs.every((x) => typeof x === 'number');
  const out: Series[] = [];
  (v.series as unknown[]).forEach((s, k) => {
    if (!isObject(s)) return;
    const name = typeof s.name === 'string' ? s.name : `series ${k}`;
    if (Array.isArray(s.y)) {
      const pts: [number, number][] = [];
      (s.y as unknown[]).forEach((y, i) => {
        if (typeof y !== 'number' || !Number.isFinite(y)) return;
        pts.push([numericX ? (xs![i] as number) : i, y]);
      });
      out.push({ name, points: pts });
    } else if (Array.isArray(s.points)) {
      const pts: [number, number][] = [];
      for (const p of s.points as unknown[]) if (isObject(p) && typeof p.x === 'number' && typeof p.y === 'number') pts.push([p.x, p.y]);
      out.push({ name, points: pts });
    }
  });
  return out.length ? out : null;
}

function chartView(o: OutputComparison): SafeHtml | null {
  if (!o.type.startsWith('chart_')) return null;
  const E = seriesOf(o.expected);
  const A = seriesOf(o.actual);
  if (!E && !A) return null;
  const scatter = o.type === 'chart_scatter';
  const all = [...(E ?? []), ...(A ?? [])].flatMap((s) => s.points);
  if (!all.length) return null;
  let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const [x, y] of all) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
  if (x0 === x1) { x0 -= 1; x1 += 1; }
  if (y0 === y1) { y0 -= 1; y1 += 1; }
  const W = 640, H = 280, L = 56, R = 12, T = 12, B = 28;
  const sx = (x: number) => L + ((x - x0) / (x1 - x0)) * (W - L - R);
  const sy = (y: number) => H - B - ((y - y0) / (y1 - y0)) * (H - T - B);
  const names = [...new Set([...(E ?? []), ...(A ?? [])].map((s) => s.name))];
  const colour = (name: string) => PALETTE[names.indexOf(name) % PALETTE.length]!;
  const shape = (s: Series, dashed: boolean) => {
    if (scatter) {
      return s.points.map(([x, y]) => dashed
        ? `<circle cx="${sx(x).toFixed(1)}" cy="${sy(y).toFixed(1)}" r="4" fill="none" stroke="${colour(s.name)}"/>`
        : `<circle cx="${sx(x).toFixed(1)}" cy="${sy(y).toFixed(1)}" r="2.5" fill="${colour(s.name)}"/>`).join('');
    }
    const pts = s.points.map(([x, y]) => `${sx(x).toFixed(1)},${sy(y).toFixed(1)}`).join(' ');
    return `<polyline points="${pts}" fill="none" stroke="${colour(s.name)}" stroke-width="${dashed ? 3 : 1.5}" ${dashed ? 'stroke-dasharray="6 4" opacity="0.55"' : ''}/>`;
  };
  const fmt = (n: number) => (Math.abs(n) >= 1e5 || (Math.abs(n) < 1e-3 && n !== 0) ? n.toExponential(2) : String(Number(n.toPrecision(4))));
  // every coordinate and colour above is a number we computed or one of our constants, so raw() is safe
  const svg = raw(`<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" xmlns="http://www.w3.org/2000/svg">
    <line x1="${L}" y1="${H - B}" x2="${W - R}" y2="${H - B}" stroke="#999"/><line x1="${L}" y1="${T}" x2="${L}" y2="${H - B}" stroke="#999"/>
    <text x="${L - 4}" y="${T + 8}" text-anchor="end" font-size="10">${fmt(y1)}</text><text x="${L - 4}" y="${H - B}" text-anchor="end" font-size="10">${fmt(y0)}</text>
    <text x="${L}" y="${H - 8}" font-size="10">${fmt(x0)}</text><text x="${W - R}" y="${H - 8}" text-anchor="end" font-size="10">${fmt(x1)}</text>
    ${(E ?? []).map((s) => shape(s, true)).join('')}${(A ?? []).map((s) => shape(s, false)).join('')}</svg>`);
  return html`<div class="chart-view">${svg}
    <div class="legend">${names.map((n) => html`<span><i style="background:${raw(colour(n))}"></i>${n}</span>`)}
      <span class="muted">${scatter ? '○ expected, ● actual' : 'dashed: expected, solid: actual'}</span></div></div>`;
}

// ---------- tables ----------

interface Column { key: string; label: string }

function columnsOf(v: Record<string, unknown>): Column[] {
  const cols = Array.isArray(v.columns) ? (v.columns as unknown[]) : [];
  return cols.map((c, i) => (typeof c === 'string' ? { key: c, label: c } : isObject(c) ? { key: String(c.key ?? i), label: String(c.label ?? c.key ?? i) } : { key: String(i), label: String(i) }));
}

function cellText(v: unknown): string {
  if (v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v) ?? '';
}

const ROW_PATH = /^rows\[(\d+)\](?:\.([A-Za-z_$][\w$-]*)|\[("(?:[^"\\]|\\.)*")\])?$/;

function tableView(o: OutputComparison): SafeHtml | null {
  if (o.type !== 'table' || !isObject(o.expected)) return null;
  const cols = columnsOf(o.expected);
  const rows = Array.isArray(o.expected.rows) ? (o.expected.rows as unknown[]) : [];
  const cellDiffs = new Map<string, Difference>();
  const missingRows = new Set<number>();
  const other: Difference[] = [];
  for (const d of o.differences ?? []) {
    const m = ROW_PATH.exec(d.path);
    if (m && (m[2] || m[3])) {
      const col = m[2] ?? (JSON.parse(m[3]!) as string);
      cellDiffs.set(`${m[1]}\0${col}`, d);
    } else if (m && /^row missing/.test(d.message)) missingRows.add(Number(m[1]));
    else other.push(d);
  }
  const MAX_ROWS = 500;
  const cell = (row: unknown, c: Column, ci: number, ri: number) => {
    const value = Array.isArray(row) ? row[ci] : isObject(row) ? row[c.key] : undefined;
    const d = cellDiffs.get(`${ri}\0${c.key}`) ?? cellDiffs.get(`${ri}\0${c.label}`);
    if (!d) return html`<td>${cellText(value)}</td>`;
    return html`<td class="cell-diff" title="${d.message}"><del>${cellText(d.expected ?? value)}</del> <ins>${'actual' in d ? cellText(d.actual) : '∅'}</ins></td>`;
  };
  return html`<div class="table-view">
    <div class="muted">expected table; differing cells show <del>expected</del> <ins>actual</ins>${missingRows.size ? ', struck-out rows are missing in actual' : ''}</div>
    <div class="scroll"><table class="grid">
      <thead><tr><th>#</th>${cols.map((c) => html`<th>${c.label}</th>`)}</tr></thead>
      <tbody>${rows.slice(0, MAX_ROWS).map((r, ri) => html`<tr class="${missingRows.has(ri) ? 'row-missing' : ''}"><th>${ri}</th>${cols.map((c, ci) => cell(r, c, ci, ri))}</tr>`)}</tbody>
    </table></div>
    ${rows.length > MAX_ROWS ? html`<div class="muted">… ${rows.length - MAX_ROWS} more rows</div>` : ''}
    ${other.length ? html`<h5>Unmatched rows and other differences</h5>${differencesList(other)}` : ''}
  </div>`;
}

// ---------- text and structured values ----------

function diffView(expected: string, actual: string): SafeHtml {
  const items = withContext(lineDiff(expected, actual), 3);
  const MAX = 2000;
  return html`<pre class="line-diff">${items.slice(0, MAX).map((it) =>
    it.op === '…'
      ? html`<span class="fold">… ${it.skipped} unchanged line(s)</span>\n`
      : html`<span class="${it.op === '-' ? 'del' : it.op === '+' ? 'ins' : 'ctx'}">${it.op} ${it.text}</span>\n`)}${items.length > MAX ? `… ${items.length - MAX} more lines` : ''}</pre>`;
}

const TEXT_TYPES = new Set(['text', 'markdown', 'code', 'latex', 'stream_text', 'log', 'diff']);

function textView(o: OutputComparison): SafeHtml | null {
  // PDF text (and other file comparisons that report line by line) carry expected/actual per difference
  const lines = (o.differences ?? []).filter((d) => typeof d.expected === 'string' || typeof d.actual === 'string');
  if (o.type === 'file' && lines.length) {
    return html`<pre class="line-diff">${lines.map((d) => html`<span class="fold">${d.path}</span>\n${typeof d.expected === 'string' ? html`<span class="del">- ${d.expected}</span>\n` : ''}${typeof d.actual === 'string' ? html`<span class="ins">+ ${d.actual}</span>\n` : ''}`)}</pre>`;
  }
  const e = unwrap(o.expected);
  const a = unwrap(o.actual);
  if (typeof e === 'string' && typeof a === 'string' && (TEXT_TYPES.has(o.type) || !/^data:/.test(e))) return diffView(e, a);
  return null;
}

function structuredView(o: OutputComparison): SafeHtml | null {
  if (o.expected === undefined && o.actual === undefined) return null;
  if (typeof o.expected === 'string' && o.expected.startsWith('data:')) return null;
  return diffView(prettyJson(o.expected, 200_000), prettyJson(o.actual, 200_000));
}

export function differencesList(diffs: Difference[]): SafeHtml {
  const MAX = 200;
  return html`<ul class="differences">${diffs.slice(0, MAX).map((d) => html`<li><code>${d.path || '(value)'}</code> ${d.message}</li>`)}${diffs.length > MAX ? html`<li class="muted">… ${diffs.length - MAX} more</li>` : ''}</ul>`;
}

/** The detail block for one output comparison (the header line is drawn by the caller). */
export function outputDetail(o: OutputComparison): SafeHtml {
  const view = numberView(o) ?? imageView(o) ?? chartView(o) ?? tableView(o) ?? textView(o) ?? structuredView(o);
  const showDiffList = o.differences?.length && o.type !== 'table';
  return html`<div class="output-detail">
    ${o.degraded ? html`<div class="warn-box">degraded: ${o.degraded.reason} — ${o.degraded.install}</div>` : ''}
    ${view ?? ''}
    ${showDiffList ? html`<h5>Differences</h5>${differencesList(o.differences!)}` : ''}
    ${view && o.type !== 'number' && !o.type.startsWith('image') && o.artifacts?.length ? html`<div class="side-by-side artifacts">${o.artifacts.map((x) => imageCell(x.label, x.data_url))}</div>` : ''}
    ${o.type !== 'number' ? html`<div class="muted rule">rule: ${o.rule || '—'}; tolerance <code>${o.tolerance === undefined ? '—' : JSON.stringify(o.tolerance)}</code></div>` : ''}
  </div>`;
}
