// How deeply a parsed JSON value nests, found without recursion: JSON.parse accepts any depth, but
// JSON.stringify, structuredClone and recursive comparisons overflow the stack a few thousand levels in.

import { JsonNumber } from './json-number.js';
import { type Children, childrenOf, rowColumnsOf } from './row-columns.js';

export type NestingPath = (string | number)[];

interface Frame extends Children {
  next: number;
}

function frameOf(v: object): Frame {
  return { ...childrenOf(v), next: 0 };
}

/** The path of the first array or object nested deeper than `max` levels, or null when none is. */
export function tooDeep(value: unknown, max: number): NestingPath | null {
  if (value === null || typeof value !== 'object' || value instanceof JsonNumber) return null;
  if (max < 1) return [];
  // depth-first with an explicit stack of frames, so memory follows the depth, not the size
  const frames: Frame[] = [frameOf(value)];
  while (frames.length) {
    const top = frames[frames.length - 1]!;
    if (top.next >= top.length) {
      frames.pop();
      continue;
    }
    const child = top.item(top.next++);
    if (child === null || typeof child !== 'object' || child instanceof JsonNumber) continue;
    // rows held as columns with no array or object in a cell nest two levels: no need to visit them
    if (frames.length + 1 < max && rowColumnsOf(child)?.nested === false) continue;
    if (frames.length >= max) return frames.map((f) => (f.keys ? f.keys[f.next - 1]! : f.next - 1));
    frames.push(frameOf(child));
  }
  return null;
}
