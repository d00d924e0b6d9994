// Reading and naming comparator inputs: scalars wrapped as `{value}`, a value's kind in words,
// short JSON for messages, and stable identities for JSON values (hash keys, never for comparing).
// Numbers are named as Python's json writes them (NaN, a long integer's digits: util/python-json.ts).
import Big from 'big.js';
import { detachedSlice } from '../../util/detached.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { JsonNumber, numberText } from '../../util/json-number.js';
import type { MessageTable } from '../../util/message-table.js';
import { stringifyJson } from '../../util/python-json.js';
import { visibleJson, visiblePair } from '../../util/visible-text.js';

export const messages = {
  listMissing: (side: string, field: string) => `${side}.${field} is missing`,
  notAList: (side: string, field: string, v: unknown) => `${side}.${field} is ${describeValue(v)}, expected an array`,
} satisfies MessageTable;

/** Scalar outputs may arrive bare or as `{value: …}`. */
export function unwrapValue(v: unknown): unknown {
  return isPlainObject(v) && 'value' in v ? v.value : v;
}

export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (v instanceof JsonNumber) return 'number';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** "a string (\"abc\")", "null", "an array" — for messages that name what was wrong. */
export function describeValue(v: unknown): string {
  const t = typeName(v);
  if (t === 'null' || t === 'undefined') return t === 'undefined' ? 'missing' : 'null';
  const article = /^[aeiou]/.test(t) ? 'an' : 'a';
  if (t === 'string') return `a string (${shortJson(v, 40)})`;
  if (t === 'number' || t === 'boolean') return `${article} ${t} (${String(v)})`;
  return `${article} ${t === 'object' ? 'object' : t}`;
}

/**
 * JSON text of a value cut to `limit` characters, for messages (never for comparison). A string's
 * invisible characters are escaped (util/visible-text.ts), so two strings that print alike do not.
 */
export function shortJson(v: unknown, limit = 80): string {
  let text: string;
  try {
    // of a long string only the start is ever shown, so only the start is quoted
    if (typeof v === 'string') text = visibleJson(v.length > limit ? v.slice(0, limit) : v);
    else text = stringifyJson(v) ?? String(v);
  } catch {
    text = String(v);
  }
  return cut(text, limit);
}

// a copy, not a view: the message must not keep a large value alive after the comparison
const cut = (text: string, limit: number): string =>
  text.length > limit ? `${detachedSlice(text, 0, Math.max(1, limit - 1))}…` : text;

/**
 * An expected and an actual value for a message that sets them side by side: two strings whose
 * differing part would print alike (NFC and NFD, a letter of another script) show it escaped.
 */
export function shortPair(e: unknown, a: unknown, limit = 80): [string, string] {
  if (typeof e !== 'string' || typeof a !== 'string') return [shortJson(e, limit), shortJson(a, limit)];
  const [ve, va] = visiblePair(e.length > limit ? e.slice(0, limit) : e, a.length > limit ? a.slice(0, limit) : a);
  return [cut(ve, limit), cut(va, limit)];
}

/** Absent on a side: undefined or null. */
export function isPresent(v: unknown): boolean {
  return v !== undefined && v !== null;
}

/** A number's text by value: 9007199254740993 and 9.007199254740993e15 alike, written as JavaScript writes a double. */
function numberKey(v: JsonNumber): string {
  return new Big(v.text).toString();
}

/** A stable identity for JSON values (ids, labels, keys): 0 and "0" differ, null is a value. */
export function jsonKey(v: unknown): string {
  if (typeof v === 'number' && !Number.isFinite(v)) return `#${String(v)}`;
  if (v instanceof JsonNumber) return numberKey(v);
  // an object's numbers as written: {"id": 9007199254740993} and {"id": 9007199254740992} differ
  return (typeof v === 'object' && v !== null ? stringifyJson(v) : JSON.stringify(v)) ?? 'undefined';
}

/**
 * JSON with sorted keys, so equal values hash and compare equally whatever their key order; NaN
 * and the infinities bare, as Python's json writes them (never the same as the string "NaN").
 */
export function canonicalJson(v: unknown): string {
  if (typeof v === 'number') return numberText(v);
  if (v instanceof JsonNumber) return numberKey(v);
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (isPlainObject(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`)
      .join(',')}}`;
  if (v === undefined) return 'null';
  return JSON.stringify(v) ?? 'null';
}

/** Reads `value[field]` as an array, or says what is wrong with it ("actual.series is missing"). */
function readList(side: 'expected' | 'actual', value: Record<string, unknown>, field: string): unknown[] | string {
  const v = value[field];
  if (v === undefined) return messages.listMissing(side, field);
  if (!Array.isArray(v)) return messages.notAList(side, field, v);
  return v;
}

/** `value[field]` of both sides as arrays (expected first), or what is wrong with the first that is not. */
export function readLists(
  e: Record<string, unknown>,
  a: Record<string, unknown>,
  field: string,
): [unknown[], unknown[]] | string {
  const eL = readList('expected', e, field);
  if (typeof eL === 'string') return eL;
  const aL = readList('actual', a, field);
  if (typeof aL === 'string') return aL;
  return [eL, aL];
}
