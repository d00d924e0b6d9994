// Part of a string as a string of its own. V8 represents `s.slice()` as a view that keeps all of `s`
// alive, so a 120-character excerpt of a 255 MiB answer would hold the 255 MiB until the excerpt dies.

/** `s.slice(start, end)`, copied so it does not retain `s` (nor whatever larger string `s` is a view of). */
export function detachedSlice(s: string, start: number, end?: number): string {
  return Buffer.from(s.slice(start, end), 'utf16le').toString('utf16le');
}
