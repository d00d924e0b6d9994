// The table comparator alone on N rows × 10 columns (10k, 100k, 1M): an ordered comparison of the
// same data, side by side with an unordered comparison of the rows shuffled and every number nudged
// within tolerance, the same unordered comparison of the nudged rows left in order, and an ordered
// comparison of the shuffled rows (which must notice the reorder);
// ratios at each size and the growth exponent from 10k to the largest size (aim: unordered ≤ 2×
// ordered, exponent ≤ 1.1). Beside them, the bare work under any matching that sorts or buckets the
// rows, with no comparing at all: read every number of both tables once, radix-sort both on one
// column, and read the actual rows in that order (shuffled rows are visited out of memory order).
// Each table goes through JSON first, as a fixture and a tool's answer do: a shuffled array of rows
// allocated in another order would put every row at a random address, and time the memory system
// rather than the comparator. (No forced garbage collection between
// runs: measured, it made the runs after it slower, not steadier.)
// Run alone: node --import tsx bench/table.ts [maxRows]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ascendingPositions } from '../src/comparators/table/radix.js';
import { tableComparator } from '../src/comparators/table/table.js';
import { median, timeIt } from './measure.js';

const viaJson = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function makeTable(rows: number): { columns: string[]; rows: unknown[][] } {
  const columns = ['id', 'name', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  let seed = 7;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  return {
    columns,
    rows: Array.from({ length: rows }, (_, i) => [
      i,
      `row ${i % 977}`,
      ...Array.from({ length: 8 }, () => Math.round(rand() * 1e6) / 100),
    ]),
  };
}

function shuffled<T>(xs: T[]): T[] {
  const out = [...xs];
  let seed = 11;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 48271) % 2147483647;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function timed(expected: unknown, actual: unknown, tolerance: Record<string, unknown>, runs: number) {
  let result = { status: '', metric: '' };
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    ms.push(
      await timeIt(async () => {
        result = await tableComparator.compare({ key: 't', type: 'table', expected, actual, tolerance });
      }),
    );
  }
  const spread = runs > 1 ? ` (min ${Math.min(...ms).toFixed(0)}, max ${Math.max(...ms).toFixed(0)})` : '';
  return { ms: median(ms), spread, ...result };
}

/** The bare work of a sort-based matching of two tables of numeric rows (columns 2…9): see the header. */
function bareWork(expected: unknown[][], actual: unknown[][], runs: number): number {
  const ms: number[] = [];
  let sink = 0;
  for (let k = 0; k < runs; k++) {
    const started = performance.now();
    for (const rows of [expected, actual]) for (const r of rows) for (let c = 2; c < 10; c++) sink += r[c] as number;
    const keyE = Float64Array.from(expected, (r) => r[2] as number);
    const keyA = Float64Array.from(actual, (r) => r[2] as number);
    ascendingPositions(keyE);
    for (const j of ascendingPositions(keyA)) for (let c = 2; c < 10; c++) sink += actual[j]![c] as number;
    ms.push(performance.now() - started);
  }
  if (Number.isNaN(sink)) console.log('(unreachable: keeps the reads from being optimised away)');
  return median(ms);
}

export async function benchTable(opts: { maxRows?: number } = {}): Promise<void> {
  const maxRows = opts.maxRows ?? 1_000_000;
  const tol = { abs: 1e-6 };
  const times = { ordered: new Map<number, number>(), unordered: new Map<number, number>() };
  for (const n of [10_000, 100_000, 1_000_000].filter((r) => r <= maxRows)) {
    const expected = viaJson(makeTable(n));
    const nudge = (r: unknown[]) => r.map((v, i) => (i >= 2 ? (v as number) + 1e-7 : v));
    const same = viaJson({ columns: expected.columns, rows: expected.rows.map(nudge) });
    const noisy = viaJson({ columns: expected.columns, rows: shuffled(same.rows) });
    const runs = n >= 1_000_000 ? 3 : 5;
    const o = await timed(expected, same, { ...tol, rows: 'ordered' }, runs);
    const u = await timed(expected, noisy, { ...tol, rows: 'unordered' }, runs);
    const kept = await timed(expected, same, { ...tol, rows: 'unordered' }, runs);
    const r = await timed(expected, noisy, { ...tol, rows: 'ordered' }, runs);
    const bare = bareWork(expected.rows, noisy.rows, runs);
    times.ordered.set(n, o.ms);
    times.unordered.set(n, u.ms);
    console.log(
      `  ${String(n).padStart(8)} rows × 10 columns, numbers nudged within tolerance (median of ${runs}, comparator only)`,
    );
    console.log(`    ordered, same order:                ${o.ms.toFixed(0).padStart(6)} ms${o.spread} (${o.status})`);
    console.log(
      `    unordered, rows shuffled:           ${u.ms.toFixed(0).padStart(6)} ms${u.spread} (${u.status}); ${(u.ms / o.ms).toFixed(2)}× ordered (aim ≤ 2×)`,
    );
    console.log(
      `    unordered, rows in the same order:  ${kept.ms.toFixed(0).padStart(6)} ms${kept.spread} (${kept.status}); ${(kept.ms / o.ms).toFixed(2)}× ordered (a tool that keeps the fixture's order)`,
    );
    console.log(
      `    bare work of any sort-based matching: ${bare.toFixed(0).padStart(6)} ms; ${(bare / o.ms).toFixed(2)}× ordered (read both, sort both on one column, read actual in that order)`,
    );
    console.log(
      `    ordered, rows shuffled (a reorder): ${r.ms.toFixed(0).padStart(6)} ms${r.spread} (${r.status}: ${/different order/.test(r.metric) ? 'says the rows are in a different order' : 'DOES NOT say the order differs'}); ${(r.ms / u.ms).toFixed(2)}× unordered`,
    );
  }
  const top = Math.max(...times.ordered.keys());
  if (top > 10_000) {
    const exponent = (m: Map<number, number>) => Math.log(m.get(top)! / m.get(10_000)!) / Math.log(top / 10_000);
    console.log(
      `  growth exponent 10k → ${top / 1000}k rows: ordered ${exponent(times.ordered).toFixed(2)}, unordered ${exponent(times.unordered).toFixed(2)} (aim ≤ 1.1)`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  await benchTable({ maxRows: Number(process.argv[2] ?? 1_000_000) || 1_000_000 });
