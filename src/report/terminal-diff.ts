// One output comparison drawn for a terminal, from the same view model as the HTML report and the
// dashboard: numbers with their difference and rule, the table cells that changed, the chart points
// that moved, text (and JSON, PDF text) as a line diff, media as the paths of their files. `pixie
// review` shows it for one change at a time; the --update-fixtures dry run shows it shortened.
import { formatValue } from './format-value.js';
import type { Colors } from './colors.js';
import { isNewExpectation, type OutputComparison } from '../model/report.js';
import { displayJson, isDataUrl } from './view-model/values.js';
import { safeText } from './safe-text.js';
import { type LineItem, type OutputView, outputView, type SeriesBody, type TableBody } from './view-model/index.js';

interface MediaFiles {
  expected?: string;
  actual?: string;
  diffs?: string[];
}

export interface TerminalDiffOptions {
  /** most lines of a drawing (the rule and metric lines come on top) */
  maxLines?: number;
  /** where the expected, actual and diff files of a media output are, to print their paths */
  files?: MediaFiles;
  /** characters of a value on one line */
  valueChars?: number;
}

const one = (s: string) => safeText(s, true);

export function terminalDiff(o: OutputComparison, c: Colors, opts: TerminalDiffOptions = {}): string[] {
  if (isNewExpectation(o)) return newValueLines(o, c, opts);
  const view = outputView(o);
  const max = opts.maxLines ?? 40;
  const chars = opts.valueChars ?? 100;
  const out: string[] = [];
  out.push(`${c.dim('metric:')} ${one(view.metric)}`);
  if (view.rule) out.push(`${c.dim('rule:')}   ${one(view.rule)}`);
  const body = drawBody(view, c, chars, opts.files);
  out.push(...cap(body, max, c));
  // a line diff already shows what its differences say, and so do the points a chart drew as moved
  const drawn =
    view.kind === 'lines' ||
    view.kind === 'json' ||
    (view.kind === 'series' && !/no point moved/.test(body.join('\n')));
  if (!drawn && view.differences.length) {
    const list = view.differences.map((d) => `  ${c.dim(one(d.path || '(value)'))}: ${one(d.message)}`);
    out.push(...cap(list, Math.max(3, Math.floor(max / 2)), c));
    if (view.moreDifferences) out.push(c.dim(`  … and ${view.moreDifferences} more difference(s)`));
  }
  if (view.degraded)
    out.push(c.yellow(`degraded: ${one(view.degraded.reason)}; install with: ${view.degraded.install}`));
  return out;
}

/** A new expectation has nothing to differ from: its value, as it would be written (media: the file to look at). */
function newValueLines(o: OutputComparison, c: Colors, opts: TerminalDiffOptions): string[] {
  const out = [`${c.dim('metric:')} ${one(o.metric)}`];
  if (opts.files?.actual) out.push(`  ${c.dim('new value:')} ${opts.files.actual}`);
  const text = isDataUrl(o.actual) ? formatValue(o.actual, opts.valueChars ?? 100) : displayJson(o.actual, 20_000);
  const lines = text.split('\n').map((l) => c.green(`  + ${one(l)}`));
  out.push(...cap(lines, opts.maxLines ?? 40, c));
  return out;
}

function cap(lines: string[], max: number, c: Colors): string[] {
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max), c.dim(`  … ${lines.length - max} more line(s)`)];
}

function drawBody(view: OutputView, c: Colors, chars: number, files?: MediaFiles): string[] {
  switch (view.kind) {
    case 'scalar': {
      const lines = [
        `  ${c.red(`- ${formatValue(view.expected, chars)}`)}`,
        `  ${c.green(`+ ${formatValue(view.actual, chars)}`)}`,
      ];
      if (view.difference) {
        const { signed, relative } = view.difference;
        lines.push(
          `  ${c.dim('difference:')} ${signed > 0 ? '+' : ''}${Number(signed.toPrecision(6))} (${(relative * 100).toPrecision(3)} % of the larger value)`,
        );
      }
      return lines;
    }
    case 'table':
      return tableLines(view, c, chars);
    case 'series':
      return seriesLines(view, c);
    case 'lines':
    case 'json':
      return lineItems(view.items, c, view.hiddenItems, view.noLineDiffers);
    case 'media': {
      const lines: string[] = [];
      const describe = (s: (typeof view.pairs)[number]['expected']) =>
        s === null
          ? 'none'
          : s.kind === 'text'
            ? one(s.text)
            : `${s.kind}, ${Math.round((s.url.length * 3) / 4 / 1024)} kB`;
      for (const p of view.pairs) {
        lines.push(
          `  ${p.label ? `${one(p.label)}: ` : ''}expected ${describe(p.expected)}, actual ${describe(p.actual)}`,
        );
      }
      if (files?.expected) lines.push(`  ${c.dim('expected:')} ${files.expected}`);
      if (files?.actual) lines.push(`  ${c.dim('actual:  ')} ${files.actual}`);
      for (const d of files?.diffs ?? []) lines.push(`  ${c.dim('diff:    ')} ${d}`);
      return lines;
    }
  }
}

function lineItems(items: LineItem[], c: Colors, hidden: number, noLineDiffers: boolean): string[] {
  if (noLineDiffers)
    return [c.dim('  (no line is added or removed: the values differ inside lines or in their line endings)')];
  const out = items.map((item) => {
    if (item.op === '@') return c.cyan(`  @ ${one(item.label)}`);
    if (item.op === '…') return c.dim(`  … ${item.skipped} unchanged line(s)`);
    const text = one(item.text);
    if (item.op === '-') return c.red(`  - ${text}`);
    if (item.op === '+') return c.green(`  + ${text}`);
    return c.dim(`    ${text}`);
  });
  if (hidden) out.push(c.dim(`  … ${hidden} more line(s)`));
  return out;
}

function tableLines(view: TableBody, c: Colors, chars: number): string[] {
  const out: string[] = [];
  for (const row of view.rows) {
    if (row.state === 'missing') {
      out.push(c.red(`  - row ${row.index}: missing in actual`));
      continue;
    }
    row.cells.forEach((cell, i) => {
      if (!cell.change) return;
      const column = view.columns[i]?.label ?? String(i);
      const ch = cell.change;
      const what =
        ch.kind === 'changed'
          ? `${c.red(ch.shown ? one(ch.shown.expected) : formatValue(ch.expected, chars))} → ${c.green(ch.shown ? one(ch.shown.actual) : formatValue(ch.actual, chars))}`
          : one(ch.message);
      out.push(`  row ${row.index}, ${one(column)}: ${what}`);
    });
  }
  const extra = view.actual.rows.filter((r) => r.marked);
  for (const r of extra) out.push(c.green(`  + row ${r.index}: only in actual`));
  if (out.length === 0) out.push(c.dim('  (no cell differs; see the differences below)'));
  return out;
}

function seriesLines(view: SeriesBody, c: Colors): string[] {
  const out: string[] = [];
  const fmt = (n: number) => String(Number(n.toPrecision(6)));
  for (const name of view.names) {
    const e = view.expected.find((s) => s.name === name)?.points ?? [];
    const a = view.actual.find((s) => s.name === name)?.points ?? [];
    if (e.length !== a.length) out.push(`  ${one(name)}: ${e.length} point(s) → ${a.length} point(s)`);
    for (let i = 0; i < Math.min(e.length, a.length); i++) {
      const [ex, ey] = e[i]!;
      const [ax, ay] = a[i]!;
      if (ex === ax && ey === ay) continue;
      const at = ex === ax ? `x ${fmt(ex)}` : `x ${fmt(ex)} → ${fmt(ax)}`;
      out.push(`  ${one(name)} point ${i} (${at}): y ${c.red(fmt(ey))} → ${c.green(fmt(ay))}`);
    }
  }
  if (out.length === 0) out.push(c.dim('  (no point moved; see the differences below)'));
  return out;
}
