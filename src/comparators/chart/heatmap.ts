// Heatmaps: z row by row, cell by cell, and their axis labels.
import { joinPath } from '../kit/paths.js';
import { readLists } from '../kit/value.js';
import type { Ctx } from './context.js';
import { messages } from './messages.js';
import { compareAxis } from './series.js';

export function compareHeatmap(ctx: Ctx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  const rows = readLists(e, a, 'z');
  if (typeof rows === 'string') return rows;
  const [eZ, aZ] = rows;
  const { c } = ctx;
  if (eZ.length !== aZ.length)
    c.add('z', messages.countDiffers('row', eZ.length, aZ.length), eZ.length, aZ.length, false);
  for (let r = 0; r < Math.max(eZ.length, aZ.length); r++) {
    const p = joinPath('z', r);
    if (r >= aZ.length) {
      c.missing(p, messages.rowMissing(r, Array.isArray(eZ[r]) ? (eZ[r] as unknown[]).length : 1), eZ[r]);
      continue;
    }
    if (r >= eZ.length) {
      c.extra(p, messages.rowExtra(r), aZ[r]);
      continue;
    }
    c.array(p, eZ[r], aZ[r], ctx.tol, 'cells');
  }
  for (const f of ['x_labels', 'y_labels', 'x', 'y']) compareAxis(ctx, f, e, a, ctx.tol, 'labels');
  return null;
}
