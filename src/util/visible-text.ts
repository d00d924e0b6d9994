// Strings quoted for a reader so that differences they cannot see become visible, as Python's repr
// made them visible in the original validator: invisible characters (BOM, zero-width and non-ASCII
// spaces, other format and control characters) are always escaped; so are the combining marks of a
// decomposed (non-NFC) accent and a Greek or Cyrillic letter inside a Latin word (or the reverse).
// For a pair of strings whose differing part still looks alike (NFC vs NFD, a ligature, a letter of
// another script), the non-ASCII characters of that part are escaped too. Written by hand: the npm
// packages with Unicode's confusables table are unmaintained single releases, and these rules need
// only the Unicode properties JavaScript's regular expressions already know.

/** Characters that print as nothing or as a plain space: escaped wherever a string is quoted. */
const INVISIBLE =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\u115f\u1160\u3164\uffa0]/u;
const INVISIBLE_ANYWHERE = new RegExp(INVISIBLE.source.replace('\\p{Cc}', '\\0-\\x08\\x0b-\\x1f\\x7f-\\x9f'), 'u');
/** What may be dropped without changing what a reader sees: the invisible, variation selectors, the grapheme joiner. */
const IGNORABLE = new RegExp(`${INVISIBLE.source}|\\p{Variation_Selector}|\\u034f`, 'gu');
const MARK = /\p{M}/u;
const LONG = 100_000;
const COMMON_INVISIBLE = /[\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/g;
/** scripts whose letters are drawn alike (Latin a, Cyrillic а, Greek α; Latin o, Greek ο, Armenian օ) */
const CONFUSABLE_SCRIPTS = [
  /\p{Script=Latin}/u,
  /\p{Script=Greek}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Armenian}/u,
  /\p{Script=Cherokee}/u,
];
const OTHER_SCRIPT_LETTER = /[\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Armenian}\p{Script=Cherokee}]/u;
const PLAIN = /^[\u0020-\u007e]*$/;

/** "U+00A0": a code point as Unicode writes it. */
function codePointName(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The code points of a piece of text, "U+0065 U+0301", or "nothing" when it is empty. */
export function codePointsOf(text: string): string {
  return text === '' ? 'nothing' : Array.from(text, codePointName).join(' ');
}

/** Whether `text` is only printable ASCII (nothing in it can hide a difference). */
export const isPlainAscii = (text: string): boolean => PLAIN.test(text);

const scriptOf = (ch: string): number => CONFUSABLE_SCRIPTS.findIndex((re) => re.test(ch));

/** `\uXXXX` escapes of each UTF-16 unit of `ch`, as JSON writes them. */
const escapeUnits = (ch: string): string =>
  Array.from({ length: ch.length }, (_, k) => `\\u${ch.charCodeAt(k).toString(16).padStart(4, '0')}`).join('');

/** Unit offsets of the characters to escape in `s` on their own: marks of non-NFC accents, mixed-script letters. */
function suspects(s: string): Set<number> {
  const out = new Set<number>();
  if (s.normalize('NFC') !== s) {
    // a base with its marks that NFC would compose (or a singleton NFC replaces): show the marks
    for (const m of s.matchAll(/(\P{M})(\p{M}*)/gu)) {
      const [cluster, base, marks] = m as unknown as [string, string, string];
      if (cluster.normalize('NFC') === cluster) continue;
      if (marks === '') out.add(m.index);
      for (let k = m.index + base.length; k < m.index + cluster.length; k++) out.add(k);
    }
    for (const m of s.matchAll(/^\p{M}+/gu)) for (let k = 0; k < m[0].length; k++) out.add(k);
  }
  if (OTHER_SCRIPT_LETTER.test(s)) {
    for (const m of s.matchAll(/\p{L}[\p{L}\p{M}]*/gu)) {
      const letters = Array.from(m[0]);
      const counts = new Map<number, number>();
      for (const ch of letters) {
        const sc = scriptOf(ch);
        if (sc >= 0) counts.set(sc, (counts.get(sc) ?? 0) + 1);
      }
      if (counts.size < 2) continue;
      // the word's main script is the one most of its letters are in (Latin on a tie)
      const main = [...counts].sort((x, y) => y[1] - x[1] || x[0] - y[0])[0]![0];
      let k = m.index;
      for (const ch of letters) {
        const sc = scriptOf(ch);
        if (sc >= 0 && sc !== main) out.add(k);
        k += ch.length;
      }
    }
  }
  return out;
}

/**
 * `s` as a JSON string (quotes included) with the characters a reader could not tell apart
 * escaped; in `[from, to)` (unit offsets) every non-ASCII character is escaped as well.
 */
export function visibleJson(s: string, from = 0, to = 0): string {
  const json = JSON.stringify(s);
  if (isPlainAscii(json)) return json;
  // a long string (a whole document on one line) gets only the common invisible characters escaped,
  // by one plain character class: Unicode property classes cost ~0.2 µs a character
  if (s.length > LONG) return json.replace(COMMON_INVISIBLE, escapeUnits);
  // nothing to escape: one scan of each kind in native code, not a test per character
  if (from >= to && !INVISIBLE_ANYWHERE.test(s) && s.normalize('NFC') === s && !OTHER_SCRIPT_LETTER.test(s))
    return json;
  const odd = suspects(s);
  let out = '"';
  let k = 0;
  for (const ch of s) {
    const hidden = INVISIBLE.test(ch)
      ? ch !== '\n' && ch !== '\t' && ch !== '\r'
      : odd.has(k) || (k >= from && k < to && ch > '~');
    out += hidden && !/[\u0000-\u001f]/.test(ch) ? escapeUnits(ch) : JSON.stringify(ch).slice(1, -1);
    k += ch.length;
  }
  return `${out}"`;
}

/** Whether the unit at `i` continues the character or cluster before it (a low surrogate, a mark, a joiner). */
function continues(s: string, i: number): boolean {
  if (i <= 0 || i >= s.length) return false;
  const c = s.charCodeAt(i);
  if (c >= 0xdc00 && c <= 0xdfff) return true;
  const ch = String.fromCodePoint(s.codePointAt(i)!);
  return MARK.test(ch) || ch === '\u200d' || (c >= 0xfe00 && c <= 0xfe0f);
}

/** Where `e` and `a` start and stop differing, widened to whole characters and their marks. */
export function differingSpan(e: string, a: string): { start: number; endE: number; endA: number } {
  let start = 0;
  const n = Math.min(e.length, a.length);
  while (start < n && e.charCodeAt(start) === a.charCodeAt(start)) start++;
  while (start > 0 && (continues(e, start) || continues(a, start))) start--;
  let s = 0;
  while (s < n - start && e.charCodeAt(e.length - 1 - s) === a.charCodeAt(a.length - 1 - s)) s++;
  while (s > 0 && (continues(e, e.length - s) || continues(a, a.length - s))) s--;
  return { start, endE: e.length - s, endA: a.length - s };
}

const skeleton = (t: string): string =>
  t
    .normalize('NFKC')
    .replace(IGNORABLE, (ch) => (/\s/.test(ch) ? ' ' : ''))
    .replace(/\s/g, ' ');

/** The two differing parts could be read as the same text: equal after NFKC without invisibles, or a letter of another script each. */
function looksAlike(me: string, ma: string): boolean {
  if (isPlainAscii(me) && isPlainAscii(ma)) return false;
  if (skeleton(me) === skeleton(ma)) return true;
  const x = Array.from(me);
  const y = Array.from(ma);
  if (x.length !== y.length || x.length > 8) return false;
  let swapped = false;
  for (let k = 0; k < x.length; k++) {
    if (x[k] === y[k]) continue;
    const sx = scriptOf(x[k]!);
    const sy = scriptOf(y[k]!);
    if (sx < 0 || sy < 0 || sx === sy || !/\p{L}/u.test(x[k]!) || !/\p{L}/u.test(y[k]!)) return false;
    swapped = true;
  }
  return swapped;
}

/**
 * Both strings quoted for a message that sets them side by side: each as `visibleJson` gives it,
 * and, when the part where they differ would still print alike, that part's non-ASCII escaped.
 */
export function visiblePair(e: string, a: string): [string, string] {
  if (e === a) return [visibleJson(e), visibleJson(a)];
  const { start, endE, endA } = differingSpan(e, a);
  if (!looksAlike(e.slice(start, endE), a.slice(start, endA))) return [visibleJson(e), visibleJson(a)];
  return [visibleJson(e, start, endE), visibleJson(a, start, endA)];
}

/** Whether `s` prints differently once quoted visibly (it holds a character `visibleJson` escapes). */
export function hasHidden(s: string): boolean {
  return !isPlainAscii(s) && visibleJson(s) !== JSON.stringify(s);
}
