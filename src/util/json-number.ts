// A JSON number kept as its text because a double cannot hold it (docs/fixtures.md, "Numbers"): an
// integer beyond 2^53 (an id, a hash, an int64 counter: Python reads it exactly), or a number a
// double turns into an infinity or a zero (1e400, 1e-400). Read by util/python-json.ts; compared
// from its text by the comparators; written back as it was read. Everything else a JSON number can
// be, NaN and the infinities included, is a plain JavaScript number.

export class JsonNumber {
  constructor(
    /** the number's JSON text as written ("9007199254740993", "1e400") */
    readonly text: string,
  ) {}

  /** The nearest double, for code that only writes strict JSON (util/python-json.ts writes the text). */
  toJSON(): number {
    return Number(this.text);
  }

  toString(): string {
    return this.text;
  }
}

/** A number as pixie reads one from JSON. */
export type Numeric = number | JsonNumber;

export function isNumeric(v: unknown): v is Numeric {
  return typeof v === 'number' || v instanceof JsonNumber;
}

/** The number as a double: exact for plain numbers, the nearest double for a JsonNumber. */
export function toDouble(v: Numeric): number {
  return typeof v === 'number' ? v : Number(v.text);
}

/** A number's JSON text as Python's json writes it: NaN, Infinity, -Infinity, or as written. */
export function numberText(v: Numeric): string {
  return typeof v === 'number' ? String(v) : v.text;
}
