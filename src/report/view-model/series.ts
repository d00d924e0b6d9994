// Charts: every series of expected and of actual as points, to be overlaid on one plot.
import type { OutputComparison } from '../../model/report.js';
import { isObject } from './values.js';

export interface Series {
  name: string;
  points: [number, number][];
}

export interface SeriesBody {
  kind: 'series';
  /** points are drawn as marks (scatter) or joined into lines (everything else) */
  mark: 'line' | 'point';
  expected: Series[];
  actual: Series[];
  /** every series name once, in order of first appearance: one colour each */
  names: string[];
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function seriesList(v: Record<string, unknown>, list: unknown[]): Series[] {
  const xs = Array.isArray(v.x) && v.x.every(finite) ? (v.x as number[]) : null;
  const out: Series[] = [];
  list.forEach((s, k) => {
    if (!isObject(s)) return;
    const name = typeof s.name === 'string' ? s.name : `series ${k}`;
    const points: [number, number][] = [];
    if (Array.isArray(s.y))
      s.y.forEach((y, i) => {
        if (finite(y)) points.push([xs?.[i] ?? i, y]);
      });
    else if (Array.isArray(s.points))
      for (const p of s.points) {
        if (isObject(p) && finite(p.x) && finite(p.y)) points.push([p.x, p.y]);
      }
    else if (Array.isArray(s.values))
      s.values.forEach((y, i) => {
        if (finite(y)) points.push([i, y]);
      });
    else return;
    out.push({ name, points });
  });
  return out;
}

/** Pie slices by the position of their label among the expected slices (slices match by label). */
function slicesOf(slices: unknown[], order: string[]): Series {
  const points: [number, number][] = [];
  for (const s of slices) {
    if (!isObject(s) || !finite(s.value)) continue;
    const label = String(s.label ?? s.name ?? '');
    let x = order.indexOf(label);
    if (x < 0) {
      order.push(label);
      x = order.length - 1;
    }
    points.push([x, s.value]);
  }
  return { name: 'slices', points };
}

function seriesOf(v: unknown, sliceOrder: string[]): Series[] | null {
  if (!isObject(v)) return null;
  if (Array.isArray(v.series)) return seriesList(v, v.series);
  if (Array.isArray(v.slices)) return [slicesOf(v.slices, sliceOrder)];
  // a histogram's values match as a multiset, so they are drawn sorted (the quantile curve)
  if (Array.isArray(v.values))
    return [
      {
        name: 'values (sorted)',
        points: v.values
          .filter(finite)
          .sort((p, q) => p - q)
          .map((y, i) => [i, y]),
      },
    ];
  return null;
}

/** A chart's series, expected and actual, or null when neither holds a point. */
export function seriesBody(o: OutputComparison): SeriesBody | null {
  const order: string[] = [];
  const expected = seriesOf(o.expected, order) ?? [];
  const actual = seriesOf(o.actual, order) ?? [];
  if (![...expected, ...actual].some((s) => s.points.length > 0)) return null;
  const names = [...new Set([...expected, ...actual].map((s) => s.name))];
  return { kind: 'series', mark: o.type === 'chart_scatter' ? 'point' : 'line', expected, actual, names };
}
