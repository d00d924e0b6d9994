// Reading values for display: objects, wrapped scalars, and JSON cut to a readable size.
import { isPlainObject } from '../../util/is-plain-object.js';
import { stringifyJson } from '../../util/python-json.js';

export const isObject = (v: unknown): v is Record<string, unknown> => isPlainObject(v);

const WRAPPER_KEYS = new Set(['value', 'unit', 'label', 'format']);

/** The scalar inside `{"value": …}` (with at most a unit, label or format beside it), else the value itself. */
export function unwrapScalar(v: unknown): unknown {
  return isObject(v) && 'value' in v && Object.keys(v).every((k) => WRAPPER_KEYS.has(k)) ? v.value : v;
}

export const isDataUrl = (v: unknown): v is string => typeof v === 'string' && v.startsWith('data:');

/** Pretty JSON with long data URLs shortened, cut at `max` characters with a note. */
export function displayJson(value: unknown, max = 20_000): string {
  let text: string;
  try {
    text =
      value === undefined
        ? 'undefined'
        : (stringifyJson(value, 2, (x) =>
            isDataUrl(x) && x.length > 200 ? `${x.slice(0, x.indexOf(',') + 1)}… (${x.length} chars)` : x,
          ) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > max
    ? `${text.slice(0, max)}\n… (${text.length - max} more characters; the full value is in the report JSON)`
    : text;
}

/** One-line JSON for a tolerance or a table cell; strings stay as they are. */
export function compactText(v: unknown, max = 300): string {
  if (v === undefined) return '';
  let text: string;
  try {
    text = typeof v === 'string' ? v : (stringifyJson(v) ?? String(v));
  } catch {
    text = String(v);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
