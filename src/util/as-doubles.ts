// A value with each number kept as its text (util/json-number.ts: 9007199254740993, 1e400) as its
// nearest double, for readers whose numbers are doubles by nature: JSON Schema validation (check 9,
// where a "number" is any JSON number and shapes do not depend on digits) and tool.json, whose
// numbers are bounds, steps and timeouts.
import { JsonNumber } from './json-number.js';
import { itemReader, rowColumnsOf } from './row-columns.js';

/** The value itself when it holds no JsonNumber; else a copy of only the containers leading to one. */
export function asDoubles(v: unknown): unknown {
  if (v instanceof JsonNumber) return v.toJSON();
  if (typeof v !== 'object' || v === null) return v;
  const held = rowColumnsOf(v);
  if (held && !held.nested && !held.hasPythonNumbers()) return v;
  if (Array.isArray(v)) {
    const read = itemReader(v);
    let copy: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const x = read(i);
      const y = asDoubles(x);
      if (y === x) continue;
      copy ??= Array.from({ length: v.length }, (_, j) => read(j));
      copy[i] = y;
    }
    return copy ?? v;
  }
  let copy: Record<string, unknown> | undefined;
  for (const k of Object.keys(v)) {
    const x = (v as Record<string, unknown>)[k];
    const y = asDoubles(x);
    if (y === x) continue;
    copy ??= { ...v };
    // defined, never assigned: a key named __proto__ stays an own property
    Object.defineProperty(copy, k, { value: y, writable: true, enumerable: true, configurable: true });
  }
  return copy ?? v;
}
