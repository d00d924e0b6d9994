// The structural comparator: tree, timeline, gantt, log and diff. Every field is compared (numbers
// exactly unless abs/rel are set) and every difference is listed by path. Tree nodes match by id,
// then label, then name — never collapsing label-only nodes (anchor B6); `diff` compares its
// `before` and `after` texts line by line instead of failing on any object (B2).
import type { OutputType } from '../tool/manifest-types.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { deepCompare } from './kit/deep-compare.js';
import { DiffCollector } from './kit/diff-collector.js';
import { occurrences, pairByKey } from './kit/matching.js';
import { describeNumericTolerance, numericTolerance, type NumericTolerance } from './kit/numeric-tolerance.js';
import { joinPath, keyedPath } from './kit/paths.js';
import { garbageResult, skipped } from './kit/result.js';
import { describeValue, isPresent, jsonKey, shortJson } from './kit/value.js';
import { firstDifference, lineDifferences } from './text.js';
import type { Comparator, ComparisonResult, OptionKind, Tolerance } from './types.js';

type StructuralType = 'tree' | 'timeline' | 'gantt' | 'log' | 'diff';
export const STRUCTURAL_TYPES: readonly StructuralType[] = ['tree', 'timeline', 'gantt', 'log', 'diff'];

export const STRUCTURAL_MODES = ['structural', 'exact', 'rows_ordered', 'ordered', 'rows_unordered', 'unordered'] as const;

export const STRUCTURAL_OPTIONS: Readonly<Record<string, OptionKind>> = {
  abs: 'number', rel: 'number', children_order: 'string', order: 'string', allow_regex: 'boolean', ignore_fields: 'string[]',
};

const DEFAULT_MODE: Record<StructuralType, string> = {
  tree: 'structural', timeline: 'rows_ordered', gantt: 'rows_ordered', log: 'rows_ordered', diff: 'exact',
};

/** Which modes apply to which type; `exact` additionally turns numeric tolerance off. */
const APPLICABLE: Record<StructuralType, readonly string[]> = {
  tree: ['structural', 'exact', 'ordered', 'unordered'],
  timeline: ['rows_ordered', 'ordered', 'structural', 'exact', 'rows_unordered', 'unordered'],
  gantt: ['rows_ordered', 'ordered', 'structural', 'exact', 'rows_unordered', 'unordered'],
  log: ['rows_ordered', 'ordered', 'structural', 'exact', 'rows_unordered', 'unordered'],
  diff: ['exact', 'structural'],
};

const LIST_FIELD: Record<'timeline' | 'gantt' | 'log', string> = { timeline: 'events', gantt: 'tasks', log: 'lines' };

type RowOrder = 'ordered' | 'by_time' | 'by_id' | 'by_name';

interface SCtx {
  c: DiffCollector;
  type: StructuralType;
  tol: NumericTolerance;
  ignore: Set<string>;
  childrenOrdered: boolean;
  rowOrder: RowOrder | 'multiset';
  allowRegex: boolean;
  regexCache: Map<string, RegExp | string>;
}

function withoutIgnored(ctx: SCtx, o: Record<string, unknown>, also: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (!ctx.ignore.has(k) && !also.includes(k)) out[k] = v;
  return out;
}

/** Differences in the top-level fields around the main data (title, language…); a match adds no count. */
function compareOuterFields(ctx: SCtx, e: Record<string, unknown>, a: Record<string, unknown>, also: string[]): void {
  for (const d of deepCompare(withoutIgnored(ctx, e, also), withoutIgnored(ctx, a, also), '', ctx.tol)) ctx.c.add(d.path, d.message, d.expected, d.actual);
}

/** Every field of two objects (minus ignored ones) via deepCompare; each difference counted. */
function compareFields(ctx: SCtx, path: string, e: Record<string, unknown>, a: Record<string, unknown>, also: string[] = []): void {
  const diffs = deepCompare(withoutIgnored(ctx, e, also), withoutIgnored(ctx, a, also), path, ctx.tol);
  if (diffs.length === 0) ctx.c.ok();
  for (const d of diffs) ctx.c.add(d.path, d.message, d.expected, d.actual);
}

// ---------- tree ----------

type KeyField = 'id' | 'label' | 'name';
const KEY_FIELDS: readonly KeyField[] = ['id', 'label', 'name'];

function childrenOf(ctx: SCtx, side: 'expected' | 'actual', path: string, node: Record<string, unknown>): unknown[] | null {
  const ch = node.children;
  if (ch === undefined || ch === null) return [];
  if (Array.isArray(ch)) return ch;
  ctx.c.add(joinPath(path, 'children'), `${side} children is ${describeValue(ch)}, expected an array of nodes`, side === 'expected' ? ch : undefined, side === 'actual' ? ch : undefined);
  return null;
}

function compareTreeNode(ctx: SCtx, path: string, e: unknown, a: unknown): void {
  if (!isPlainObject(e) || !isPlainObject(a)) { ctx.c.value(path, e, a, ctx.tol); return; }
  // a missing `children` equals an empty list; every other field is compared
  ctx.c.item(() => compareFields(ctx, path, e, a, ['children']));
  const eC = childrenOf(ctx, 'expected', path, e);
  const aC = childrenOf(ctx, 'actual', path, a);
  if (!eC || !aC) return;
  const base = joinPath(path, 'children');
  if (eC.length !== aC.length) ctx.c.add(base, `child count differs: expected ${eC.length}, got ${aC.length}`, eC.length, aC.length, false);
  if (ctx.childrenOrdered) {
    for (let i = 0; i < Math.max(eC.length, aC.length); i++) {
      const p = joinPath(base, i);
      if (i >= aC.length) ctx.c.add(p, `missing in actual: node ${nodeText(eC[i])}`, eC[i]);
      else if (i >= eC.length) ctx.c.add(p, `not expected: extra node ${nodeText(aC[i])} in actual`, undefined, aC[i]);
      else compareTreeNode(ctx, p, eC[i], aC[i]);
    }
    return;
  }
  // unordered: match by id, then label, then name; nodes with none of them pair by position
  let leftE = eC.map((v, i) => ({ v, i }));
  let leftA = aC.map((v, i) => ({ v, i }));
  const has = (f: KeyField) => (x: { v: unknown }): boolean => isPlainObject(x.v) && isPresent(x.v[f]);
  for (const f of KEY_FIELDS) {
    const eK = leftE.filter(has(f));
    const aK = leftA.filter(has(f));
    const keyOf = (x: { v: unknown }): string => jsonKey((x.v as Record<string, unknown>)[f]);
    const counts = new Map<string, number>();
    for (const x of eK) counts.set(keyOf(x), (counts.get(keyOf(x)) ?? 0) + 1);
    const m = pairByKey(eK, aK, keyOf);
    for (const [x, y, occ] of m.pairs) {
      const p = keyedPath(base, f, (x.v as Record<string, unknown>)[f], (counts.get(keyOf(x)) ?? 1) > 1 ? occ : undefined);
      compareTreeNode(ctx, p, x.v, y.v);
    }
    const paired = new Set([...m.pairs.map(([x]) => x), ...m.pairs.map(([, y]) => y)]);
    leftE = leftE.filter((x) => !paired.has(x));
    leftA = leftA.filter((y) => !paired.has(y));
  }
  const anonymous = (x: { v: unknown }): boolean => !KEY_FIELDS.some((f) => has(f)(x));
  const anonE = leftE.filter(anonymous);
  const anonA = leftA.filter(anonymous);
  for (let k = 0; k < Math.min(anonE.length, anonA.length); k++) compareTreeNode(ctx, joinPath(base, anonE[k]!.i), anonE[k]!.v, anonA[k]!.v);
  const missing = [...leftE.filter((x) => !anonymous(x)), ...anonE.slice(anonA.length)];
  const extra = [...leftA.filter((y) => !anonymous(y)), ...anonA.slice(anonE.length)];
  const extraNames = extra.map((y) => nodeText(y.v));
  for (const x of missing) {
    const hint = extraNames.length ? ` (unmatched actual children: ${extraNames.slice(0, 5).join(', ')}${extraNames.length > 5 ? ', …' : ''})` : '';
    ctx.c.add(nodePath(base, x), `missing in actual: node ${nodeText(x.v)}${hint}`, x.v);
  }
  for (const y of extra) ctx.c.add(nodePath(base, y), `not expected: extra node ${nodeText(y.v)} in actual (index ${y.i})`, undefined, y.v);
}

function nodePath(base: string, x: { v: unknown; i: number }): string {
  if (isPlainObject(x.v)) for (const f of KEY_FIELDS) if (isPresent(x.v[f])) return keyedPath(base, f, x.v[f]);
  return joinPath(base, x.i);
}

function nodeText(n: unknown): string {
  if (!isPlainObject(n)) return shortJson(n, 40);
  for (const f of KEY_FIELDS) if (isPresent(n[f])) return `${f} ${shortJson(n[f], 40)}`;
  return shortJson(n, 60);
}

function compareTree(ctx: SCtx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  if (e.root === undefined) return 'expected.root is missing';
  if (!isPlainObject(e.root)) return `expected.root is ${describeValue(e.root)}, expected a node object`;
  if (a.root === undefined) return 'actual.root is missing';
  if (!isPlainObject(a.root)) return `actual.root is ${describeValue(a.root)}, expected a node object`;
  compareTreeNode(ctx, 'root', e.root, a.root);
  compareOuterFields(ctx, e, a, ['root']);
  return null;
}

// ---------- timeline, gantt, log ----------

function rowKey(ctx: SCtx, row: unknown): [string, unknown] | null {
  if (!isPlainObject(row)) return null;
  const order = ctx.rowOrder;
  const candidates: string[] = order === 'by_time' ? ['t', 'time', 'date', 'start', 'timestamp']
    : order === 'by_id' || order === 'by_name' ? ['id', 'name', 'label']
      : [];
  for (const f of candidates) if (isPresent(row[f])) return [f, row[f]];
  return null;
}

/** The text of a log line: the string itself, or an object line's message. */
function lineText(line: unknown): string | null {
  if (typeof line === 'string') return line;
  if (isPlainObject(line) && typeof line.message === 'string') return line.message;
  return null;
}

function compileRegex(ctx: SCtx, pattern: string): RegExp | string {
  let re = ctx.regexCache.get(pattern);
  if (re === undefined) {
    try { re = new RegExp(`^(?:${pattern})$`); } catch (err) { re = (err as Error).message; }
    ctx.regexCache.set(pattern, re);
  }
  return re;
}

/** A log message: `re:<pattern>` (when allowed) must match the actual text in full; else equal. */
function messageMatches(ctx: SCtx, path: string, expected: string, actual: string): boolean {
  if (ctx.allowRegex && expected.startsWith('re:')) {
    const pattern = expected.slice(3);
    const re = compileRegex(ctx, pattern);
    if (typeof re === 'string') { ctx.c.add(path, `invalid regex ${JSON.stringify(pattern)} in expected line: ${re}`, expected, actual); return false; }
    if (re.test(actual)) { ctx.c.ok(); return true; }
    ctx.c.add(path, `actual ${shortJson(actual, 120)} does not fully match the regex ${JSON.stringify(pattern)}`, expected, actual);
    return false;
  }
  if (expected === actual) { ctx.c.ok(); return true; }
  ctx.c.add(path, `expected ${shortJson(expected, 120)}, got ${shortJson(actual, 120)}`, expected, actual);
  return false;
}

function compareLogLine(ctx: SCtx, path: string, e: unknown, a: unknown): void {
  const at = lineText(a);
  if (typeof e === 'string') {
    // a string line states only the text; an object actual line is checked on its message
    if (at === null) { ctx.c.add(path, `actual line is ${describeValue(a)}, expected a string or {message}`, e, a); return; }
    messageMatches(ctx, isPlainObject(a) ? joinPath(path, 'message') : path, e, at);
    return;
  }
  if (isPlainObject(e)) {
    const aObj = typeof a === 'string' ? { message: a } : a;
    if (!isPlainObject(aObj)) { ctx.c.add(path, `actual line is ${describeValue(a)}, expected an object like the expected line`, e, a); return; }
    if (typeof e.message === 'string' && typeof aObj.message === 'string') {
      messageMatches(ctx, joinPath(path, 'message'), e.message, aObj.message);
      compareFields(ctx, path, e, aObj, ['message']);
    } else {
      compareFields(ctx, path, e, aObj);
    }
    return;
  }
  ctx.c.value(path, e, a, ctx.tol);
}

function compareRow(ctx: SCtx, path: string, e: unknown, a: unknown): void {
  if (ctx.type === 'log') { ctx.c.item(() => compareLogLine(ctx, path, e, a)); return; }
  if (isPlainObject(e) && isPlainObject(a)) { ctx.c.item(() => compareFields(ctx, path, e, a)); return; }
  ctx.c.value(path, e, a, ctx.tol);
}

function rowText(row: unknown): string {
  const t = lineText(row);
  if (t !== null) return shortJson(t, 80);
  return shortJson(row, 80);
}

function compareRowsKeyed(ctx: SCtx, field: string, eL: unknown[], aL: unknown[]): void {
  const E = eL.map((v, i) => ({ v, i }));
  const A = aL.map((v, i) => ({ v, i }));
  const keyOf = (x: { v: unknown; i: number }): string => {
    const k = rowKey(ctx, x.v);
    return k ? `${k[0]}:${jsonKey(k[1])}` : `#${x.i}`;
  };
  const pathOf = (x: { v: unknown; i: number }, occ: number, counts: Map<string, number>): string => {
    const k = rowKey(ctx, x.v);
    return k ? keyedPath(field, k[0], k[1], (counts.get(keyOf(x)) ?? 1) > 1 ? occ : undefined) : joinPath(field, x.i);
  };
  const counts = new Map<string, number>();
  for (const x of E) counts.set(keyOf(x), (counts.get(keyOf(x)) ?? 0) + 1);
  const m = pairByKey(E, A, keyOf);
  for (const [x, y, occ] of m.pairs) compareRow(ctx, pathOf(x, occ, counts), x.v, y.v);
  const occE = occurrences(E, keyOf);
  for (const x of m.missing) ctx.c.add(pathOf(x, occE.get(x) ?? 0, counts), `missing in actual: ${rowText(x.v)}`, x.v);
  const occA = occurrences(A, keyOf);
  for (const y of m.extra) ctx.c.add(pathOf(y, occA.get(y) ?? 0, counts), `not expected: extra ${rowText(y.v)} in actual (index ${y.i})`, undefined, y.v);
}

/** Log lines as a multiset: identical lines pair first, then regex lines take any line they match. */
function compareLinesMultiset(ctx: SCtx, field: string, eL: unknown[], aL: unknown[]): void {
  const E = eL.map((v, i) => ({ v, i }));
  const A = aL.map((v, i) => ({ v, i }));
  const m = pairByKey(E, A, (x) => jsonKey(x.v));
  ctx.c.ok(m.pairs.length);
  const leftA = [...m.extra];
  const stillMissing: typeof E = [];
  for (const x of m.missing) {
    const et = lineText(x.v);
    const pattern = ctx.allowRegex && et?.startsWith('re:') ? compileRegex(ctx, et.slice(3)) : null;
    if (typeof pattern === 'string') { ctx.c.add(joinPath(field, x.i), `invalid regex ${JSON.stringify(et!.slice(3))} in expected line: ${pattern}`, x.v); continue; }
    const k = leftA.findIndex((y) => {
      const at = lineText(y.v);
      if (at === null || et === null) return false;
      if (pattern) return pattern.test(at) && (typeof x.v === 'string' || deepCompare(withoutIgnored(ctx, x.v as Record<string, unknown>, ['message']), withoutIgnored(ctx, isPlainObject(y.v) ? y.v : {}, ['message']), '', ctx.tol).length === 0);
      return typeof x.v === 'string' && at === et;
    });
    if (k >= 0) { leftA.splice(k, 1); ctx.c.ok(); } else stillMissing.push(x);
  }
  for (const x of stillMissing) ctx.c.add(joinPath(field, x.i), `missing in actual: no line matches ${rowText(x.v)}`, x.v);
  for (const y of leftA) ctx.c.add(joinPath(field, y.i), `not expected: extra line ${rowText(y.v)} in actual (index ${y.i})`, undefined, y.v);
}

function compareRows(ctx: SCtx, type: 'timeline' | 'gantt' | 'log', e: Record<string, unknown> | unknown[], a: Record<string, unknown> | unknown[]): string | null {
  const field = LIST_FIELD[type];
  // a bare list is accepted as the list itself (as existing Pixie tools do)
  const read = (side: 'expected' | 'actual', v: Record<string, unknown> | unknown[]): unknown[] | string => {
    if (Array.isArray(v)) return v;
    if (v[field] === undefined) return `${side}.${field} is missing`;
    if (!Array.isArray(v[field])) return `${side}.${field} is ${describeValue(v[field])}, expected an array`;
    return v[field] as unknown[];
  };
  const eL = read('expected', e);
  if (typeof eL === 'string') return eL;
  const aL = read('actual', a);
  if (typeof aL === 'string') return aL;
  const { c } = ctx;
  if (eL.length !== aL.length) c.add(field, `${field} count differs: expected ${eL.length}, got ${aL.length}`, eL.length, aL.length, false);
  if (ctx.rowOrder === 'multiset') compareLinesMultiset(ctx, field, eL, aL);
  else if (ctx.rowOrder !== 'ordered') compareRowsKeyed(ctx, field, eL, aL);
  else {
    for (let i = 0; i < Math.max(eL.length, aL.length); i++) {
      const p = joinPath(field, i);
      if (i >= aL.length) c.add(p, `missing in actual: ${rowText(eL[i])}`, eL[i]);
      else if (i >= eL.length) c.add(p, `not expected: extra ${rowText(aL[i])} in actual`, undefined, aL[i]);
      else compareRow(ctx, p, eL[i], aL[i]);
    }
  }
  if (!Array.isArray(e) && !Array.isArray(a)) compareOuterFields(ctx, e, a, [field]);
  return null;
}

// ---------- diff ----------

/** One text of a diff output, line by line; each differing line is a difference under `path`. */
function compareText(ctx: SCtx, path: string, e: string, a: string): void {
  const total = Math.max(e.split('\n').length, a.split('\n').length);
  if (e === a) { ctx.c.ok(total); return; }
  const lines = lineDifferences(e, a);
  ctx.c.add(path, firstDifference(e, a), undefined, undefined, false);
  for (const d of lines.differences) {
    const p = d.path ? (path ? `${path}[${d.path}]` : d.path) : path;
    ctx.c.add(p, d.message, d.expected, d.actual, d.path !== '');
  }
  ctx.c.ok(Math.max(0, total - lines.differing));
}

function compareDiff(ctx: SCtx, e: unknown, a: unknown): string | null {
  // a unified diff given as one string is compared as text
  if (typeof e === 'string' && typeof a === 'string') { compareText(ctx, '', e, a); return null; }
  if (!isPlainObject(e)) return `expected is ${describeValue(e)}, expected {before, after}`;
  if (!isPlainObject(a)) return `actual is ${describeValue(a)}, expected {before, after}`;
  for (const side of ['before', 'after'] as const) {
    if (typeof e[side] !== 'string') return e[side] === undefined ? `expected.${side} is missing` : `expected.${side} is ${describeValue(e[side])}, expected a string`;
  }
  for (const side of ['before', 'after'] as const) {
    if (a[side] === undefined) { ctx.c.add(side, `actual.${side} is missing`, e[side]); continue; }
    if (typeof a[side] !== 'string') { ctx.c.add(side, `actual.${side} is ${describeValue(a[side])}, expected a string`, e[side], a[side]); continue; }
    compareText(ctx, side, e[side] as string, a[side] as string);
  }
  compareOuterFields(ctx, e, a, ['before', 'after']);
  return null;
}

// ---------- the comparator ----------

function optionProblem(tolerance: Tolerance): string | null {
  const co = tolerance.children_order;
  if (co !== undefined && co !== 'ordered' && co !== 'unordered') return `tolerance children_order must be ordered or unordered, got ${shortJson(co, 40)}`;
  const order = tolerance.order;
  if (order !== undefined && !['ordered', 'by_time', 'by_id', 'by_name'].includes(order as string)) return `tolerance order must be ordered, by_time, by_id or by_name, got ${shortJson(order, 40)}`;
  const ar = tolerance.allow_regex;
  if (ar !== undefined && typeof ar !== 'boolean') return `tolerance allow_regex must be true or false, got ${shortJson(ar, 40)}`;
  const ig = tolerance.ignore_fields;
  if (ig !== undefined && !(Array.isArray(ig) && ig.every((x) => typeof x === 'string'))) return `tolerance ignore_fields must be a list of field names, got ${shortJson(ig, 60)}`;
  return null;
}

function ruleFor(ctx: SCtx, mode: string): string {
  const nums = describeNumericTolerance(ctx.tol);
  const ignored = ctx.ignore.size ? `; ignoring ${[...ctx.ignore].join(', ')}` : '';
  switch (ctx.type) {
    case 'tree': return `nodes by id, then label, then name; children ${ctx.childrenOrdered ? 'in order' : 'in any order'}; every field compared, numbers ${nums}${ignored}`;
    case 'diff': return `before and after compared as text, line by line${ignored}`;
    default: {
      const how = ctx.rowOrder === 'ordered' ? 'in order' : ctx.rowOrder === 'multiset' ? 'as a multiset' : `matched ${ctx.rowOrder.replace('_', ' ')}`;
      const regex = ctx.type === 'log' ? (ctx.allowRegex ? '; expected lines starting re: are full-match regexes' : '; regex lines off') : '';
      return `${LIST_FIELD[ctx.type]} ${how}; every field compared, numbers ${nums}${regex}${ignored} (compare: ${mode})`;
    }
  }
}

export const structuralComparator: Comparator = {
  name: 'structural',
  types: STRUCTURAL_TYPES,
  modes: STRUCTURAL_MODES,
  modesFor: (type) => APPLICABLE[type as StructuralType] ?? [],
  options: STRUCTURAL_OPTIONS,
  defaults(type: OutputType): Tolerance {
    const compare = DEFAULT_MODE[type as StructuralType] ?? 'structural';
    if (type === 'tree') return { compare, children_order: 'unordered' };
    if (type === 'log') return { compare, allow_regex: true };
    return { compare };
  },
  compare({ type, expected, actual, tolerance }): ComparisonResult {
    const sType = type as StructuralType;
    const mode = tolerance.compare ?? DEFAULT_MODE[sType] ?? 'structural';
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    const fail = (message: string, rule = `compare: ${mode}`): ComparisonResult => ({ ...garbageResult(message, expected, actual, tolerance, rule), comparator: `structural:${mode}` });
    const applicable = APPLICABLE[sType];
    if (!applicable) return fail(`the structural comparator does not handle output type ${type}`);
    if (!applicable.includes(mode)) {
      return fail((STRUCTURAL_MODES as readonly string[]).includes(mode)
        ? `compare mode '${mode}' does not apply to ${type}; use one of: ${applicable.join(', ')}, skip`
        : `unknown compare mode '${mode}' for ${type} (expected one of: ${applicable.join(', ')}, skip)`);
    }
    const problem = optionProblem(tolerance);
    if (problem) return fail(problem);
    const tol = mode === 'exact' ? {} : numericTolerance(tolerance);
    const unordered = mode === 'unordered' || mode === 'rows_unordered';
    const order = tolerance.order as RowOrder | undefined;
    const naturalKey: RowOrder | 'multiset' = sType === 'timeline' ? 'by_time' : sType === 'gantt' ? 'by_id' : 'multiset';
    const ctx: SCtx = {
      c: new DiffCollector(tol),
      type: sType,
      tol,
      ignore: new Set(Array.isArray(tolerance.ignore_fields) ? (tolerance.ignore_fields as string[]) : []),
      childrenOrdered: mode === 'ordered' || (mode !== 'unordered' && tolerance.children_order === 'ordered'),
      rowOrder: unordered ? (order && order !== 'ordered' ? order : naturalKey) : (order ?? 'ordered'),
      allowRegex: tolerance.allow_regex !== false,
      regexCache: new Map(),
    };
    const rule = ruleFor(ctx, mode);
    let shape: string | null;
    if (sType === 'diff') {
      shape = compareDiff(ctx, expected, actual);
    } else {
      const okShape = (v: unknown): v is Record<string, unknown> | unknown[] => isPlainObject(v) || (sType !== 'tree' && Array.isArray(v));
      if (!okShape(expected)) return fail(`expected is ${describeValue(expected)}, expected a ${type} object`, rule);
      if (!okShape(actual)) return fail(`actual is ${describeValue(actual)}, expected a ${type} object`, rule);
      shape = sType === 'tree'
        ? compareTree(ctx, expected as Record<string, unknown>, actual as Record<string, unknown>)
        : compareRows(ctx, sType, expected, actual);
    }
    if (shape) return fail(shape, rule);
    const noun = sType === 'tree' ? 'nodes' : sType === 'diff' ? 'lines' : sType === 'log' ? 'lines' : sType === 'gantt' ? 'tasks' : 'events';
    return ctx.c.finish({ rule, expected, actual, tolerance, comparator: `structural:${mode}` }, noun);
  },
};
