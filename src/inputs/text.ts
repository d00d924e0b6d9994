// Text inputs (text, textarea, code, markdown, autocomplete) and colours.
import type { InputSpec } from '../model/manifest.js';
import { describe, needsValue, num, unique } from './kit.js';
import type { FastCheck, InputTypeRule, InputValues } from './rule.js';

/** Longest text tried; long enough to overflow fixed buffers and slow paths, short enough to send often. */
const LONG_TEXT = 10_000;
const RANDOM_TEXT = 200;
const NON_ASCII = ['Zoë café — 東京 🚀', 'مرحبا بالعالم', 'e\u0301 n\u0303 ∑ ∞ ≠', '👩‍👩‍👧 🇳🇿'];
const AWKWARD_TEXT = ['   ', 'line one\nline two', `quotes " ' \\ < > & % { }`];

const blank = (s: string) => s.trim() === '';

/** Cuts a string to `max` UTF-16 units (what max_length counts) without splitting a surrogate pair. */
function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  const end = /[\uD800-\uDBFF]/.test(s[max - 1] ?? '') ? max - 1 : max;
  return s.slice(0, end);
}

function stringProblem(spec: InputSpec, v: unknown): string | null {
  if (typeof v !== 'string') return `must be a string, got ${describe(v)}`;
  const maxLength = num(spec.max_length);
  if (maxLength !== undefined && v.length > maxLength)
    return `must be at most ${maxLength} characters (its max_length), got ${v.length}`;
  return null;
}

/** Empty, short, long, non-ASCII and awkward text within max_length, then random graphemes. */
export function textValues(spec: InputSpec, fc: FastCheck): InputValues {
  const max = num(spec.max_length);
  const limit = max ?? Number.POSITIVE_INFINITY;
  if (max === 0) return { special: [''], random: null };
  const long = 'lorem ipsum '.repeat(Math.ceil(LONG_TEXT / 12)).slice(0, Math.min(limit, LONG_TEXT));
  const allowed = (s: string) => s.length <= limit && !(needsValue(spec) && blank(s));
  const special = ['', 'a', long, ...NON_ASCII, ...AWKWARD_TEXT].map((s) => cut(s, limit)).filter(allowed);
  const random = fc
    .string({ unit: 'grapheme', minLength: needsValue(spec) ? 1 : 0, maxLength: Math.min(limit, RANDOM_TEXT) })
    .filter(allowed);
  return { special: unique(special), random };
}

export const textRule: InputTypeRule = {
  sample: () => '',
  check: stringProblem,
  explore: textValues,
};

export const colourRule: InputTypeRule = {
  sample: () => '#000000',
  check(_spec, value) {
    if (typeof value !== 'string') return `must be a colour string such as "#1e90ff", got ${describe(value)}`;
    return value.startsWith('#') && !/^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(value)
      ? `must be a hex colour such as "#1e90ff", got ${describe(value)}`
      : null;
  },
  explore: (_spec, fc) => ({
    special: ['#000000', '#ffffff', '#ff0000'],
    random: fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`),
  }),
};
