// Check 9's view of one output value: does it have the full shape its type promises? The JSON
// Schemas in reference-schemas/outputs/ say what can be said per value; the few rules JSON Schema
// cannot express (series as long as x, links naming existing nodes…) are checked here in code.

import { OUTPUT_TYPES } from '../model/manifest.js';
import type { OutputType } from '../model/manifest.js';
import { compileReferenceSchema, describeGot, describeTypes } from '../schema/ajv.js';
import type { PathSegment } from '../source/path.js';
import { explainSchemaErrors, type SchemaError } from '../source/schema-errors.js';
import { suggest } from '../util/did-you-mean.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { pushAll } from '../util/push-all.js';
import { asDoubles } from '../util/as-doubles.js';

/** More than this many problems in one value are summarised: the first ones show the pattern. */
const MAX_PROBLEMS = 20;

/** Problems in a /run value for an output of this type; empty when it conforms. */
export function validateOutputValue(type: OutputType, value: unknown): string[] {
  if (!(OUTPUT_TYPES as readonly string[]).includes(type)) return [`unknown output type '${String(type)}'`];
  const validate = compileReferenceSchema(`outputs/${type}.schema.json`);
  const problems: string[] = [];
  // a JSON Schema "number" is any JSON number: digits past a double's do not change a shape
  const seen = asDoubles(value);
  if (!validate(seen)) pushAll(problems, explainSchemaErrors(validate.errors ?? [], seen, explain));
  pushAll(problems, CODE_CHECKS[type]?.(seen) ?? []);

  const unique = [...new Set(problems)];
  if (unique.length <= MAX_PROBLEMS) return unique;
  return [...unique.slice(0, MAX_PROBLEMS), `…and ${unique.length - MAX_PROBLEMS} more problem(s)`];
}

/** Where a problem is inside a value, as people read it: series[1].y */
function readablePath(segments: readonly PathSegment[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_][\w]*$/.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

function explain(error: SchemaError): string | undefined {
  const { params, value } = error;
  const at = error.pointer ? readablePath(error.segments) : 'the value';
  switch (error.keyword) {
    case 'if':
    case 'anyOf':
      return undefined;
    case 'anyOfRequired': {
      // branches that each just name required fields read as one "needs a or b" sentence
      const options = (error.alternatives ?? [])
        .map((fields) => fields.map((f) => `'${f}'`))
        .map((fields) => (fields.length === 1 ? fields[0]! : `all of ${fields.join(', ')}`));
      return `${at} needs ${options.join(' or ')}`;
    }
    case 'required': {
      const missing = String(params.missingProperty);
      const present = isPlainObject(value) ? Object.keys(value) : [];
      const near = present.find((k) => ALIASES[missing]?.includes(k)) ?? suggest(missing, present);
      return `${at} is missing '${missing}'${near ? ` (it has '${near}': rename it to '${missing}')` : ''}`;
    }
    case 'type':
      return `${at} should be ${describeTypes(params.type)}, got ${describeGot(value)}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${at} is ${JSON.stringify(value)} but must be ${String(params.comparison)} ${String(params.limit)}`;
    case 'minLength':
      return `${at} is an empty string`;
    case 'minItems':
    case 'maxItems': {
      const count = Array.isArray(value) ? value.length : 0;
      const limit = Number(params.limit);
      return `${at} has ${count} item(s) but needs ${error.keyword === 'minItems' ? 'at least' : 'at most'} ${limit}`;
    }
    case 'enum':
      return `${at} is ${JSON.stringify(value)}; use one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'pattern':
      if (/(^|\/)data$/.test(error.pointer)) return `${at} is neither a data URL ("data:<mime>;base64,…") nor base64`;
      return `${at} does not match ${String(params.pattern)}`;
    default:
      return `${at} ${error.message ?? 'is invalid'}`;
  }
}

/** Other names renderers and other libraries use for a required field, worth pointing out. */
const ALIASES: Record<string, string[]> = {
  lat: ['latitude'],
  lng: ['lon', 'long', 'longitude'],
  coords: ['vertices', 'coordinates', 'points'],
  label: ['name', 'title', 'text'],
  name: ['label', 'title'],
  message: ['msg', 'text'],
  t: ['time', 'timestamp', 'date'],
  data: ['content', 'base64'],
  mime_type: ['mime', 'content_type'],
};

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

// ---------------------------------------------------------------------------------------------
// Rules JSON Schema cannot express. Each is defensive: the schema already reported wrong types,
// so these only look at parts that have the right shape.

const arrayAt = (v: unknown, key: string): unknown[] | undefined =>
  isPlainObject(v) && Array.isArray(v[key]) ? (v[key] as unknown[]) : undefined;
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const show = (v: unknown): string => (typeof v === 'string' ? `'${v}'` : JSON.stringify(v));

function seriesAsLongAsX(value: unknown): string[] {
  const x = arrayAt(value, 'x');
  const series = arrayAt(value, 'series');
  if (!x || !series) return [];
  const problems: string[] = [];
  series.forEach((s, i) => {
    const y = arrayAt(s, 'y');
    if (y && y.length !== x.length)
      problems.push(`series[${i}].y has ${plural(y.length, 'value')} but x has ${x.length}`);
  });
  return problems;
}

function heatmapDimensions(value: unknown): string[] {
  const z = arrayAt(value, 'z');
  if (!z) return [];
  const problems: string[] = [];
  const xLabels = arrayAt(value, 'x_labels');
  const yLabels = arrayAt(value, 'y_labels');
  if (yLabels && z.length !== yLabels.length)
    problems.push(`z has ${plural(z.length, 'row')} but y_labels has ${yLabels.length}`);
  const first = Array.isArray(z[0]) ? (z[0] as unknown[]).length : undefined;
  z.forEach((row, i) => {
    if (!Array.isArray(row)) return;
    if (xLabels && row.length !== xLabels.length)
      problems.push(`z[${i}] has ${plural(row.length, 'value')} but x_labels has ${xLabels.length}`);
    else if (!xLabels && first !== undefined && row.length !== first)
      problems.push(`z[${i}] has ${plural(row.length, 'value')} but z[0] has ${first}`);
  });
  return problems;
}

function radarValuesPerAxis(value: unknown): string[] {
  const axes = arrayAt(value, 'axes');
  const series = arrayAt(value, 'series');
  if (!axes || !series) return [];
  const problems: string[] = [];
  series.forEach((s, i) => {
    const values = arrayAt(s, 'values');
    if (values && values.length !== axes.length)
      problems.push(`series[${i}].values has ${plural(values.length, 'value')} but axes has ${axes.length}`);
  });
  return problems;
}

function tableRowWidths(value: unknown): string[] {
  const columns = arrayAt(value, 'columns');
  const rows = arrayAt(value, 'rows');
  if (!columns || !rows) return [];
  const problems: string[] = [];
  rows.forEach((row, i) => {
    if (Array.isArray(row) && row.length !== columns.length)
      problems.push(`rows[${i}] has ${plural(row.length, 'cell')} but there are ${plural(columns.length, 'column')}`);
  });
  return problems;
}

/** Node ids (`id`, else `name`), reporting repeats; ids compare as strings so 1 and "1" name the same node. */
function nodeIds(nodes: unknown[], problems: string[]): Set<string> {
  const ids = new Map<string, string>();
  nodes.forEach((node, i) => {
    if (!isPlainObject(node)) return;
    const field = node.id !== undefined ? 'id' : 'name';
    const raw = node[field];
    if (typeof raw !== 'string' && typeof raw !== 'number') return;
    const id = String(raw);
    const first = ids.get(id);
    if (first !== undefined) problems.push(`nodes[${i}].${field} ${show(raw)} repeats ${first}`);
    else ids.set(id, `nodes[${i}].${field}`);
  });
  return new Set(ids.keys());
}

/** An edge's end under the names the original Pixie's comparator reads: source/src/from, target/tgt/to. */
const END_NAMES = { source: ['source', 'src', 'from'], target: ['target', 'tgt', 'to'] } as const;

function endpointsExist(linksKey: 'links' | 'edges') {
  return (value: unknown): string[] => {
    const nodes = arrayAt(value, 'nodes');
    const links = arrayAt(value, linksKey);
    if (!nodes || !links) return [];
    const problems: string[] = [];
    const ids = nodeIds(nodes, problems);
    links.forEach((link, i) => {
      if (!isPlainObject(link)) return;
      for (const end of ['source', 'target'] as const) {
        const name = END_NAMES[end].find((n) => link[n] !== undefined) ?? end;
        const ref = link[name];
        if (typeof ref !== 'string' && typeof ref !== 'number') continue;
        // d3-style links may point at nodes by index
        const byIndex = Number.isInteger(ref) && (ref as number) >= 0 && (ref as number) < nodes.length;
        if (!ids.has(String(ref)) && !byIndex)
          problems.push(`${linksKey}[${i}].${name} ${show(ref)} names no node in nodes`);
      }
    });
    return problems;
  };
}

function treemapParents(value: unknown): string[] {
  const nodes = arrayAt(value, 'nodes');
  if (!nodes) return [];
  const problems: string[] = [];
  const ids = nodeIds(nodes, problems);
  nodes.forEach((node, i) => {
    if (!isPlainObject(node)) return;
    const parent = node.parent;
    if (parent === undefined || parent === null || parent === '') return;
    if ((typeof parent === 'string' || typeof parent === 'number') && !ids.has(String(parent))) {
      problems.push(`nodes[${i}].parent ${show(parent)} names no node in nodes`);
    }
  });
  return problems;
}

function candleRanges(value: unknown): string[] {
  const points = arrayAt(value, 'points');
  if (!points) return [];
  const problems: string[] = [];
  points.forEach((raw, i) => {
    if (!isPlainObject(raw)) return;
    // o/h/l/c: the short names the original Pixie's comparator also read
    const p = { open: raw.open ?? raw.o, high: raw.high ?? raw.h, low: raw.low ?? raw.l, close: raw.close ?? raw.c };
    if (!num(p.open) || !num(p.high) || !num(p.low) || !num(p.close)) return;
    if (p.high < p.low) problems.push(`points[${i}]: high ${p.high} is below low ${p.low}`);
    else if (p.high < Math.max(p.open, p.close))
      problems.push(
        `points[${i}]: high ${p.high} is below ${p.open > p.close ? `open ${p.open}` : `close ${p.close}`}`,
      );
    else if (p.low > Math.min(p.open, p.close))
      problems.push(`points[${i}]: low ${p.low} is above ${p.open < p.close ? `open ${p.open}` : `close ${p.close}`}`);
  });
  return problems;
}

function boxplotOrder(value: unknown): string[] {
  const series = arrayAt(value, 'series');
  if (!series) return [];
  const problems: string[] = [];
  series.forEach((s, i) => {
    if (!isPlainObject(s)) return;
    const median = num(s.median) ? 'median' : 'q2';
    const order = ['min', 'q1', median, 'q3', 'max'].filter((k) => num(s[k]));
    for (let k = 1; k < order.length; k++) {
      const lo = order[k - 1]!;
      const hi = order[k]!;
      if ((s[lo] as number) > (s[hi] as number))
        problems.push(`series[${i}]: ${lo} ${s[lo] as number} is above ${hi} ${s[hi] as number}`);
    }
  });
  return problems;
}

function timeOf(v: unknown): number | undefined {
  if (num(v)) return v;
  if (typeof v === 'string') {
    const t = Date.parse(v);
    return Number.isNaN(t) ? undefined : t;
  }
  return undefined;
}

function ganttOrder(value: unknown): string[] {
  const tasks = arrayAt(value, 'tasks');
  if (!tasks) return [];
  const problems: string[] = [];
  tasks.forEach((task, i) => {
    if (!isPlainObject(task) || typeof task.start !== typeof task.end) return;
    const start = timeOf(task.start);
    const end = timeOf(task.end);
    if (start !== undefined && end !== undefined && end < start)
      problems.push(`tasks[${i}] ends (${show(task.end)}) before it starts (${show(task.start)})`);
  });
  return problems;
}

const CODE_CHECKS: Partial<Record<OutputType, (value: unknown) => string[]>> = {
  chart_line: seriesAsLongAsX,
  chart_area: seriesAsLongAsX,
  chart_bar: seriesAsLongAsX,
  chart_heatmap: heatmapDimensions,
  chart_radar: radarValuesPerAxis,
  chart_candlestick: candleRanges,
  chart_boxplot: boxplotOrder,
  chart_sankey: endpointsExist('links'),
  chart_network: endpointsExist('edges'),
  chart_treemap: treemapParents,
  table: tableRowWidths,
  gantt: ganttOrder,
};
