// One cell against another under its column's tolerance: numbers by the shared rule, nested
// objects structurally, everything else exactly. A cell absent on one side is missing or extra.
import { deepCompare } from '../kit/deep-compare.js';
import type { DiffCollector } from '../kit/diff-collector.js';
import { compareNumbers, numbersWithin, type NumericTolerance } from '../kit/numeric-tolerance.js';
import { messages } from './messages.js';
import { MISSING, type Cell } from './read.js';
import { isNumeric } from '../../util/json-number.js';

/** Arrays and objects (nested JSON in a cell), compared structurally. */
function bothNested(x: Cell, y: Cell): x is object {
  return typeof x === 'object' && typeof y === 'object' && x !== null && y !== null;
}

/** Compares one cell, recording its differences; returns whether it differed. `path` is built only for a difference kept. */
export function compareCell(
  e: Cell,
  a: Cell,
  tol: NumericTolerance,
  pathOf: () => string,
  c: DiffCollector,
  note: string,
): boolean {
  if (e === a) return false;
  if (isNumeric(e) && isNumeric(a) && numbersWithin(e, a, tol)) return false;
  // past the differences a comparison keeps, a differing cell is only counted: no message is built
  if (!c.keeping && !bothNested(e, a)) {
    c.record({ path: '', message: '' });
    return true;
  }
  const path = pathOf();
  if (e === MISSING) {
    c.record({ path, message: messages.cellExtra(note), kind: 'extra', actual: a });
    return true;
  }
  if (a === MISSING) {
    c.record({ path, message: messages.cellMissing(note), kind: 'missing', expected: e });
    return true;
  }
  if (isNumeric(e) && isNumeric(a)) {
    const v = compareNumbers(e, a, tol);
    c.record({
      path,
      message: messages.numbersDiffer(e, a, v.absDiff, note),
      kind: 'changed',
      expected: e,
      actual: a,
    });
    return true;
  }
  if (bothNested(e, a)) {
    const diffs = deepCompare(e, a, path, tol);
    for (const d of diffs) c.record(note ? { ...d, message: d.message + note } : d);
    return diffs.length > 0;
  }
  c.record({ path, message: messages.cellsDiffer(e, a, note), kind: 'changed', expected: e, actual: a });
  return true;
}

/** Whether every cell of two rows is within its column's tolerance (the edge test of row matching). */
export function cellsWithin(e: Cell[], a: Cell[], tols: NumericTolerance[]): boolean {
  for (let c = 0; c < e.length; c++) {
    const x = e[c];
    const y = a[c];
    if (x === y) continue;
    if (isNumeric(x) && isNumeric(y)) {
      if (!numbersWithin(x, y, tols[c]!)) return false;
      continue;
    }
    if (bothNested(x, y)) {
      if (deepCompare(x, y, '', tols[c]!).length > 0) return false;
      continue;
    }
    return false;
  }
  return true;
}
