// Whether two values have the same JSON text, decided without making it: a report that has hashed a
// fixture's expected value gives an identical answer the same size and hash for the cost of one
// comparison, where making a million-row table's text again took most of a second (value-cap.ts).
import { JsonNumber } from '../util/json-number.js';
import { rowColumnsOf } from '../util/row-columns.js';

/** An open array or object of each side: their items (an object's values, keys already matched). */
interface Frame {
  xs: readonly unknown[];
  ys: readonly unknown[];
  at: number;
}

/**
 * True only when pixie would write both alike: the same primitives (===) in the same
 * places, numbers kept as their text with the same text, arrays of the same length, objects with
 * the same keys in the same order. Conservative:
 * NaN, undefined and objects with toJSON are "not the same" unless they are the same object, so a
 * false answer only costs the caller the work it would have done anyway. Walked without recursion,
 * one frame per open level: memory follows the depth, not the size.
 */
export function sameJsonText(a: unknown, b: unknown): boolean {
  const frames: Frame[] = [];
  /** Compares x and y, opening a frame for their items; false as soon as they differ. */
  const open = (x: unknown, y: unknown): boolean => {
    if (x === y) return true;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (x instanceof JsonNumber || y instanceof JsonNumber)
      return x instanceof JsonNumber && y instanceof JsonNumber && x.text === y.text;
    const hx = rowColumnsOf(x);
    const hy = rowColumnsOf(y);
    if (hx || hy) return !!hx && !!hy && hx.sameCells(hy);
    if ('toJSON' in x || 'toJSON' in y) return false;
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    if (Array.isArray(x)) {
      if (x.length !== (y as unknown[]).length) return false;
      frames.push({ xs: x, ys: y as unknown[], at: 0 });
      return true;
    }
    const kx = Object.keys(x);
    const ky = Object.keys(y);
    if (kx.length !== ky.length || kx.some((k, i) => ky[i] !== k)) return false;
    frames.push({
      xs: kx.map((k) => (x as Record<string, unknown>)[k]),
      ys: ky.map((k) => (y as Record<string, unknown>)[k]),
      at: 0,
    });
    return true;
  };
  if (!open(a, b)) return false;
  while (frames.length) {
    const f = frames[frames.length - 1]!;
    if (f.at >= f.xs.length) {
      frames.pop();
      continue;
    }
    const x = f.xs[f.at];
    const y = f.ys[f.at++];
    if (x !== y && !open(x, y)) return false;
  }
  return true;
}
