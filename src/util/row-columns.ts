// A long list of rows (a large table's `rows`, read by util/parse-json-rows.ts) held as columns.
// Parsed as JavaScript, a row of ten cells costs ~260 bytes (the array, its slots, a boxed number
// per decimal cell), so two sides of a million-row table take most of a gigabyte; as columns a
// numeric cell costs 8 bytes (docs/comparators.md, "Large tables"). Code that walks values in general
// (reports, depth checks, JSON.stringify, --update-fixtures) sees an ordinary read-only array, a
// Proxy that makes each row afresh when asked; the table comparator reads the columns directly.
import { JsonNumber } from './json-number.js';

/** The rows' columns: every row an array of `width` cells, or an object with `keys` in that order. */
export class RowColumns {
  constructor(
    readonly length: number,
    /** object rows: their keys, in order; array rows: null */
    readonly keys: readonly string[] | null,
    readonly width: number,
    /** per column, its numbers (a row whose cell is not a number has it in `other`) */
    private readonly nums: readonly (Float64Array | null)[],
    /** per column, its cells that are not numbers (holes where the cell is a number) */
    private readonly other: readonly (unknown[] | null)[],
    /** some cell is an array or an object */
    readonly nested: boolean,
  ) {}

  cell(i: number, c: number): unknown {
    const o = this.other[c];
    if (o) {
      // JSON has no undefined, so an unset slot is a number's
      const v = o[i];
      if (v !== undefined) return v;
    }
    return this.nums[c]![i];
  }

  /**
   * Whether `other` holds the same rows, cell for cell (===, so nested cells only when they are the
   * same object): then both have the same JSON text. Compares the columns, not rows made from them.
   */
  sameCells(other: RowColumns): boolean {
    if (other === this) return true;
    if (other.length !== this.length || other.width !== this.width) return false;
    if ((this.keys === null) !== (other.keys === null)) return false;
    if (this.keys?.some((k, c) => other.keys![c] !== k)) return false;
    for (let c = 0; c < this.width; c++) {
      const [x, y] = [this.nums[c], other.nums[c]];
      const [u, v] = [this.other[c], other.other[c]];
      if (!u && !v && x && y) {
        for (let i = 0; i < this.length; i++) if (x[i] !== y[i]) return false;
        continue;
      }
      for (let i = 0; i < this.length; i++) {
        // a cell that is not a number is in `other`; a number only in `nums`
        const p = u?.[i];
        const q = v?.[i];
        if (p !== q && !(p instanceof JsonNumber && q instanceof JsonNumber && p.text === q.text)) return false;
        if (p === undefined && x![i] !== y![i]) return false;
      }
    }
    return true;
  }

  private pythonNumbers?: boolean;

  /**
   * Whether a cell is NaN, an infinity or a number kept as its text (util/json-number.ts), which
   * JSON.stringify cannot write as Python's json does; worked out once, on the first question.
   */
  hasPythonNumbers(): boolean {
    if (this.pythonNumbers === undefined) {
      this.pythonNumbers =
        this.nums.some((col) => col?.some((x) => !Number.isFinite(x))) ||
        this.other.some((col) => col?.some((x) => x instanceof JsonNumber));
    }
    return this.pythonNumbers;
  }

  /** Row i as JSON.parse would have made it. */
  row(i: number): unknown[] | Record<string, unknown> {
    if (this.keys === null) {
      const r = new Array<unknown>(this.width);
      for (let c = 0; c < this.width; c++) r[c] = this.cell(i, c);
      return r;
    }
    const r: Record<string, unknown> = {};
    // keys are never __proto__ (parse-json-rows.ts keeps such rows as JSON.parse made them)
    for (let c = 0; c < this.width; c++) r[this.keys[c]!] = this.cell(i, c);
    return r;
  }
}

/** Builds the columns a row at a time, sized for `length` rows up front. */
export class RowColumnsBuilder {
  private readonly nums: (Float64Array | null)[];
  private readonly other: (unknown[] | null)[];
  private filled = 0;
  private nested = false;

  constructor(
    readonly length: number,
    readonly keys: readonly string[] | null,
    readonly width: number,
  ) {
    this.nums = new Array(width).fill(null);
    this.other = new Array(width).fill(null);
  }

  /** Adds the next row's cell c. */
  set(c: number, v: unknown): void {
    const i = this.filled;
    if (typeof v === 'number') (this.nums[c] ??= new Float64Array(this.length))[i] = v;
    else {
      (this.other[c] ??= new Array(this.length))[i] = v;
      if (typeof v === 'object' && v !== null && !(v instanceof JsonNumber)) this.nested = true;
    }
  }

  /** The row whose cells were just set is complete. */
  next(): void {
    this.filled++;
  }

  get rows(): number {
    return this.filled;
  }

  build(): RowColumns {
    return new RowColumns(this.length, this.keys, this.width, this.nums, this.other, this.nested);
  }
}

const stores = new WeakMap<object, RowColumns>();

/** The columns behind a list of rows this module made, else undefined. */
export function rowColumnsOf(v: unknown): RowColumns | undefined {
  return typeof v === 'object' && v !== null ? stores.get(v) : undefined;
}

/**
 * Item i of an array, for walks over whole values (reports, depth checks): rows held as columns are
 * read from them, not through the Proxy's traps (a third of the time of making each row).
 */
export function itemReader(v: readonly unknown[]): (i: number) => unknown {
  const store = stores.get(v);
  return store ? (i) => store.row(i) : (i) => v[i];
}

/** An array's or an object's children, for walks over whole values: its keys (null for an array), how many, and child i. */
export interface Children {
  keys: string[] | null;
  length: number;
  item: (i: number) => unknown;
}

export function childrenOf(v: object): Children {
  if (Array.isArray(v)) return { keys: null, length: v.length, item: itemReader(v) };
  const keys = Object.keys(v);
  const values = keys.map((k) => (v as Record<string, unknown>)[k]);
  return { keys, length: keys.length, item: (i) => values[i] };
}

/** The index an array property key names, or −1 (a symbol, "length", "01", "1e3", out of range). */
function indexOf(p: string | symbol, length: number): number {
  if (typeof p !== 'string' || p.length === 0 || p.length > 15 || (p.length > 1 && p.charCodeAt(0) === 48)) return -1;
  let i = 0;
  for (let k = 0; k < p.length; k++) {
    const d = p.charCodeAt(k) - 48;
    if (d < 0 || d > 9) return -1;
    i = i * 10 + d;
  }
  return i < length ? i : -1;
}

/** The rows as a read-only array: `Array.isArray` is true, `length` and indexing work, each row is made when read. */
export function rowsArray(store: RowColumns): unknown[] {
  const target: unknown[] = [];
  const n = store.length;
  const proxy = new Proxy(target, {
    get(t, p, receiver) {
      if (p === 'length') return n;
      const i = indexOf(p, n);
      return i >= 0 ? store.row(i) : Reflect.get(t, p, receiver);
    },
    has: (t, p) => indexOf(p, n) >= 0 || Reflect.has(t, p),
    ownKeys: () => [...Array.from({ length: n }, (_, i) => String(i)), 'length'],
    getOwnPropertyDescriptor(t, p) {
      // the target's own length is non-configurable: reported as such, with the rows' count
      if (p === 'length') return { value: n, writable: true, enumerable: false, configurable: false };
      const i = indexOf(p, n);
      if (i >= 0) return { value: store.row(i), writable: true, enumerable: true, configurable: true };
      return Reflect.getOwnPropertyDescriptor(t, p);
    },
    // nothing in pixie changes a value it compares; a write is refused rather than lost
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
  stores.set(proxy, store);
  return proxy;
}
