// Sentences shared by tolerance.yaml and fixture `tolerance` blocks: how a value is named, "did you
// mean", the YAML `key:{…}` mistake, and a key that names no output.
import { excerpt } from '../source/excerpt.js';
import { suggest } from '../util/did-you-mean.js';

/** "a string", "an array", "null" — for messages. */
export function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 39)}…` : v)}`;
  if (typeof v === 'number' || typeof v === 'boolean') return `the ${typeof v} ${String(v)}`;
  return `a ${typeof v}`;
}

export function didYouMean(word: string, candidates: Iterable<string>): string {
  const s = suggest(word, candidates);
  return s ? ` — did you mean '${s}'?` : '';
}

/**
 * YAML reads `key:{abs: 1}` (no space after the colon) as text, not as a mapping. Given the text that
 * came out, returns the hint sentence, or null when the text does not look like that mistake.
 */
export function colonSpaceHint(text: string, sourceLine?: string): string | null {
  // only a short line can be this mistake; a long one (a file linked to /proc/self/environ) is never quoted
  if (text.length > 200 || !/^[^\s:{}[\],]+:[^\s]/.test(text)) return null;
  const fixedText = text.replace(/^([^\s:{}[\],]+):(?=\S)/, '$1: ');
  const line = sourceLine?.trim();
  const original = line && line.length <= 200 && line.includes(text) ? line : text;
  const fixed = original.replace(text, fixedText);
  return `YAML read '${excerpt(original, 80)}' as text because there is no space after the colon; write '${excerpt(fixed, 80)}'`;
}

/** The message for a key that names no declared output. */
export function notAnOutputMessage(
  key: string,
  outputKeys: readonly string[],
  extraCandidates: readonly string[] = [],
): string {
  const close = suggest(key, [...outputKeys, ...extraCandidates]);
  const quoted = excerpt(key);
  if (close) return `'${quoted}' is not an output of this tool — did you mean '${close}'?`;
  return outputKeys.length
    ? `'${quoted}' is not an output of this tool; use one of: ${outputKeys.join(', ')}`
    : `'${quoted}' is not an output of this tool, which declares no outputs; remove it`;
}
