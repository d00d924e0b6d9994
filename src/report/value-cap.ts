// The one place where values are copied into a report (docs/report.md, "Large values"): a value
// larger than the per-value limit, nested deeper than the depth limit, or arriving after the
// report's values have used their total is replaced by a marker that notes its size. Comparators
// see the full values while comparing; only what the report keeps is capped, so four 255 MiB
// responses cannot crash `--json` or the dashboard. Raising the limits (an option, or the
// environment variables) lifts the cap.
import { formatSize, limit, limitHint } from '../limits.js';
import { excerpt } from '../source/excerpt.js';

export interface ValueCapLimits {
  /** JSON characters of one value */
  valueChars: number;
  /** JSON characters of all values one report keeps */
  totalChars: number;
  /** levels of nested arrays and objects */
  depth: number;
}

/** What a report holds in place of a value it did not keep. */
export interface TruncatedValue {
  $truncated: {
    /** the value's size as JSON text (at least this much, when `more` is set) */
    json_chars: number;
    /** what the value was: "a string", "a list of 1300000 items", … */
    kind: string;
    /** its first characters, escaped */
    preview: string;
    /** why it was not kept, with the limit and how to raise it */
    why: string;
  };
}

export function isTruncatedValue(v: unknown): v is TruncatedValue {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.keys(v).length === 1 &&
    typeof (v as { $truncated?: unknown }).$truncated === 'object'
  );
}

export interface ValueCap {
  /** the limits it enforces (a repeated fixture's runs each get a cap of their own with them) */
  readonly limits: ValueCapLimits;
  /** the value itself when the report may keep it, else a TruncatedValue marker */
  keep(value: unknown): unknown;
  /** an object of values (inputs, a response) with each value kept or replaced on its own */
  keepEach(record: Record<string, unknown>): Record<string, unknown>;
}

/** The limits in force (environment variables or defaults), with any of them overridden. */
export function valueCapLimits(overrides: Partial<ValueCapLimits> = {}): ValueCapLimits {
  return {
    valueChars: overrides.valueChars ?? limit('reportValueChars'),
    totalChars: overrides.totalChars ?? limit('reportTotalChars'),
    depth: overrides.depth ?? limit('depth'),
  };
}

/** A cap for one report: the total is shared by every value it keeps. */
export function createValueCap(limits: ValueCapLimits = valueCapLimits()): ValueCap {
  let used = 0;
  const cap: ValueCap = {
    limits,
    keepEach(record) {
      // fromEntries defines each key as an own property, even one named __proto__
      return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, cap.keep(v)]));
    },
    keep(value) {
      if (value === null || typeof value !== 'object') {
        if (typeof value !== 'string') return value;
        if (value.length + 2 <= limits.valueChars && used + value.length <= limits.totalChars) {
          used += value.length;
          return value;
        }
      }
      const size = measure(value, limits.depth);
      let why: string | null = null;
      if (size.deeper)
        why = `it nests more than ${limits.depth} levels deep, more than a report keeps (PIXIE_MAX_DEPTH)`;
      else if (size.chars > limits.valueChars)
        why = `it is larger than the ${capWords(limits.valueChars, 'reportValueChars')} a report keeps of one value`;
      else if (used + size.chars > limits.totalChars)
        why = `the report's values had already used the ${capWords(limits.totalChars, 'reportTotalChars')} it keeps in total`;
      if (!why) {
        used += size.chars;
        return value;
      }
      const marker: TruncatedValue = {
        $truncated: { json_chars: size.chars, kind: kindOf(value), preview: previewOf(value), why },
      };
      return marker;
    },
  };
  return cap;
}

function capWords(chars: number, name: 'reportValueChars' | 'reportTotalChars'): string {
  return chars === limit(name) ? limitHint(name) : formatSize(chars);
}

function kindOf(v: unknown): string {
  if (typeof v === 'string') return `a string of ${v.length} characters`;
  if (Array.isArray(v)) return `a list of ${v.length} items`;
  if (typeof v === 'object' && v !== null) {
    const keys = Object.keys(v);
    return `an object with ${keys.length} key(s)${keys.length ? ` (${excerpt(keys.slice(0, 5).join(', '), 80)})` : ''}`;
  }
  return typeof v;
}

function previewOf(v: unknown): string {
  if (typeof v === 'string') return excerpt(v, 200);
  return '';
}

/** JSON characters of a value, walked without recursion; `deeper` when it nests past `maxDepth`. */
function measure(value: unknown, maxDepth: number): { chars: number; deeper: boolean } {
  let chars = 0;
  // one frame per open array or object: memory follows the depth, not the size
  const frames: { items: unknown[]; at: number }[] = [];
  let next: unknown = value;
  for (;;) {
    const v = next;
    if (typeof v === 'string') chars += v.length + 2;
    else if (typeof v === 'number') chars += Number.isFinite(v) ? String(v).length : 4;
    else if (typeof v === 'boolean') chars += v ? 4 : 5;
    else if (typeof v === 'object' && v !== null) {
      if (frames.length + 1 > maxDepth) return { chars, deeper: true };
      let items: unknown[];
      if (Array.isArray(v)) items = v;
      else {
        const keys = Object.keys(v);
        for (const k of keys) chars += k.length + 3;
        items = keys.map((k) => (v as Record<string, unknown>)[k]);
      }
      chars += 2 + Math.max(0, items.length - 1);
      frames.push({ items, at: 0 });
    } else chars += 4;
    // the next value: the next item of the innermost frame that has one left
    let top = frames[frames.length - 1];
    while (top && top.at >= top.items.length) {
      frames.pop();
      top = frames[frames.length - 1];
    }
    if (!top) return { chars, deeper: false };
    next = top.items[top.at++];
  }
}
