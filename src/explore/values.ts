// The values one input can take, from its tool.json declaration alone: the special ones first
// (boundaries, every option, empty and long and non-ASCII text, empty and one-row tables), then a
// fast-check arbitrary for everything else in range. Nothing here leaves what the manifest allows:
// src/explore/arbitraries.test.ts holds every value to the fixture loader's input rules, and a
// required input is never blank or an empty list (required means a form insists on a value).
import fc from 'fast-check';
import type { InputSpec } from '../model/manifest.js';

export interface InputValues {
  /** boundaries and other values worth one try each, simplest first */
  special: unknown[];
  /** random values in range, or null when the input is explored by its special values alone */
  random: fc.Arbitrary<unknown> | null;
}

/** How far an unbounded number side is explored. */
const UNBOUNDED = 1e9;
/** Longest text tried; long enough to overflow fixed buffers and slow paths, short enough to send often. */
const LONG_TEXT = 10_000;
const RANDOM_TEXT = 200;
const MAX_RANDOM_ROWS = 10;
const FIRST_DATE = '1900-01-01';
const LAST_DATE = '2100-12-31';

const NON_ASCII = ['Zoë café — 東京 🚀', 'مرحبا بالعالم', 'e\u0301 n\u0303 ∑ ∞ ≠', '👩‍👩‍👧 🇳🇿'];
const AWKWARD_TEXT = ['   ', 'line one\nline two', `quotes " ' \\ < > & % { }`];

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function unique(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = JSON.stringify(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Cuts a string to `max` UTF-16 units (what max_length counts) without splitting a surrogate pair. */
function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  const end = /[\uD800-\uDBFF]/.test(s[max - 1] ?? '') ? max - 1 : max;
  return s.slice(0, end);
}

/** A required input needs a value: text that is not blank, a list that is not empty (as a form insists). */
const needsValue = (spec: InputSpec) => spec.required !== false;
const blank = (s: string) => s.trim() === '';

function textValues(spec: InputSpec): InputValues {
  const max = num(spec.max_length);
  const limit = max ?? Number.POSITIVE_INFINITY;
  if (max === 0) return { special: [''], random: null };
  const long = 'lorem ipsum '.repeat(Math.ceil(LONG_TEXT / 12)).slice(0, Math.min(limit, LONG_TEXT));
  const allowed = (s: string) => s.length <= limit && !(needsValue(spec) && blank(s));
  const special = ['', 'a', long, ...NON_ASCII, ...AWKWARD_TEXT].map((s) => cut(s, limit)).filter(allowed);
  const random = fc
    .string({ unit: 'grapheme', minLength: needsValue(spec) ? 1 : 0, maxLength: Math.min(limit, RANDOM_TEXT) })
    .filter(allowed);
  return { special: unique(special), random };
}

interface NumberRange {
  min: number | undefined;
  max: number | undefined;
  step: number | undefined;
}

function rangeOf(spec: InputSpec): NumberRange {
  const step = num(spec.step);
  return { min: num(spec.min), max: num(spec.max), step: step && step > 0 ? step : undefined };
}

/** Values on the step grid (base = min, else 0) and inside [min, max]; binary noise rounded away. */
function snap(v: number, r: NumberRange): number {
  let x = v;
  if (r.step) {
    const base = r.min ?? 0;
    x = base + Math.round((x - base) / r.step) * r.step;
    if (r.max !== undefined && x > r.max) x -= r.step;
    if (r.min !== undefined && x < r.min) x += r.step;
    x = Number(x.toFixed(10));
  }
  if (r.min !== undefined && x < r.min) x = r.min;
  if (r.max !== undefined && x > r.max) x = r.max;
  return Object.is(x, -0) ? 0 : x;
}

function numberSpecials(r: NumberRange): number[] {
  const lo = r.min ?? -UNBOUNDED;
  const hi = r.max ?? UNBOUNDED;
  const inside = r.step ?? (r.min !== undefined && r.max !== undefined ? (hi - lo) / 100 : 1);
  const candidates = [0, lo, hi, lo + inside, hi - inside, -1, 1, -UNBOUNDED, UNBOUNDED, (lo + hi) / 2];
  return unique(candidates.filter((v) => v >= lo && v <= hi).map((v) => snap(v, r))) as number[];
}

function numberRandom(r: NumberRange): fc.Arbitrary<number> {
  const lo = r.min ?? -UNBOUNDED;
  const hi = r.max ?? UNBOUNDED;
  if (r.step) {
    const base = r.min ?? 0;
    const step = r.step;
    const first = Math.ceil((lo - base) / step - 1e-9);
    const last = Math.floor((hi - base) / step + 1e-9);
    return fc.integer({ min: first, max: Math.max(first, last) }).map(
      (k) => snap(base + k * step, r),
      (v) => {
        if (typeof v !== 'number') throw new Error('not a number');
        return Math.round((v - base) / step);
      },
    );
  }
  return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }).map(
    (v) => (Object.is(v, -0) ? 0 : v),
    (v) => {
      if (typeof v !== 'number') throw new Error('not a number');
      return v;
    },
  );
}

const sorted = (pair: [number, number]): [number, number] => (pair[0] <= pair[1] ? pair : [pair[1], pair[0]]);

function unsortable(v: unknown): [number, number] {
  if (!Array.isArray(v) || v.length !== 2) throw new Error('not a pair');
  return v as [number, number];
}

function numberValues(spec: InputSpec): InputValues {
  const r = rangeOf(spec);
  const special = numberSpecials(r);
  const random = numberRandom(r);
  if (spec.type === 'slider' && spec.range) {
    const lo = snap(r.min ?? -UNBOUNDED, r);
    const hi = snap(r.max ?? UNBOUNDED, r);
    return {
      special: unique([[lo, hi], [lo, lo], [hi, hi], ...special.map((v) => sorted([lo, v]))]),
      random: fc.tuple(random, random).map(sorted, unsortable),
    };
  }
  return { special, random };
}

function optionValues(spec: InputSpec): unknown[] {
  return (spec.options ?? []).map((o) => o.value);
}

function dateText(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function dateArbitrary(min: string, max: string): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date(`${min}T00:00:00Z`), max: new Date(`${max}T00:00:00Z`), noInvalidDate: true })
    .map(dateText, (v) => {
      if (typeof v !== 'string') throw new Error('not a date');
      return new Date(`${v}T00:00:00Z`);
    });
}

function dateBounds(spec: InputSpec): [string, string] {
  const min = typeof spec.min === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(spec.min) ? spec.min : FIRST_DATE;
  const max = typeof spec.max === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(spec.max) ? spec.max : LAST_DATE;
  return [min, max];
}

function dateSpecials(min: string, max: string): string[] {
  const candidates = [min, max, '2026-01-01', '2024-02-29', '1999-12-31', '2000-01-01', '2026-12-31'];
  return unique(candidates.filter((d) => d >= min && d <= max)) as string[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const timeArbitrary = fc.integer({ min: 0, max: 24 * 60 - 1 }).map(
  (m) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`,
  (v) => {
    const m = typeof v === 'string' ? /^(\d\d):(\d\d)$/.exec(v) : null;
    if (!m) throw new Error('not a time');
    return Number(m[1]) * 60 + Number(m[2]);
  },
);

/** A [lat, lng] pair on the globe. */
const pointArbitrary: fc.Arbitrary<[number, number]> = fc.tuple(
  fc.double({ min: -90, max: 90, noNaN: true }),
  fc.double({ min: -180, max: 180, noNaN: true }),
);

function centreOf(spec: InputSpec): [number, number] {
  const c = spec.default_center;
  return Array.isArray(c) && c.length >= 2 ? [Number(c[0]), Number(c[1])] : [0, 0];
}

/** A closed regular polygon: never self-intersecting, so a tool cannot rightly refuse it. */
function polygon(centre: [number, number], radius: number, corners: number): [number, number][] {
  const clampLat = (x: number) => Math.max(-90, Math.min(90, x));
  const clampLng = (x: number) => Math.max(-180, Math.min(180, x));
  const ring: [number, number][] = [];
  for (let i = 0; i < corners; i++) {
    const a = (2 * Math.PI * i) / corners;
    ring.push([
      Number(clampLat(centre[0] + radius * Math.sin(a)).toFixed(6)),
      Number(clampLng(centre[1] + radius * Math.cos(a)).toFixed(6)),
    ]);
  }
  ring.push(ring[0]!);
  return ring;
}

function cellValues(columnType: string): InputValues {
  if (/num|int|float|decimal|currency/i.test(columnType))
    return numberValues({ key: '', label: '', type: 'number', min: -1e6, max: 1e6 });
  if (/bool|check/i.test(columnType)) return { special: [false, true], random: null };
  if (/date/i.test(columnType)) return { special: dateSpecials(FIRST_DATE, LAST_DATE), random: null };
  const text = textValues({ key: '', label: '', type: 'text', max_length: 200, required: false });
  return text;
}

/**
 * One input's arbitrary: its sample value, a special value or a random one. Shrinking goes back
 * towards the first of these (cross-shrink), so a failure ends with every input that does not
 * matter at its sample value, the one check 8 showed the tool accepts.
 */
export function valuesArbitrary(values: InputValues, sample?: unknown): fc.Arbitrary<unknown> {
  const arbs: fc.WeightedArbitrary<unknown>[] = [];
  if (sample !== undefined) arbs.push({ arbitrary: fc.constant(sample), weight: 1 });
  if (values.special.length) arbs.push({ arbitrary: fc.constantFrom(...values.special), weight: 2 });
  if (values.random) arbs.push({ arbitrary: values.random, weight: 2 });
  return arbs.length ? fc.oneof({ withCrossShrink: true }, ...arbs) : fc.constant(sample);
}

function tableValues(spec: InputSpec): InputValues {
  const columns = spec.columns ?? [];
  const minRows = Math.max(0, num(spec.min_rows) ?? 0);
  const maxRows = num(spec.max_rows) ?? Number.POSITIVE_INFINITY;
  const cells = columns.map((c) => [c.key, cellValues(c.type)] as const);
  const simpleRow = Object.fromEntries(cells.map(([k, v]) => [k, v.special[0] ?? '']));
  const awkwardRow = Object.fromEntries(cells.map(([k, v]) => [k, v.special[1] ?? v.special[0] ?? '']));
  const row = fc.record(Object.fromEntries(cells.map(([k, v]) => [k, valuesArbitrary(v)])));
  const counts = [0, 1, minRows].filter((n) => n >= minRows && n <= maxRows);
  const special = unique(counts.flatMap((n) => [Array(n).fill(simpleRow), Array(n).fill(awkwardRow)]));
  const random = fc.array(row, {
    minLength: minRows,
    maxLength: Math.max(minRows, Math.min(maxRows, MAX_RANDOM_ROWS)),
  });
  return { special, random };
}

/** The values of one input; null when explore leaves the input at its sample value. */
export function valuesFor(spec: InputSpec): InputValues | null {
  switch (spec.type) {
    case 'text':
    case 'textarea':
    case 'code':
    case 'markdown':
    case 'autocomplete':
      return textValues(spec);
    case 'number':
    case 'slider':
      return numberValues(spec);
    case 'select':
    case 'radio':
      return { special: optionValues(spec), random: null };
    case 'multiselect': {
      const options = optionValues(spec);
      const least = needsValue(spec) && options.length ? 1 : 0;
      const special = unique([[], options.slice(0, 1), options.slice(-1), options]).filter(
        (v) => (v as unknown[]).length >= least,
      );
      return { special, random: fc.subarray(options, { minLength: least }) };
    }
    case 'tags': {
      const least = needsValue(spec) ? 1 : 0;
      return {
        special: [[], ['tag'], ['Zoë', '東京'], Array.from({ length: 20 }, (_, i) => `tag${i}`)].slice(least),
        random: fc.array(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }), {
          minLength: least,
          maxLength: 10,
        }),
      };
    }
    case 'checkbox':
    case 'toggle':
      return { special: [false, true], random: null };
    case 'date': {
      const [min, max] = dateBounds(spec);
      return { special: dateSpecials(min, max), random: dateArbitrary(min, max) };
    }
    case 'date_range': {
      const [min, max] = dateBounds(spec);
      const days = dateArbitrary(min, max);
      return {
        special: [
          [min, max],
          [min, min],
          [max, max],
        ],
        random: fc.tuple(days, days).map(
          ([a, b]) => (a <= b ? [a, b] : [b, a]),
          (v) => {
            if (!Array.isArray(v) || v.length !== 2) throw new Error('not a range');
            return v as [string, string];
          },
        ),
      };
    }
    case 'time':
      return { special: ['00:00', '23:59', '12:00'], random: timeArbitrary };
    case 'datetime':
      return {
        special: ['2026-01-01T00:00:00', '2024-02-29T23:59:59', '1999-12-31T23:59:59'],
        random: fc.tuple(dateArbitrary(FIRST_DATE, LAST_DATE), timeArbitrary).map(([d, t]) => `${d}T${t}:00`),
      };
    case 'colour':
      return {
        special: ['#000000', '#ffffff', '#ff0000'],
        random: fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`),
      };
    case 'table':
      return tableValues(spec);
    case 'map_point':
      return { special: [[0, 0], [90, 180], [-90, -180], centreOf(spec)], random: pointArbitrary };
    case 'map_bbox': {
      const [lat, lng] = centreOf(spec);
      return {
        special: [
          [-90, -180, 90, 180],
          [lat - 0.001, lng - 0.001, lat + 0.001, lng + 0.001].map((x) => Number(x.toFixed(6))),
        ],
        random: fc
          .tuple(pointArbitrary, pointArbitrary)
          .map(([a, b]) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])]),
      };
    }
    case 'map_polygon':
      return {
        special: [polygon(centreOf(spec), 0.01, 3), polygon(centreOf(spec), 10, 8)],
        random: fc
          .tuple(pointArbitrary, fc.double({ min: 0.0001, max: 10, noNaN: true }), fc.integer({ min: 3, max: 12 }))
          .map(([c, r, n]) => polygon(c, r, n)),
      };
    case 'map_multipoint':
      return {
        special: [[], [centreOf(spec)]],
        random: fc.array(pointArbitrary, { maxLength: 20 }),
      };
    // uploads, free JSON and hidden inputs declare no shape to explore: they keep their sample value
    default:
      return null;
  }
}
