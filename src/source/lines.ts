// Offsets in a user's file to 1-based lines and columns, for sentences that point into it.
import type { PathSegment } from './path.js';

export interface Position {
  line: number;
  column: number;
}

/** Finds the line of a key or of its value inside the source file (undefined when unknown). */
export type LineOf = (segments: readonly PathSegment[], part: 'key' | 'value') => number | undefined;

/** Offsets at which each line starts; a line ends at '\n' (so '\r\n' files count the same). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** lineStarts of a file's UTF-8 bytes: offsets in bytes, the same lines ('\n' is one byte). */
export function lineStartsOfBytes(bytes: Uint8Array): number[] {
  const starts = [0];
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line of an offset. */
export function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** 1-based line and column of an offset. */
export function position(starts: readonly number[], offset: number): Position {
  const line = lineAt(starts, offset);
  return { line, column: offset - starts[line - 1]! + 1 };
}
