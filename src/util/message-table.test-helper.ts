// What the message-table tests of checks and comparators share: calling every entry of a table, and
// finding the entries its module never uses (eslint-plugin-eslint-plugin's no-unused-message-ids,
// done here as a scan of the source for `messages.<entry>`).
import type { MessageTable } from './message-table.js';

/**
 * One argument that stands for any other: every property, call and element is itself, and it reads
 * as the number 2, the text "x" or the JSON "x". An entry that gives text for it gives text whatever it is passed;
 * the entries' own types keep real arguments right at compile time.
 */
const standIn: unknown = new Proxy(() => undefined, {
  get: (_target, key) =>
    key === Symbol.toPrimitive
      ? (hint: string) => (hint === 'number' ? 2 : 'x')
      : key === Symbol.iterator
        ? function* () {}
        : key === 'toJSON'
          ? () => 'x'
          : standIn,
  apply: () => standIn,
});

/** The entries that give no text (or throw) for stand-in arguments, each with what they gave. */
export function silentEntries(table: MessageTable): string[] {
  return Object.entries(table).flatMap(([entry, fn]) => {
    let text: unknown;
    try {
      text = (fn as (...args: unknown[]) => unknown)(...Array<unknown>(8).fill(standIn));
    } catch (err) {
      return [`${entry} threw ${(err as Error).message}`];
    }
    return typeof text === 'string' && text.trim() !== '' ? [] : [`${entry} gave ${JSON.stringify(text)}`];
  });
}

/** The entries no source mentions as `<name>.<entry>` (the table's own definition does not count). */
export function unusedEntries(table: MessageTable, sources: readonly string[], name = 'messages'): string[] {
  return Object.keys(table).filter(
    (entry) => !sources.some((text) => new RegExp(`\\b${name}\\.${entry}\\b`).test(text)),
  );
}
