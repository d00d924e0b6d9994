// One self-contained HTML file (no script, no network: a CSP forbids every fetch; images are data
// URLs) with every tool's twelve checks and, per fixture and output, what differs: numbers with the
// rule, tables with the differing cells marked, text as a line diff, chart series overlaid as inline
// SVG, images side by side with the comparator's diff image. The pieces are exported so the
// dashboard can render the same diffs.
import path from 'node:path';
import type { CheckResult, FixtureResult, OutputComparison, Report, Status } from '../model.js';

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const MAX_JSON_CHARS = 20_000;
const MAX_TABLE_ROWS = 200;
const MAX_TEXT_LINES = 2_000;
const MAX_DIFFERENCES = 50;
const SERIES_COLOURS = ['#2563eb', '#dc2626', '#059669', '#d97706', '#7c3aed', '#db2777', '#0891b2', '#65a30d'];

export const HTML_STYLE = `
:root{--pass:#15803d;--warn:#b45309;--fail:#b91c1c;--skip:#6b7280;--line:#e5e7eb;--bg:#f9fafb}
*{box-sizing:border-box}body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#111827;background:#fff}
main{max-width:1200px;margin:0 auto;padding:24px}h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 8px;padding-top:16px;border-top:2px solid var(--line)}
h3{font-size:15px;margin:16px 0 6px}.muted{color:#6b7280}code,pre,.mono{font:12.5px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{background:var(--bg);border:1px solid var(--line);padding:8px;overflow:auto;max-height:420px;white-space:pre-wrap;word-break:break-word;margin:4px 0}
table{border-collapse:collapse;margin:4px 0}th,td{border:1px solid var(--line);padding:3px 8px;text-align:left;vertical-align:top}th{background:var(--bg)}
.badge{display:inline-block;min-width:44px;text-align:center;padding:1px 8px;border-radius:10px;color:#fff;font-weight:600;font-size:12px;text-transform:uppercase}
.badge.pass{background:var(--pass)}.badge.warn{background:var(--warn)}.badge.fail{background:var(--fail)}.badge.skip{background:var(--skip)}
tr.fail td{background:#fef2f2}tr.warn td{background:#fffbeb}td.cell-diff{background:#fecaca!important;font-weight:600}
details{border:1px solid var(--line);border-radius:6px;margin:6px 0;padding:4px 10px}details>summary{cursor:pointer;padding:2px 0}
.output{border-left:4px solid var(--line);padding:4px 10px;margin:8px 0}.output.fail{border-color:var(--fail)}.output.warn{border-color:var(--warn)}.output.pass{border-color:var(--pass)}.output.skip{border-color:var(--skip)}
.side{display:flex;gap:16px;flex-wrap:wrap;align-items:flex-start}.side>figure{margin:0}.side figcaption{font-size:12px;color:#6b7280}
figure img{max-width:360px;max-height:360px;image-rendering:pixelated;border:1px solid var(--line);background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px;min-width:160px}
.diff-del{background:#fee2e2}.diff-add{background:#dcfce7}.diff-line{white-space:pre-wrap;display:block}
.rule{color:#374151}.metric{font-weight:600}ul.diffs{margin:4px 0;padding-left:20px}ul.diffs li{margin:1px 0}
svg.chart{border:1px solid var(--line);background:#fff}.legend span{margin-right:12px;font-size:12px}
`;

export function statusBadge(status: Status | Report['overall']): string {
  return `<span class="badge ${status}">${status}</span>`;
}

function json(v: unknown, max = MAX_JSON_CHARS): string {
  let text: string;
  try {
    text = JSON.stringify(v, (_k, x) => (typeof x === 'string' && x.startsWith('data:') && x.length > 200 ? `${x.slice(0, x.indexOf(',') + 1)}… (${x.length} chars)` : x), 2) ?? String(v);
  } catch {
    text = String(v);
  }
  return text.length > max ? `${text.slice(0, max)}\n… (${text.length - max} more characters; see the JSON report)` : text;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The scalar a number/boolean output holds, bare or wrapped as {"value": …}. */
function unwrap(v: unknown): unknown {
  return isObj(v) && 'value' in v ? v.value : v;
}

// ---------------------------------------------------------------------------------------------
// numbers and other scalars

export function scalarDiffHtml(o: OutputComparison): string {
  const e = unwrap(o.expected);
  const a = unwrap(o.actual);
  return `<table><tr><th>expected</th><th>actual</th><th>measured</th><th>rule</th></tr><tr><td class="mono">${escapeHtml(json(e, 400))}</td><td class="mono">${escapeHtml(json(a, 400))}</td><td class="metric">${escapeHtml(o.metric)}</td><td class="rule">${escapeHtml(o.rule)}</td></tr></table>`;
}

// ---------------------------------------------------------------------------------------------
// tables

interface TableLike { columns: string[]; rows: unknown[][] }

function asTable(v: unknown): TableLike | null {
  if (!isObj(v) || !Array.isArray(v.rows)) return null;
  const cols = Array.isArray(v.columns) ? v.columns.map((c) => (isObj(c) ? String(c.key ?? c.label ?? '') : String(c))) : [];
  const labels = Array.isArray(v.columns) ? v.columns.map((c) => (isObj(c) ? String(c.label ?? c.key ?? '') : String(c))) : [];
  const rows = v.rows.map((r) => (Array.isArray(r) ? r : isObj(r) ? cols.map((c, i) => (c in r ? r[c] : r[labels[i]!])) : [r]));
  if (cols.length === 0 && rows.length) rows[0]!.forEach((_, i) => cols.push(String(i)));
  return { columns: labels.length ? labels : cols, rows };
}

/** Cells named by differences such as `rows[3].amount` or `rows[3][1]`, as "row\u0000column". */
function differingCells(o: OutputComparison, columns: readonly string[]): { cells: Set<string>; rows: Set<number> } {
  const cells = new Set<string>();
  const rows = new Set<number>();
  for (const d of o.differences ?? []) {
    const m = /^rows\[(\d+)\](?:\.([^.[\]]+)|\[(\d+)\]|\[([^\]]+)\])?/.exec(d.path);
    if (!m) continue;
    const r = Number(m[1]);
    const col = m[2] ?? (m[3] !== undefined ? columns[Number(m[3])] : m[4]?.replace(/^"|"$/g, ''));
    if (col === undefined) rows.add(r);
    else cells.add(`${r}\u0000${col}`);
  }
  return { cells, rows };
}

function cellText(v: unknown): string {
  return v === undefined ? '' : typeof v === 'string' ? v : json(v, 200);
}

function tableHtml(t: TableLike, marks: { cells: Set<string>; rows: Set<number> }, keys: readonly string[]): string {
  const head = `<tr><th>#</th>${t.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr>`;
  const body = t.rows.slice(0, MAX_TABLE_ROWS).map((row, i) => {
    const whole = marks.rows.has(i);
    return `<tr><td class="muted">${i}</td>${t.columns.map((c, j) => {
      const hit = whole || marks.cells.has(`${i}\u0000${c}`) || marks.cells.has(`${i}\u0000${keys[j] ?? ''}`);
      return `<td${hit ? ' class="cell-diff"' : ''}>${escapeHtml(cellText(row[j]))}</td>`;
    }).join('')}</tr>`;
  }).join('');
  const more = t.rows.length > MAX_TABLE_ROWS ? `<tr><td colspan="${t.columns.length + 1}" class="muted">… ${t.rows.length - MAX_TABLE_ROWS} more rows</td></tr>` : '';
  return `<table>${head}${body}${more}</table>`;
}

export function tableDiffHtml(o: OutputComparison): string | null {
  const e = asTable(o.expected);
  const a = asTable(o.actual);
  if (!e || !a) return null;
  const keysOf = (v: unknown) => (isObj(v) && Array.isArray(v.columns) ? v.columns.map((c) => (isObj(c) ? String(c.key ?? '') : String(c))) : []);
  const marks = differingCells(o, e.columns);
  return `<div class="side"><figure><figcaption>expected (differing cells marked)</figcaption>${tableHtml(e, marks, keysOf(o.expected))}</figure><figure><figcaption>actual</figcaption>${tableHtml(a, marks, keysOf(o.actual))}</figure></div>`;
}

// ---------------------------------------------------------------------------------------------
// text: a line diff (LCS), unified, with context

type Op = { kind: ' ' | '-' | '+'; text: string };

export function lineDiff(expected: string, actual: string): Op[] {
  const E = expected.split('\n').slice(0, MAX_TEXT_LINES);
  const A = actual.split('\n').slice(0, MAX_TEXT_LINES);
  // common prefix/suffix first: most text diffs are a few changed lines
  let pre = 0;
  while (pre < E.length && pre < A.length && E[pre] === A[pre]) pre++;
  let suf = 0;
  while (suf < E.length - pre && suf < A.length - pre && E[E.length - 1 - suf] === A[A.length - 1 - suf]) suf++;
  const e = E.slice(pre, E.length - suf);
  const a = A.slice(pre, A.length - suf);
  const ops: Op[] = E.slice(0, pre).map((text) => ({ kind: ' ', text }));
  if (e.length * a.length > 4_000_000) {
    ops.push(...e.map((text) => ({ kind: '-' as const, text })), ...a.map((text) => ({ kind: '+' as const, text })));
  } else {
    const L = Array.from({ length: e.length + 1 }, () => new Uint32Array(a.length + 1));
    for (let i = e.length - 1; i >= 0; i--) for (let j = a.length - 1; j >= 0; j--) L[i]![j] = e[i] === a[j] ? L[i + 1]![j + 1]! + 1 : Math.max(L[i + 1]![j]!, L[i]![j + 1]!);
    let i = 0;
    let j = 0;
    while (i < e.length || j < a.length) {
      if (i < e.length && j < a.length && e[i] === a[j]) { ops.push({ kind: ' ', text: e[i]! }); i++; j++; }
      else if (j < a.length && (i >= e.length || L[i]![j + 1]! >= L[i + 1]![j]!)) { ops.push({ kind: '+', text: a[j]! }); j++; }
      else { ops.push({ kind: '-', text: e[i]! }); i++; }
    }
  }
  ops.push(...E.slice(E.length - suf).map((text) => ({ kind: ' ' as const, text })));
  return ops;
}

export function textDiffHtml(o: OutputComparison, context = 3): string | null {
  const e = unwrap(o.expected);
  const a = unwrap(o.actual);
  if (typeof e !== 'string' || typeof a !== 'string') return null;
  const ops = lineDiff(e, a);
  const keep = ops.map((op, i) => op.kind !== ' ' || ops.slice(Math.max(0, i - context), i + context + 1).some((x) => x.kind !== ' '));
  const out: string[] = [];
  let skipped = 0;
  ops.forEach((op, i) => {
    if (!keep[i]) { skipped++; return; }
    if (skipped) { out.push(`<span class="diff-line muted">  … ${skipped} unchanged line(s)</span>`); skipped = 0; }
    const cls = op.kind === '-' ? 'diff-del' : op.kind === '+' ? 'diff-add' : '';
    out.push(`<span class="diff-line ${cls}">${op.kind} ${escapeHtml(op.text)}</span>`);
  });
  if (skipped) out.push(`<span class="diff-line muted">  … ${skipped} unchanged line(s)</span>`);
  if (!ops.some((op) => op.kind !== ' ')) out.push('<span class="diff-line muted">(no line differs; the difference is within a line ending or whitespace)</span>');
  return `<div class="muted">- expected &nbsp; + actual</div><pre class="text-diff">${out.join('')}</pre>`;
}

// ---------------------------------------------------------------------------------------------
// charts: every series of expected (solid) and actual (dashed) on one inline SVG

interface Series { name: string; points: [number, number][] }

function seriesOf(v: unknown): Series[] | null {
  if (!isObj(v)) return null;
  if (Array.isArray(v.series)) {
    const xs = Array.isArray(v.x) ? v.x : null;
    const out: Series[] = [];
    v.series.forEach((s, si) => {
      if (!isObj(s)) return;
      const name = String(s.name ?? `series ${si}`);
      if (Array.isArray(s.y)) {
        out.push({ name, points: s.y.flatMap((y, i) => (typeof y === 'number' ? [[typeof xs?.[i] === 'number' ? (xs[i] as number) : i, y] as [number, number]] : [])) });
      } else if (Array.isArray(s.points)) {
        out.push({ name, points: s.points.flatMap((p) => (isObj(p) && typeof p.x === 'number' && typeof p.y === 'number' ? [[p.x, p.y] as [number, number]] : [])) });
      } else if (Array.isArray(s.values)) {
        out.push({ name, points: s.values.flatMap((y, i) => (typeof y === 'number' ? [[i, y] as [number, number]] : [])) });
      }
    });
    return out.length ? out : null;
  }
  if (Array.isArray(v.slices)) return [{ name: 'slices', points: v.slices.flatMap((s, i) => (isObj(s) && typeof s.value === 'number' ? [[i, s.value] as [number, number]] : [])) }];
  if (Array.isArray(v.values) && v.values.every((x) => typeof x === 'number')) return [{ name: 'values', points: (v.values as number[]).map((y, i) => [i, y]) }];
  return null;
}

export function chartOverlaySvg(expected: Series[], actual: Series[], size = { width: 640, height: 280 }): string {
  const all = [...expected, ...actual].flatMap((s) => s.points);
  if (all.length === 0) return '';
  const pad = { l: 56, r: 12, t: 12, b: 28 };
  let [x0, x1] = [Math.min(...all.map((p) => p[0])), Math.max(...all.map((p) => p[0]))];
  let [y0, y1] = [Math.min(...all.map((p) => p[1])), Math.max(...all.map((p) => p[1]))];
  if (x0 === x1) { x0 -= 1; x1 += 1; }
  if (y0 === y1) { y0 -= 1; y1 += 1; }
  const W = size.width - pad.l - pad.r;
  const H = size.height - pad.t - pad.b;
  const sx = (x: number) => (pad.l + ((x - x0) / (x1 - x0)) * W).toFixed(1);
  const sy = (y: number) => (pad.t + H - ((y - y0) / (y1 - y0)) * H).toFixed(1);
  const names = [...new Set([...expected, ...actual].map((s) => s.name))];
  const colour = (name: string) => SERIES_COLOURS[names.indexOf(name) % SERIES_COLOURS.length]!;
  const line = (s: Series, dashed: boolean) => {
    const pts = s.points.map((p) => `${sx(p[0])},${sy(p[1])}`).join(' ');
    const dots = s.points.length <= 60 ? s.points.map((p) => `<circle cx="${sx(p[0])}" cy="${sy(p[1])}" r="${dashed ? 2 : 3}" fill="${dashed ? '#fff' : colour(s.name)}" stroke="${colour(s.name)}"/>`).join('') : '';
    return `<polyline fill="none" stroke="${colour(s.name)}" stroke-width="${dashed ? 2 : 2.5}"${dashed ? ' stroke-dasharray="6 4"' : ' stroke-opacity="0.55"'} points="${pts}"><title>${escapeHtml(`${s.name} (${dashed ? 'actual' : 'expected'})`)}</title></polyline>${dots}`;
  };
  const fmt = (n: number) => Number(n.toPrecision(4)).toString();
  const axes = `<line x1="${pad.l}" y1="${pad.t + H}" x2="${pad.l + W}" y2="${pad.t + H}" stroke="#9ca3af"/><line x1="${pad.l}" y1="${pad.t}" x2="${pad.l}" y2="${pad.t + H}" stroke="#9ca3af"/>`
    + `<text x="${pad.l - 4}" y="${pad.t + 10}" text-anchor="end" font-size="11">${fmt(y1)}</text><text x="${pad.l - 4}" y="${pad.t + H}" text-anchor="end" font-size="11">${fmt(y0)}</text>`
    + `<text x="${pad.l}" y="${size.height - 8}" font-size="11">${fmt(x0)}</text><text x="${pad.l + W}" y="${size.height - 8}" text-anchor="end" font-size="11">${fmt(x1)}</text>`;
  const legend = names.map((n) => `<span style="color:${colour(n)}">■ ${escapeHtml(n)}</span>`).join('');
  return `<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}" role="img" aria-label="expected and actual series">${axes}${expected.map((s) => line(s, false)).join('')}${actual.map((s) => line(s, true)).join('')}</svg><div class="legend">${legend}<span class="muted">solid: expected · dashed: actual</span></div>`;
}

export function chartDiffHtml(o: OutputComparison): string | null {
  const e = seriesOf(o.expected);
  const a = seriesOf(o.actual);
  if (!e || !a) return null;
  return chartOverlaySvg(e, a);
}

// ---------------------------------------------------------------------------------------------
// images (and audio): embedded as the data URLs they already are, with the comparator's diff image

function dataUrls(v: unknown, prefix: 'image' | 'audio', out: { label: string; url: string }[] = [], label = ''): { label: string; url: string }[] {
  if (out.length >= 12) return out;
  if (typeof v === 'string') {
    if (v.startsWith(`data:${prefix}/`)) out.push({ label, url: v });
  } else if (Array.isArray(v)) v.forEach((x, i) => dataUrls(x, prefix, out, `${label}[${i}]`));
  else if (isObj(v)) for (const [k, x] of Object.entries(v)) dataUrls(x, prefix, out, label ? `${label}.${k}` : k);
  return out;
}

/** Only data: URLs are embedded (anything else would be a network fetch). */
const safeDataUrl = (url: string) => /^data:(image|audio)\/[\w.+-]+(;[\w=.+-]+)*(;base64)?,/.test(url) ? url.replace(/"/g, '%22') : '';

export function imageDiffHtml(o: OutputComparison): string | null {
  const e = dataUrls(o.expected, 'image');
  const a = dataUrls(o.actual, 'image');
  const artifacts = o.artifacts ?? [];
  if (e.length === 0 && a.length === 0 && artifacts.length === 0) return null;
  const fig = (caption: string, url: string, cls: string) => {
    const src = safeDataUrl(url);
    return src ? `<figure class="${cls}"><figcaption>${escapeHtml(caption)}</figcaption><img src="${src}" alt="${escapeHtml(caption)}"></figure>` : '';
  };
  const rows: string[] = [];
  const count = Math.max(e.length, a.length);
  for (let i = 0; i < count; i++) {
    const label = e[i]?.label || a[i]?.label || '';
    rows.push(`<div class="side">${e[i] ? fig(`expected${label ? ` ${label}` : ''}`, e[i]!.url, 'img-expected') : ''}${a[i] ? fig(`actual${label ? ` ${label}` : ''}`, a[i]!.url, 'img-actual') : ''}</div>`);
  }
  if (artifacts.length) rows.push(`<div class="side">${artifacts.map((x) => fig(x.label, x.data_url, 'img-diff')).join('')}</div>`);
  return rows.join('');
}

export function audioDiffHtml(o: OutputComparison): string | null {
  const e = dataUrls(o.expected, 'audio');
  const a = dataUrls(o.actual, 'audio');
  if (!e.length && !a.length) return null;
  const player = (caption: string, url: string) => {
    const src = safeDataUrl(url);
    return src ? `<figure><figcaption>${escapeHtml(caption)}</figcaption><audio controls preload="none" src="${src}"></audio></figure>` : '';
  };
  return `<div class="side">${e.map((x) => player(`expected ${x.label}`.trim(), x.url)).join('')}${a.map((x) => player(`actual ${x.label}`.trim(), x.url)).join('')}</div>`;
}

// ---------------------------------------------------------------------------------------------
// one output, one fixture, one report

const TEXT_TYPES = new Set(['text', 'code', 'latex', 'markdown', 'stream_text', 'log', 'diff']);
const SCALAR_TYPES = new Set(['number', 'boolean']);

/** The visual diff for one output's type, or null when the values are not of a shape we can draw. */
export function visualDiffHtml(o: OutputComparison): string | null {
  const t = o.type;
  if (SCALAR_TYPES.has(t)) return scalarDiffHtml(o);
  if (t === 'table') return tableDiffHtml(o);
  if (TEXT_TYPES.has(t) || (typeof unwrap(o.expected) === 'string' && typeof unwrap(o.actual) === 'string' && !String(unwrap(o.expected)).startsWith('data:'))) return textDiffHtml(o);
  if (t.startsWith('chart_')) return chartDiffHtml(o);
  if (t.startsWith('image')) return imageDiffHtml(o);
  if (t === 'audio') return audioDiffHtml(o);
  if (t === 'file') return imageDiffHtml(o) ?? textDiffHtml(o);
  return null;
}

export function outputHtml(o: OutputComparison): string {
  const head = `<div>${statusBadge(o.status)} <strong>${escapeHtml(o.key)}</strong> <span class="muted">${escapeHtml(o.type)} · ${escapeHtml(o.comparator)}</span> — <span class="metric">${escapeHtml(o.metric)}</span></div>`
    + `<div class="rule">rule: ${escapeHtml(o.rule || '—')}${o.tolerance !== null && o.tolerance !== undefined ? ` · tolerance <code>${escapeHtml(json(o.tolerance, 300))}</code>` : ''}</div>`;
  if (o.status === 'pass' || o.status === 'skip') return `<div class="output ${o.status}" data-key="${escapeHtml(o.key)}">${head}</div>`;
  const parts: string[] = [head];
  if (o.degraded) parts.push(`<div class="badge warn">degraded</div> ${escapeHtml(`${o.degraded.reason}; install with: ${o.degraded.install}`)}`);
  const visual = visualDiffHtml(o);
  if (visual) parts.push(visual);
  // a scalar's single difference only repeats the table above
  const diffs = (o.differences ?? []).filter((d) => !(SCALAR_TYPES.has(o.type) && d.path === ''));
  if (diffs.length) {
    parts.push(`<ul class="diffs">${diffs.slice(0, MAX_DIFFERENCES).map((d) => `<li><code>${escapeHtml(d.path || '(value)')}</code>: ${escapeHtml(d.message)}</li>`).join('')}${diffs.length > MAX_DIFFERENCES ? `<li class="muted">… and ${diffs.length - MAX_DIFFERENCES} more (see the JSON report)</li>` : ''}</ul>`);
  }
  if (!visual || (!SCALAR_TYPES.has(o.type) && !o.type.startsWith('image') && o.type !== 'audio')) {
    parts.push(`<details><summary>expected and actual values</summary><div class="side"><figure><figcaption>expected</figcaption><pre>${escapeHtml(json(o.expected))}</pre></figure><figure><figcaption>actual</figcaption><pre>${escapeHtml(json(o.actual))}</pre></figure></div></details>`);
  }
  return `<div class="output ${o.status}" data-key="${escapeHtml(o.key)}">${parts.join('\n')}</div>`;
}

export function fixtureHtml(f: FixtureResult): string {
  const open = f.status === 'fail' || f.status === 'warn' ? ' open' : '';
  return `<details class="fixture ${f.status}" data-file="${escapeHtml(f.file)}"${open}><summary>${statusBadge(f.status)} <strong>${escapeHtml(f.file)}</strong> <span class="muted">${escapeHtml(f.name)} · ${f.duration_ms} ms</span> — ${escapeHtml(f.message)}</summary>`
    + (f.source ? `<div class="muted">source: ${escapeHtml(f.source)}</div>` : '')
    + `<details><summary class="muted">inputs</summary><pre>${escapeHtml(json(f.inputs, 4000))}</pre></details>`
    + f.outputs.map(outputHtml).join('\n')
    + '</details>';
}

export function checksTableHtml(checks: readonly CheckResult[]): string {
  const rows = checks.map((k) => `<tr class="${k.status}"><td>${k.number}</td><td>${escapeHtml(k.name)}</td><td>${statusBadge(k.status)}</td><td>${escapeHtml(k.message)}${k.details && k.status !== 'pass' ? `<details><summary class="muted">details</summary><pre>${escapeHtml(k.details)}</pre></details>` : ''}</td><td class="muted">${k.duration_ms} ms</td></tr>`).join('');
  return `<table class="checks"><tr><th>#</th><th>check</th><th>status</th><th>message</th><th>time</th></tr>${rows}</table>`;
}

function toolId(r: Report): string {
  return `tool-${r.tool_id.replace(/[^\w-]/g, '_')}`;
}

export function reportHtml(r: Report, opts: { cwd?: string } = {}): string {
  const rel = path.relative(opts.cwd ?? process.cwd(), r.tool_path) || '.';
  const parts = [
    `<section class="tool" id="${toolId(r)}"><h2>${escapeHtml(r.tool_id)} ${statusBadge(r.overall)}</h2>`,
    `<div class="muted">${escapeHtml(rel)} · ${(r.duration_ms / 1000).toFixed(1)} s · ${escapeHtml(r.timestamp)}${r.peak_memory_mb ? ` · peak ${Math.round(r.peak_memory_mb)} MiB` : ''}</div>`,
    '<h3>Checks</h3>',
    checksTableHtml(r.checks),
  ];
  if (r.fixtures.length) parts.push(`<h3>Reference fixtures (${r.fixtures.filter((f) => f.status === 'pass').length}/${r.fixtures.filter((f) => f.status !== 'skip').length} passed)</h3>`, ...r.fixtures.map(fixtureHtml));
  if (r.warnings.length) parts.push('<h3>Warnings</h3>', `<ul>${r.warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join('')}</ul>`);
  if (r.errors.length) parts.push('<h3>pixie errors</h3>', `<pre>${escapeHtml(r.errors.join('\n\n'))}</pre>`);
  if (r.overall === 'fail' && r.spawn_log) parts.push('<details><summary>captured stderr</summary>', `<pre>${escapeHtml(r.spawn_log.slice(-20_000))}</pre></details>`);
  parts.push('</section>');
  return parts.join('\n');
}

export function summaryTableHtml(reports: readonly Report[]): string {
  const rows = reports.map((r) => {
    const failed = r.checks.filter((k) => k.status === 'fail').map((k) => k.number).join(', ') || '—';
    const ran = r.fixtures.filter((f) => f.status !== 'skip');
    return `<tr class="${r.overall}"><td><a href="#${toolId(r)}">${escapeHtml(r.tool_id)}</a></td><td>${statusBadge(r.overall)}</td><td>${failed}</td><td>${r.fixtures.length ? `${ran.filter((f) => f.status === 'pass').length}/${ran.length}` : '—'}</td><td>${(r.duration_ms / 1000).toFixed(1)} s</td></tr>`;
  }).join('');
  return `<table class="summary"><tr><th>tool</th><th>overall</th><th>failed checks</th><th>fixtures</th><th>duration</th></tr>${rows}</table>`;
}

export function renderHtml(reports: readonly Report[], opts: { title?: string; cwd?: string } = {}): string {
  const counts = { pass: 0, warn: 0, fail: 0 };
  for (const r of reports) counts[r.overall]++;
  const title = opts.title ?? (reports.length === 1 ? `pixie: ${reports[0]!.tool_id} ${reports[0]!.overall}` : `pixie: ${reports.length} tools`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; media-src data:; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${HTML_STYLE}</style></head>
<body><main>
<h1>${escapeHtml(title)}</h1>
<div class="muted">${reports.length} tool(s): ${counts.pass} pass, ${counts.warn} warn, ${counts.fail} fail · generated ${escapeHtml(new Date().toISOString())}</div>
${reports.length > 1 ? summaryTableHtml(reports) : ''}
${reports.map((r) => reportHtml(r, opts)).join('\n')}
</main></body></html>
`;
}
