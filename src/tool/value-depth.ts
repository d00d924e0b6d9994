// Values nested deeper than pixie follows (a tool's /run answer, a fixture's expected value) are
// refused with a sentence instead of overflowing the stack in a comparison or a report.
import { limit } from '../limits.js';
import { excerpt } from '../source/excerpt.js';
import { formatPath } from '../source/path.js';
import { tooDeep } from '../util/nesting.js';

/** The sentence for `what` (e.g. "the /run response") when it nests too deeply, else null. */
export function depthProblem(value: unknown, what: string): string | null {
  const at = tooDeep(value, limit('depth'));
  if (!at) return null;
  return `${what} nests more than ${limit('depth')} levels of arrays and objects (at ${excerpt(formatPath(at) || '(top)', 100)}); pixie follows values up to ${limit('depth')} levels deep (PIXIE_MAX_DEPTH), so flatten the value or raise the limit`;
}
