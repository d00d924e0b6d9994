import { formatSize } from '../limits.js';
import { safeText } from './safe-text.js';
import { isTruncatedValue } from './value-cap.js';
import { stringifyJson } from '../util/python-json.js';
import { visibleJson, visiblePair } from '../util/visible-text.js';

/** A value shortened for a terminal line; --json carries it whole (up to the report's value limits). */
export function formatValue(v: unknown, limit = 80): string {
  // a line needs a few characters to say anything; tolerance.yaml may ask for 0
  const max = Math.max(8, limit);
  let text: string;
  if (isTruncatedValue(v)) {
    const t = v.$truncated;
    text = `<${t.kind}, ${formatSize(t.json_chars)} as JSON, not kept in the report: ${t.why}>`;
    return safeText(text);
  }
  if (typeof v === 'string') {
    // only the start of a long string is ever shown, so only the start is quoted
    const head = v.length > max + 1 ? v.slice(0, max + 1) : v;
    text = v.startsWith('data:')
      ? `${v.slice(0, Math.min(v.indexOf(',') + 1, 100))}… (${v.length} chars)`
      : visibleJson(head);
  } else {
    try {
      text = stringifyJson(v) ?? String(v);
    } catch {
      text = String(v);
    }
  }
  return safeText(text.length > max ? `${text.slice(0, max - 1)}…` : text);
}

/**
 * An expected and an actual value shortened side by side: two strings whose differing part would
 * print alike (NFC and NFD, a letter of another script) show that part escaped.
 */
export function formatPair(e: unknown, a: unknown, limit = 80): [string, string] {
  if (typeof e !== 'string' || typeof a !== 'string' || e.startsWith('data:') || a.startsWith('data:'))
    return [formatValue(e, limit), formatValue(a, limit)];
  const max = Math.max(8, limit);
  const head = (v: string) => (v.length > max + 1 ? v.slice(0, max + 1) : v);
  const cut = (t: string) => safeText(t.length > max ? `${t.slice(0, max - 1)}…` : t);
  const [qe, qa] = visiblePair(head(e), head(a));
  return [cut(qe), cut(qa)];
}
