// Diff outputs: a unified diff string, or `before` and `after` texts, compared line by line (never
// failing on any object as a whole).
import { isPlainObject } from '../../util/is-plain-object.js';
import { firstDifference, lineDifferences } from '../text.js';
import { compareOuterFields, type SCtx } from './context.js';
import { messages } from './messages.js';

/** One text of a diff output, line by line; each differing line is a difference under `path`. */
function compareText(ctx: SCtx, path: string, e: string, a: string): void {
  const total = Math.max(e.split('\n').length, a.split('\n').length);
  if (e === a) {
    ctx.c.ok(total);
    return;
  }
  const lines = lineDifferences(e, a);
  ctx.c.add(path, firstDifference(e, a), undefined, undefined, false);
  for (const d of lines.differences) {
    const p = d.path ? (path ? `${path}[${d.path}]` : d.path) : path;
    ctx.c.add(p, d.message, d.expected, d.actual, d.path !== '', d.kind);
  }
  ctx.c.ok(Math.max(0, total - lines.differing));
}

export function compareDiff(ctx: SCtx, e: unknown, a: unknown): string | null {
  // a unified diff given as one string is compared as text
  if (typeof e === 'string' && typeof a === 'string') {
    compareText(ctx, '', e, a);
    return null;
  }
  if (!isPlainObject(e)) return messages.notBeforeAfter('expected', e);
  if (!isPlainObject(a)) return messages.notBeforeAfter('actual', a);
  for (const side of ['before', 'after'] as const) {
    if (typeof e[side] !== 'string')
      return e[side] === undefined
        ? messages.fieldMissing('expected', side)
        : messages.notAString('expected', side, e[side]);
  }
  for (const side of ['before', 'after'] as const) {
    if (a[side] === undefined) {
      ctx.c.missing(side, messages.fieldMissing('actual', side), e[side]);
      continue;
    }
    if (typeof a[side] !== 'string') {
      ctx.c.changed(side, messages.notAString('actual', side, a[side]), e[side], a[side]);
      continue;
    }
    compareText(ctx, side, e[side] as string, a[side] as string);
  }
  compareOuterFields(ctx, e, a, ['before', 'after']);
  return null;
}
