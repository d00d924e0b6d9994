// How deeply a parsed JSON value nests, found without recursion: JSON.parse accepts any depth, but
// JSON.stringify, structuredClone and recursive comparisons overflow the stack a few thousand levels in.

export type NestingPath = (string | number)[];

interface Frame {
  children: unknown[];
  keys: (string | number)[] | null;
  next: number;
}

function frameOf(v: object): Frame {
  if (Array.isArray(v)) return { children: v, keys: null, next: 0 };
  const keys = Object.keys(v);
  return { children: keys.map((k) => (v as Record<string, unknown>)[k]), keys, next: 0 };
}

/** The path of the first array or object nested deeper than `max` levels, or null when none is. */
export function tooDeep(value: unknown, max: number): NestingPath | null {
  if (value === null || typeof value !== 'object') return null;
  if (max < 1) return [];
  // depth-first with an explicit stack of frames, so memory follows the depth, not the size
  const frames: Frame[] = [frameOf(value)];
  while (frames.length) {
    const top = frames[frames.length - 1]!;
    if (top.next >= top.children.length) {
      frames.pop();
      continue;
    }
    const child = top.children[top.next++];
    if (child === null || typeof child !== 'object') continue;
    if (frames.length >= max) return frames.map((f) => (f.keys ? f.keys[f.next - 1]! : f.next - 1));
    frames.push(frameOf(child));
  }
  return null;
}
