// What one output comparison looks like to a reviewer, independent of HTML: the drawing for its
// kind of value, the differences the drawing does not already show, the rule and the tolerance.
// Both HTML renderers (the --html report and the dashboard) draw from this, so they agree.
import { outputTypeInfo } from '../../model/output-types.js';
import type { OutputComparison, Status } from '../../model/report.js';
import { differenceItems, type DifferenceItem } from './differences.js';
import { jsonBody, type JsonBody } from './json.js';
import { reportedLinesBody, textBody, type LinesBody } from './lines.js';
import { artifactsOf, mediaBody, type MediaBody } from './media.js';
import { scalarBody, type ScalarBody } from './scalar.js';
import { seriesBody, type SeriesBody } from './series.js';
import { tableBody, type TableBody } from './table.js';
import { compactText, displayJson } from './values.js';

export { differenceKind } from './differences.js';
export type { JsonBody } from './json.js';
export type { LineItem, LinesBody } from './lines.js';
export type { MediaBody, MediaSource } from './media.js';
export type { ScalarBody } from './scalar.js';
export type { Series, SeriesBody } from './series.js';
export type { CellChange, TableBody, TableSide } from './table.js';
export { displayJson } from './values.js';

export type ViewBody = ScalarBody | TableBody | LinesBody | SeriesBody | MediaBody | JsonBody;

interface ViewBase {
  key: string;
  type: string;
  comparator: string;
  status: Status;
  metric: string;
  rule: string;
  /** the tolerance as one line of JSON, or null when there is none */
  tolerance: string | null;
  degraded: { reason: string; install: string } | null;
  /** differences to list under the drawing: those it does not already show */
  differences: DifferenceItem[];
  moreDifferences: number;
  /** the comparator's diff images, when the drawing is not the media one that already shows them */
  artifacts: { label: string; url: string }[];
  /** both values as pretty JSON for a folded block, where the drawing is not already the values */
  values: { expected: string; actual: string } | null;
}

export type OutputView = ViewBase & ViewBody;

function bodyOf(o: OutputComparison): { body: ViewBody; listed: OutputComparison['differences'] } {
  const all = o.differences ?? [];
  // a type this pixie does not know (a report from another version) is drawn as its values
  const view = outputTypeInfo(o.type)?.view ?? 'json';
  // a scalar's difference at the value itself only repeats what the drawing shows
  if (view === 'scalar') return { body: scalarBody(o), listed: all.filter((d) => d.path !== '') };
  if (view === 'images' || view === 'media') {
    const media = mediaBody(o, view === 'images');
    if (media) return { body: media, listed: all };
  }
  if (view === 'series') {
    const series = seriesBody(o);
    if (series) return { body: series, listed: all };
  }
  if (view === 'table') {
    const table = tableBody(o);
    if (table) return { body: table.body, listed: table.others };
  }
  if (view === 'file') {
    const body = mediaBody(o, false) ?? reportedLinesBody(all);
    if (body) return { body, listed: all };
  }
  const text = textBody(o, view === 'text');
  if (text) return { body: text, listed: all };
  return { body: jsonBody(o), listed: all };
}

export function outputView(o: OutputComparison): OutputView {
  const { body, listed } = bodyOf(o);
  const { items, more } = differenceItems(listed ?? []);
  const showsValues = body.kind === 'series' || body.kind === 'lines';
  return {
    ...body,
    key: o.key,
    type: o.type,
    comparator: o.comparator,
    status: o.status,
    metric: o.metric,
    rule: o.rule,
    tolerance: o.tolerance === undefined || o.tolerance === null ? null : compactText(o.tolerance),
    degraded: o.degraded ? { reason: o.degraded.reason, install: o.degraded.install } : null,
    differences: items,
    moreDifferences: more,
    artifacts: body.kind === 'media' ? [] : artifactsOf(o),
    values: showsValues ? { expected: displayJson(o.expected), actual: displayJson(o.actual) } : null,
  };
}
