// Timelines, gantt charts and logs: rows in order, matched by time, id or name, or (log lines) as a
// multiset; log lines starting `re:` are full-match regular expressions when allowed.
import { isPlainObject } from '../../util/is-plain-object.js';
import { deepCompare } from '../kit/deep-compare.js';
import { occurrences, pairByKey } from '../kit/matching.js';
import { joinPath, keyedPath } from '../kit/paths.js';
import { isPresent, jsonKey, shortJson } from '../kit/value.js';
import { compareFields, compareOuterFields, LIST_FIELD, without, type SCtx } from './context.js';
import { messages } from './messages.js';

function rowKey(ctx: SCtx, row: unknown): [string, unknown] | null {
  if (!isPlainObject(row)) return null;
  const order = ctx.rowOrder;
  const candidates: string[] =
    order === 'by_time'
      ? ['t', 'time', 'date', 'start', 'timestamp']
      : order === 'by_id' || order === 'by_name'
        ? ['id', 'name', 'label']
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
    try {
      re = new RegExp(`^(?:${pattern})$`);
    } catch (err) {
      re = (err as Error).message;
    }
    ctx.regexCache.set(pattern, re);
  }
  return re;
}

/** A log message: `re:<pattern>` (when allowed) must match the actual text in full; else equal. */
function messageMatches(ctx: SCtx, path: string, expected: string, actual: string): boolean {
  if (ctx.allowRegex && expected.startsWith('re:')) {
    const pattern = expected.slice(3);
    const re = compileRegex(ctx, pattern);
    if (typeof re === 'string') {
      ctx.c.add(path, messages.badRegex(pattern, re), expected, actual);
      return false;
    }
    if (re.test(actual)) {
      ctx.c.ok();
      return true;
    }
    ctx.c.changed(path, messages.regexFails(actual, pattern), expected, actual);
    return false;
  }
  if (expected === actual) {
    ctx.c.ok();
    return true;
  }
  ctx.c.changed(path, messages.linesDiffer(expected, actual), expected, actual);
  return false;
}

function compareLogLine(ctx: SCtx, path: string, e: unknown, a: unknown): void {
  const at = lineText(a);
  if (typeof e === 'string') {
    // a string line states only the text; an object actual line is checked on its message
    if (at === null) {
      ctx.c.changed(path, messages.lineNotText(a), e, a);
      return;
    }
    messageMatches(ctx, isPlainObject(a) ? joinPath(path, 'message') : path, e, at);
    return;
  }
  if (isPlainObject(e)) {
    const aObj = typeof a === 'string' ? { message: a } : a;
    if (!isPlainObject(aObj)) {
      ctx.c.changed(path, messages.lineNotAnObject(a), e, a);
      return;
    }
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
  if (ctx.type === 'log') {
    ctx.c.item(() => compareLogLine(ctx, path, e, a));
    return;
  }
  if (isPlainObject(e) && isPlainObject(a)) {
    ctx.c.item(() => compareFields(ctx, path, e, a));
    return;
  }
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
  for (const x of m.missing) ctx.c.missing(pathOf(x, occE.get(x) ?? 0, counts), messages.rowMissing(rowText(x.v)), x.v);
  const occA = occurrences(A, keyOf);
  for (const y of m.extra) ctx.c.extra(pathOf(y, occA.get(y) ?? 0, counts), messages.rowExtra(rowText(y.v), y.i), y.v);
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
    if (typeof pattern === 'string') {
      ctx.c.add(joinPath(field, x.i), messages.badRegex(et!.slice(3), pattern), x.v);
      continue;
    }
    const k = leftA.findIndex((y) => {
      const at = lineText(y.v);
      if (at === null || et === null) return false;
      if (pattern)
        return (
          pattern.test(at) &&
          (typeof x.v === 'string' ||
            deepCompare(
              without(x.v as Record<string, unknown>, ['message']),
              without(isPlainObject(y.v) ? y.v : {}, ['message']),
              '',
              ctx.tol,
            ).length === 0)
        );
      return typeof x.v === 'string' && at === et;
    });
    if (k >= 0) {
      leftA.splice(k, 1);
      ctx.c.ok();
    } else stillMissing.push(x);
  }
  for (const x of stillMissing) ctx.c.missing(joinPath(field, x.i), messages.noLineMatches(rowText(x.v)), x.v);
  for (const y of leftA) ctx.c.extra(joinPath(field, y.i), messages.lineExtra(rowText(y.v), y.i), y.v);
}

export function compareRows(
  ctx: SCtx,
  type: 'timeline' | 'gantt' | 'log',
  e: Record<string, unknown> | unknown[],
  a: Record<string, unknown> | unknown[],
): string | null {
  const field = LIST_FIELD[type];
  // a bare list is accepted as the list itself (as existing Pixie tools do)
  const read = (side: 'expected' | 'actual', v: Record<string, unknown> | unknown[]): unknown[] | string => {
    if (Array.isArray(v)) return v;
    if (v[field] === undefined) return messages.fieldMissing(side, field);
    if (!Array.isArray(v[field])) return messages.notAList(side, field, v[field]);
    return v[field] as unknown[];
  };
  const eL = read('expected', e);
  if (typeof eL === 'string') return eL;
  const aL = read('actual', a);
  if (typeof aL === 'string') return aL;
  const { c } = ctx;
  if (eL.length !== aL.length)
    c.add(field, messages.countDiffers(field, eL.length, aL.length), eL.length, aL.length, false);
  if (ctx.rowOrder === 'multiset') compareLinesMultiset(ctx, field, eL, aL);
  else if (ctx.rowOrder !== 'ordered') compareRowsKeyed(ctx, field, eL, aL);
  else {
    for (let i = 0; i < Math.max(eL.length, aL.length); i++) {
      const p = joinPath(field, i);
      if (i >= aL.length) c.missing(p, messages.rowMissing(rowText(eL[i])), eL[i]);
      else if (i >= eL.length) c.extra(p, messages.rowExtra(rowText(aL[i]), null), aL[i]);
      else compareRow(ctx, p, eL[i], aL[i]);
    }
  }
  if (!Array.isArray(e) && !Array.isArray(a)) compareOuterFields(ctx, e, a, [field]);
  return null;
}
