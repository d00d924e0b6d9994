// Appending a list to another one item at a time: `out.push(...items)` passes every item as an
// argument, and a list a tool controls (200,000 undeclared keys, a line per key) overflows the stack.

export function pushAll<T>(out: T[], items: Iterable<T>): T[] {
  for (const item of items) out.push(item);
  return out;
}
