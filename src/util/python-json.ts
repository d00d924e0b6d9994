// JSON as Python's json module writes and reads it (docs/fixtures.md, "Numbers"): the bare tokens
// NaN, Infinity and -Infinity where a value goes, and numbers a double cannot hold kept as their
// text (util/json-number.ts). Everything else is JSON.parse's and JSON.stringify's: the same values
// and the same refusals. Written by hand because no library does both at JSON.parse's speed:
// lossless-json keeps long numbers but refuses NaN (its author declined it), JSON5 reads NaN but also
// comments, single quotes and hex, and both parse in JavaScript; Node 20's JSON.parse cannot tell a
// reviver a number's text. So JSON.parse reads every document; only one it refuses, or one in which
// a quick search finds a number that may be too long for a double, is scanned for such tokens, which
// become placeholder strings for a second JSON.parse and are put back in the value it makes.
import { randomBytes } from 'node:crypto';
import { JsonNumber } from './json-number.js';

/** Starts every placeholder: a NUL and a random word no document can know. */
const MARK = `\u0000${randomBytes(12).toString('base64url')}:`;
/** MARK as JSON.stringify writes it inside a string. */
const QUOTED_MARK = JSON.stringify(MARK).slice(1, -1);
const PLACEHOLDER = new RegExp(`"${QUOTED_MARK.replace(/\\/g, '\\\\')}([^"]*)"`, 'g');

/** Sixteen digits, `\d` written out: V8 searches that several times faster than `\d{16}`. */
const SIXTEEN_DIGITS = '\\d'.repeat(16);

/**
 * Only a number this search finds can need its text kept: sixteen digits or more after a place a value
 * starts (an integer past 2^53, or one past a double's range), a three-digit exponent, or two hundred
 * zeros after a point. It may also match inside strings; the scan that follows is exact. Measured on
 * an 18 MB table answer: under a tenth of JSON.parse's time (bench/evidence/python-json.md).
 */
const MAYBE_LONG = new RegExp(`[-[,:\\s]${SIXTEEN_DIGITS}|[eE][+-]?\\d\\d\\d|\\.0{200}`);
/** The same at the very start of the text, apart: a `^` alternative in MAYBE_LONG slows its search. */
const LONG_AT_START = /^\d{16}/;

/**
 * The most digits a number kept as its text may have, and the largest exponent: CPython's json
 * refuses integers longer than this by default (sys.get_int_max_str_digits), and a bound keeps exact
 * decimal arithmetic on a hostile 100 MB number from taking pixie's memory. A longer decimal is read
 * as Python reads it, as a double.
 */
const MAX_DIGITS = 4300;

/** An integer longer than MAX_DIGITS: refused, as Python's json refuses it. */
class TooLong {
  constructor(readonly digits: number) {}
}

/** A token JSON.parse refuses or reads lossily, at a place where a value goes: [start, end) of the text. */
interface Token {
  start: number;
  end: number;
  value: number | JsonNumber | TooLong;
}

/**
 * JSON.parse, reading NaN, Infinity and -Infinity as Python's json writes them, and keeping numbers
 * a double cannot hold as JsonNumber. Throws JSON.parse's SyntaxError for anything else that is not
 * JSON, with positions and excerpts of `text` itself.
 */
export function parseJson(text: string): unknown {
  const maybeLong = LONG_AT_START.test(text) || MAYBE_LONG.test(text);
  let refusal: unknown;
  if (!maybeLong) {
    try {
      return JSON.parse(text);
    } catch (err) {
      refusal = err;
    }
  }
  const tokens = pythonTokens(text);
  // refused for something else than NaN or an infinity: JSON.parse's words stand
  if (refusal !== undefined && !tokens.some((t) => typeof t.value === 'number')) throw refusal;
  const long = tokens.find((t) => t.value instanceof TooLong);
  if (long)
    throw new SyntaxError(
      `an integer of ${(long.value as TooLong).digits} digits at position ${long.start}; Python's json reads at most ${MAX_DIGITS}`,
    );
  return tokens.length === 0 ? JSON.parse(text) : parseWithTokens(text, tokens);
}

/**
 * `text` with NaN, Infinity and -Infinity written as numbers of the same length, for parsers that
 * place things by offset (jsonc-parser): what they say of every other place is unchanged.
 */
export function maskPythonTokens(text: string): string {
  if (!text.includes('NaN') && !text.includes('Infinity')) return text;
  return mask(
    text,
    pythonTokens(text).filter((t) => typeof t.value === 'number'),
  );
}

function replacer(this: unknown, key: string, v: unknown): unknown {
  // what a JsonNumber's toJSON gives (beyond 2^53, infinite or zero), NaN and the infinities
  if (typeof v !== 'number' || (v < 2 ** 53 && v > -(2 ** 53) && v !== 0)) return v;
  const held = (this as Record<string, unknown>)[key];
  if (held instanceof JsonNumber) return MARK + held.text;
  return Number.isFinite(v) ? v : MARK + String(v);
}

/**
 * JSON.stringify writing numbers as Python's json does: NaN, Infinity and -Infinity bare, and a
 * JsonNumber as its text; a document parseJson reads back to the same value. `map` may replace
 * other values first (a long data URL by its start, for display).
 */
export function stringifyJson(value: unknown, space?: string | number, map?: (v: unknown) => unknown): string {
  // a replacer costs a call per value (several times JSON.stringify's own time on a large table);
  // a value holding none of these numbers, the usual case, is JSON.stringify's text as it is
  if (!map && !holdsPythonNumbers(value)) return JSON.stringify(value, null, space);
  const replace = map
    ? function (this: unknown, key: string, v: unknown) {
        return replacer.call(this, key, map(v));
      }
    : replacer;
  const text = JSON.stringify(value, replace, space);
  return text?.includes(QUOTED_MARK) ? text.replace(PLACEHOLDER, '$1') : text;
}

/** Nesting past which holdsPythonNumbers stops looking (a cycle, or deeper than JSON.stringify goes). */
const WALK_DEPTH = 10_000;

/**
 * Whether JSON.stringify would write any of `value`'s numbers otherwise than Python's json: NaN, an
 * infinity, a JsonNumber, or anything it cannot tell (another toJSON, a cycle): then the replacer
 * decides. A walk with its own stack, without recursion, visiting each number once.
 */
function holdsPythonNumbers(value: unknown): boolean {
  // the containers left to look into, made only when a container holds another (most keys are flat)
  let open: unknown[] | undefined;
  let depths: number[] | undefined;
  let v = value;
  let depth = 0;
  for (;;) {
    // NaN and the infinities: v - v is NaN
    if (typeof v === 'number') {
      if (v - v !== 0) return true;
    } else if (typeof v === 'object' && v !== null) {
      if (depth > WALK_DEPTH || typeof (v as { toJSON?: unknown }).toJSON === 'function') return true;
      const items: unknown[] = Array.isArray(v) ? v : Object.values(v);
      for (let i = 0; i < items.length; i++) {
        const x = items[i];
        if (typeof x === 'number') {
          if (x - x !== 0) return true;
        } else if (typeof x === 'object' && x !== null) {
          (open ??= []).push(x);
          (depths ??= []).push(depth + 1);
        }
      }
    }
    if (!open || open.length === 0) return false;
    v = open.pop();
    depth = depths!.pop()!;
  }
}

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The value of a token Python's json reads and JSON.parse refuses or reads lossily; undefined for any other. */
function tokenValue(text: string, start: number, end: number): Token['value'] | undefined {
  const first = text.charCodeAt(start);
  if (first === 0x4e /* N */) return end - start === 3 && text.startsWith('NaN', start) ? Number.NaN : undefined;
  if (first === 0x49 /* I */)
    return end - start === 8 && text.startsWith('Infinity', start) ? Number.POSITIVE_INFINITY : undefined;
  if (first === 0x2d /* - */ && text.charCodeAt(start + 1) === 0x49)
    return end - start === 9 && text.startsWith('-Infinity', start) ? Number.NEGATIVE_INFINITY : undefined;
  // short numbers without an exponent are always held by a double: not even sliced
  if (end - start < 16) {
    let exponent = false;
    for (let i = start; i < end && !exponent; i++) exponent = (text.charCodeAt(i) | 0x20) === 0x65;
    if (!exponent) return undefined;
  }
  const t = text.slice(start, end);
  const minus = first === 0x2d ? 1 : 0;
  let digitsOnly = t.length > minus;
  for (let i = minus; i < t.length && digitsOnly; i++) {
    const c = t.charCodeAt(i);
    digitsOnly = c >= 0x30 && c <= 0x39;
  }
  if (digitsOnly) {
    // an integer, which Python reads exactly (a leading zero is JSON.parse's to refuse)
    if (t.charCodeAt(minus) === 0x30 || Number.isSafeInteger(Number(t))) return undefined;
    const digits = t.length - minus;
    return digits > MAX_DIGITS ? new TooLong(digits) : new JsonNumber(t);
  }
  if (!NUMBER.test(t)) return undefined;
  // a decimal that a double makes infinite (1e400) or zero (1e-400)
  const n = Number(t);
  const [mantissa, exponent] = t.split(/[eE]/) as [string, string | undefined];
  const lossy = !Number.isFinite(n) || (n === 0 && /[1-9]/.test(mantissa));
  const within = t.length <= MAX_DIGITS && Math.abs(Number(exponent ?? 0)) <= MAX_DIGITS;
  return lossy && within ? new JsonNumber(t) : undefined;
}

/** Index of the quote that closes the string opened at `open`, or −1. */
function closingQuote(text: string, open: number): number {
  let end = text.indexOf('"', open + 1);
  while (end >= 0) {
    let b = end - 1;
    while (text.charCodeAt(b) === 0x5c) b--;
    if ((end - 1 - b) % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return -1;
}

/** Whether a character ends a bare token: whitespace, a quote or JSON's punctuation. */
function ends(c: number): boolean {
  return (
    c === 0x20 ||
    c === 0x0a ||
    c === 0x0d ||
    c === 0x09 ||
    c === 0x2c ||
    c === 0x3a ||
    c === 0x22 ||
    c === 0x5b ||
    c === 0x5d ||
    c === 0x7b ||
    c === 0x7d
  );
}

/** Where a token pythonTokens reads may be: NaN, Infinity, and what MAYBE_LONG finds. */
const CANDIDATE = new RegExp(`NaN|Infinity|^${SIXTEEN_DIGITS}|${MAYBE_LONG.source}`, 'g');

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * The tokens of `text` that Python's json reads and JSON.parse refuses or reads lossily, where a
 * value goes: after a colon, a bracket or a comma, or alone, and never before a colon (`{NaN: 1}`
 * stays refused). Found by a search for candidates, the strings before each skipped by indexOf, so
 * the cost follows the candidates rather than the text. Not a parse: what it misreads in text that
 * is not JSON, JSON.parse refuses afterwards.
 */
function pythonTokens(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  // every string before `outside` has been skipped, and `outside` is not inside one
  let outside = 0;
  const candidate = new RegExp(CANDIDATE.source, 'g');
  for (let m = candidate.exec(text); m; m = candidate.exec(text)) {
    let start = m.index + m[0].length - 1;
    while (start > 0 && !ends(text.charCodeAt(start - 1))) start--;
    let end = m.index + m[0].length;
    while (end < n && !ends(text.charCodeAt(end))) end++;
    candidate.lastIndex = end;
    for (let q = text.indexOf('"', outside); q >= 0 && q < start; q = text.indexOf('"', outside)) {
      const close = closingQuote(text, q);
      // an unterminated string: nothing after it is a token (JSON.parse refuses the text)
      if (close < 0) return tokens;
      outside = close + 1;
    }
    if (start < outside) continue;
    outside = end;
    let before = start - 1;
    while (before >= 0 && isSpace(text.charCodeAt(before))) before--;
    let after = end;
    while (after < n && isSpace(text.charCodeAt(after))) after++;
    const b = before < 0 ? -1 : text.charCodeAt(before);
    const valuePlace = (b === -1 || b === 0x3a || b === 0x5b || b === 0x2c) && text.charCodeAt(after) !== 0x3a;
    const value = valuePlace ? tokenValue(text, start, end) : undefined;
    if (value !== undefined) tokens.push({ start, end, value });
  }
  return tokens;
}

/** `text` with each token replaced by a number of the same length. */
function mask(text: string, tokens: readonly Token[]): string {
  if (tokens.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const t of tokens) {
    const length = t.end - t.start;
    // NaN → 0.0, Infinity → 10000000, -Infinity → -10000000
    const number = Number.isNaN(t.value) ? '0.0' : (t.value as number) < 0 ? '-1' : '1';
    parts.push(text.slice(at, t.start), number.padEnd(length, '0'));
    at = t.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** JSON.parse of `text` with the tokens read as Python's json reads them. */
function parseWithTokens(text: string, tokens: readonly Token[]): unknown {
  const values = tokens.map((t) => t.value as number | JsonNumber);
  const parts: string[] = [];
  let at = 0;
  tokens.forEach((t, i) => {
    parts.push(text.slice(at, t.start), `"${QUOTED_MARK}${i}"`);
    at = t.end;
  });
  parts.push(text.slice(at));
  let parsed: unknown;
  try {
    parsed = JSON.parse(parts.join(''));
  } catch {
    throw refusalOf(text, tokens);
  }
  return restore(parsed, values);
}

/**
 * JSON.parse's refusal of `text` for what is not JSON besides the tokens: the text with the tokens
 * masked fails at the same place. V8 quotes the text around the mistake (`Unexpected token 'x',
 * "…" is not valid JSON`); that quote is taken back from `text` at the same offsets, so the refusal
 * shows NaN where the author wrote NaN. The words are only copied, never judged: the refusal stands.
 */
function refusalOf(text: string, tokens: readonly Token[]): SyntaxError {
  const masked = mask(
    text,
    tokens.filter((t) => typeof t.value === 'number'),
  );
  try {
    JSON.parse(masked);
  } catch (err) {
    const said = (err as Error).message;
    // the quote is `"…"` or, cut at its start, `..."…"` (and may end in `...` inside the quotes)
    const plain = said.indexOf(', "');
    const cut = said.indexOf(', ..."');
    const cutFirst = cut >= 0 && (plain < 0 || cut < plain);
    const open = cutFirst ? cut + 6 : plain + 3;
    const close = said.lastIndexOf('" is not valid JSON');
    if ((!cutFirst && plain < 0) || close < open) return new SyntaxError(said);
    let quoted = said.slice(open, close);
    if (quoted.endsWith('...')) quoted = quoted.slice(0, -3);
    const at = masked.indexOf(quoted);
    return new SyntaxError(at < 0 ? said : said.replace(quoted, text.slice(at, at + quoted.length)));
  }
  return new SyntaxError('not valid JSON');
}

/** The parsed value with each placeholder string replaced by its token's value, walked without recursion. */
function restore(root: unknown, values: readonly (number | JsonNumber)[]): unknown {
  const swapFor = (v: unknown): number | JsonNumber | undefined =>
    typeof v === 'string' && v.charCodeAt(0) === 0 && v.startsWith(MARK)
      ? values[Number(v.slice(MARK.length))]
      : undefined;
  const top = swapFor(root);
  if (top !== undefined) return top;
  const open: object[] = typeof root === 'object' && root !== null ? [root] : [];
  let left = values.length;
  while (open.length > 0 && left > 0) {
    const node = open.pop()! as Record<string, unknown>;
    const keys = Array.isArray(node) ? null : Object.keys(node);
    const count = keys ? keys.length : (node as unknown as unknown[]).length;
    for (let i = 0; i < count; i++) {
      const key = keys ? keys[i]! : i;
      const v = node[key];
      if (typeof v === 'object' && v !== null) open.push(v);
      else if (typeof v === 'string') {
        const swapped = swapFor(v);
        if (swapped === undefined) continue;
        // an own property named __proto__ (JSON.parse makes one) is redefined, never assigned
        if (key === '__proto__')
          Object.defineProperty(node, key, { value: swapped, writable: true, enumerable: true, configurable: true });
        else node[key] = swapped;
        left--;
      }
    }
  }
  return root;
}
