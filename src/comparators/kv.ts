// The kv comparator: key by key, any shape on either side (a dict, the documented
// `{pairs: [{key, value}]}`, or `{pairs: {key: value}}`), so a dict never fails against the same
// pairs. Numbers use the shared rule at any depth; missing and extra keys are both reported.
import type { OutputType } from '../model/manifest.js';
import type { Difference } from '../model/report.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { deepCompare } from './kit/deep-compare.js';
import { describeNumericTolerance, numericTolerance, type NumericTolerance } from './kit/numeric-tolerance.js';
import { ignoredFieldsOf, ignoreFields } from './kit/ignore-fields.js';
import { joinPath } from './kit/paths.js';
import { garbageResult, skipped, unknownModeResult } from './kit/result.js';
import { describeValue, shortJson } from './kit/value.js';
import type { Comparator, ComparisonResult } from './types.js';
import type { Tolerance } from '../model/tolerance.js';
import type { MessageTable } from '../util/message-table.js';

const KV_MODES = ['by_key', 'dict_per_value'] as const;

type Side = 'expected' | 'actual';

const messages = {
  notKv: (side: Side, v: unknown) =>
    `${side} is ${describeValue(v)}, expected a kv value (an object, or {pairs: [{key, value}]})`,
  notAPair: (side: Side, i: number, v: unknown) => `${side}.pairs[${i}] is ${describeValue(v)}, expected {key, value}`,
  notAKey: (side: Side, i: number, v: unknown) => `${side}.pairs[${i}].key is ${describeValue(v)}, expected a string`,
  duplicateKey: (side: Side, i: number) => `duplicate key in ${side} pairs (pairs[${i}] repeats an earlier key)`,
  rule: (tol: NumericTolerance, allowExtra: boolean) =>
    `key by key, numbers ${describeNumericTolerance(tol)}${allowExtra ? ', extra keys allowed' : ''}`,
  missing: (e: unknown) => `missing in actual (expected ${shortJson(e, 80)})`,
  extra: (a: unknown) => `not expected (extra in actual): ${shortJson(a, 80)}`,
  /** `allowed` counts the extra keys a tolerance allowed (null when it allows none) */
  metric: (differing: number, total: number, allowed: number | null) =>
    `${differing} of ${total} keys differ${allowed ? ` (${allowed} extra key(s) allowed)` : ''}`,
} satisfies MessageTable;

interface KvMap {
  entries: Map<string, unknown>;
  problems: Difference[];
}

/**
 * A dict, `{pairs: [...]}`, `{pairs: {...}}` (what the original Pixie's tools return), or a bare
 * pairs list → key → value (duplicate pair keys reported).
 */
function readKv(which: Side, v: unknown): KvMap | string {
  let pairs: unknown;
  if (Array.isArray(v)) pairs = v;
  else if (isPlainObject(v) && Array.isArray(v.pairs)) pairs = v.pairs;
  else if (isPlainObject(v) && isPlainObject(v.pairs))
    return { entries: new Map(Object.entries(v.pairs)), problems: [] };
  else if (isPlainObject(v)) return { entries: new Map(Object.entries(v)), problems: [] };
  else return messages.notKv(which, v);
  const entries = new Map<string, unknown>();
  const problems: Difference[] = [];
  const list = pairs as unknown[];
  for (let i = 0; i < list.length; i++) {
    const p = list[i];
    if (!isPlainObject(p) || !('key' in p)) return messages.notAPair(which, i, p);
    if (typeof p.key !== 'string' && typeof p.key !== 'number') return messages.notAKey(which, i, p.key);
    const key = String(p.key);
    if (entries.has(key)) {
      problems.push({
        path: joinPath('', key),
        message: messages.duplicateKey(which, i),
        [which]: p.value,
      });
      continue;
    }
    entries.set(key, p.value);
  }
  return { entries, problems };
}

export const kvComparator: Comparator = {
  name: 'kv',
  types: ['kv'],
  modes: KV_MODES,
  options: { abs: 'number', rel: 'number', allow_extra: 'boolean', ignore_fields: 'fields' },
  messages,
  defaults(_type: OutputType): Tolerance {
    return { compare: 'by_key', abs: 1e-6, allow_extra: false };
  },
  compare({ expected, actual, tolerance }): ComparisonResult {
    const mode = tolerance.compare ?? 'by_key';
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    if (!(KV_MODES as readonly string[]).includes(mode))
      return unknownModeResult(mode, KV_MODES, expected, actual, tolerance);
    const tol = numericTolerance(tolerance);
    const allowExtra = tolerance.allow_extra === true;
    const rule = messages.rule(tol, allowExtra);
    const e = readKv('expected', expected);
    if (typeof e === 'string') return garbageResult(e, expected, actual, tolerance, rule);
    const a = readKv('actual', actual);
    if (typeof a === 'string') return garbageResult(a, expected, actual, tolerance, rule);
    // ignored fields are taken out of the key → value dict, whichever shape the value came in
    const patterns = ignoredFieldsOf(tolerance);
    if (!patterns) return compareEntries(e, a, tolerance, rule, allowExtra, { expected, actual });
    const ig = ignoreFields(patterns, Object.fromEntries(e.entries), Object.fromEntries(a.entries));
    const pruned = (side: KvMap, dict: unknown): KvMap => ({
      entries: new Map(Object.entries(dict as Record<string, unknown>)),
      problems: side.problems,
    });
    const r = compareEntries(pruned(e, ig.expected), pruned(a, ig.actual), tolerance, rule, allowExtra, {
      expected,
      actual,
    });
    return ig.annotate(r, { expected, actual });
  },
};

/** The two dicts key by key: missing, extra and differing keys. */
function compareEntries(
  e: KvMap,
  a: KvMap,
  tolerance: Tolerance,
  rule: string,
  allowExtra: boolean,
  { expected, actual }: { expected: unknown; actual: unknown },
): ComparisonResult {
  const tol = numericTolerance(tolerance);
  const differences: Difference[] = [...e.problems, ...a.problems];
  const differingKeys = new Set<string>();
  for (const d of differences) differingKeys.add(d.path);
  for (const [key, ev] of e.entries) {
    const path = joinPath('', key);
    if (!a.entries.has(key)) {
      differences.push({
        path,
        message: messages.missing(ev),
        kind: 'missing',
        expected: ev,
      });
      differingKeys.add(path);
      continue;
    }
    const before = differences.length;
    deepCompare(ev, a.entries.get(key), path, tol, differences);
    if (differences.length > before) differingKeys.add(path);
  }
  let extra = 0;
  for (const [key, av] of a.entries) {
    if (e.entries.has(key)) continue;
    extra++;
    if (!allowExtra) {
      const path = joinPath('', key);
      differences.push({
        path,
        message: messages.extra(av),
        kind: 'extra',
        actual: av,
      });
      differingKeys.add(path);
    }
  }
  const total = e.entries.size + (allowExtra ? 0 : extra);
  const ok = differences.length === 0;
  const metric = messages.metric(differingKeys.size, total, allowExtra ? extra : null);
  const score = ok ? 1 : total === 0 ? 0 : Math.max(0, Math.min(0.999, 1 - differingKeys.size / total));
  return { status: ok ? 'pass' : 'fail', score, metric, rule, expected, actual, tolerance, differences };
}
