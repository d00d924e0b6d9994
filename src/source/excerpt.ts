// A short, escaped piece of text from a user's file or a tool's answer, for quoting in a message: a
// file linked to /proc/self/environ or a 40 MB key must never be echoed whole, and control
// characters are shown escaped rather than sent to a terminal.
import { detachedSlice } from '../util/detached.js';

const DEFAULT_MAX = 60;

/** `text` with control characters escaped (\n, \u001b) and cut to about `max` characters with an ellipsis. */
export function excerpt(text: string, max = DEFAULT_MAX): string {
  const head = text.length > max ? text.slice(0, max) : text;
  const escaped = head.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (ch) => {
    if (ch === '\n') return '\\n';
    if (ch === '\r') return '\\r';
    if (ch === '\t') return '\\t';
    return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  if (text.length <= max && escaped.length <= max) return escaped;
  // never end on half of a surrogate pair
  const end = /[\ud800-\udbff]/.test(escaped.charAt(max - 1)) ? max - 1 : max;
  return `${detachedSlice(escaped, 0, end)}…`;
}

/**
 * Names from a tool's answer or a user's file, for a message: the first `max`, each an excerpt, then
 * how many more. A list a tool controls (200,000 undeclared keys) never becomes a message that long.
 */
export function excerptList(names: readonly string[], max = 10): string {
  const shown = names.slice(0, max).map((n) => excerpt(n));
  return names.length > max ? `${shown.join(', ')} … and ${names.length - max} more` : shown.join(', ');
}
