// Issue 3: a 100,000-row × 10-column table with rows shuffled, compared unordered with tolerance,
// side by side with an ordered comparison of the same (unshuffled) data.
import { tableComparator } from '../src/comparators/table/table.js';
import { timeIt } from './measure.js';

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

export async function benchTable(): Promise<void> {
  const expected = makeTable(100_000);
  // every numeric cell nudged within tolerance, and rows shuffled
  const noisy = {
    columns: expected.columns,
    rows: shuffled(expected.rows.map((r) => r.map((v, i) => (i >= 2 ? (v as number) + 1e-7 : v)))),
  };
  const same = {
    columns: expected.columns,
    rows: expected.rows.map((r) => r.map((v, i) => (i >= 2 ? (v as number) + 1e-7 : v))),
  };
  const tol = { abs: 1e-6 };
  let status = '';
  const ordered = await timeIt(async () => {
    status = (
      await tableComparator.compare({
        key: 't',
        type: 'table',
        expected,
        actual: same,
        tolerance: { ...tol, compare: 'rows_ordered' },
      })
    ).status;
  });
  console.log(`  ordered, 100k × 10, within tolerance: ${ordered.toFixed(0)} ms (${status})`);
  const unordered = await timeIt(async () => {
    status = (
      await tableComparator.compare({
        key: 't',
        type: 'table',
        expected,
        actual: noisy,
        tolerance: { ...tol, compare: 'rows_unordered' },
      })
    ).status;
  });
  console.log(
    `  unordered, 100k × 10, shuffled + within tolerance: ${unordered.toFixed(0)} ms (${status}) (aim < 1000 ms)`,
  );
  console.log(`  ratio unordered / ordered: ${(unordered / ordered).toFixed(2)}×`);
}
