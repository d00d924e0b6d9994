// Values nested deeper than pixie follows (a tool's /run answer, a fixture's expected value) are
// refused with a sentence instead of overflowing the stack in a comparison or a report.
import { limit } from '../limits.js';
import { excerpt } from '../source/excerpt.js';
import { formatPath } from '../source/path.js';
import { tooDeep } from '../util/nesting.js';

/**
 * The sentence for `what` (e.g. "the /run response") when it nests too deeply, else null.
 * `sourceLength` is the length of the JSON text the value was parsed from, in characters or UTF-8
 * bytes: each level of nesting takes an opening and a closing bracket, so a text shorter than
 * 2 × (limit + 1) cannot go past the limit and is not walked (in --explore's loop of small answers
 * the walk was a fifth of pixie's own time per run: bench/explore.ts).
 */
export function depthProblem(value: unknown, what: string, sourceLength?: number): string | null {
  const max = limit('depth');
  if (sourceLength !== undefined && sourceLength < 2 * (max + 1)) return null;
  const at = tooDeep(value, max);
  if (!at) return null;
  return `${what} nests more than ${max} levels of arrays and objects (at ${excerpt(formatPath(at) || '(top)', 100)}); pixie follows values up to ${max} levels deep (PIXIE_MAX_DEPTH), so flatten the value or raise the limit`;
}
