// Loading one big fixture (a 100,000-row × 10-column table in expected_outputs, about 8 MB): wall time
// and peak RSS of loadFixtures, side by side with the floor of reading the file and JSON.parse alone.
// Each measurement runs in its own process so peak RSS belongs to that load only. Four files: a valid
// one, one with a schema error (the located tree must be built), one with a duplicate key, and one
// as Python's json writes a backtest's table (every 50th cell NaN, ids past 2^53: the reading that
// keeps their text, util/python-json.ts; its peer parses the same text with those tokens as null).
// Run alone: node --import tsx bench/fixture-load.ts [rows] [variant…]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './measure.js';
import { peakKib } from './peak-rss.mjs';

const RUNS = 3;
const COLUMNS = ['id', 'name', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

/** One row per line, as a person (or a formatter with a wide print width) lays out a big table. */
type Variant = 'valid' | 'schema-error' | 'duplicate-key' | 'python-numbers';
const VARIANTS: readonly Variant[] = ['valid', 'schema-error', 'duplicate-key', 'python-numbers'];

function fixtureText(rows: number, variant: Variant): string {
  let seed = 7;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    const row = JSON.stringify([
      i,
      `row ${i % 977}`,
      ...Array.from({ length: 8 }, () => Math.round(rand() * 1e6) / 100),
    ]);
    // the id column past 2^53, and every 50th cell NaN, in the text json.dumps writes
    lines.push(
      `        ${variant === 'python-numbers' ? row.replace(/^\[\d+,/, `[${9007199254740993n + BigInt(i)},`).replace(/,(\d+\.?\d*)\]$/, i % 5 === 0 ? ',NaN]' : ',$1]') : row}`,
    );
  }
  const extra = variant === 'schema-error' ? '  "tagz": [],\n' : '';
  const duplicate = variant === 'duplicate-key' ? '    "schedule": 1,\n' : '';
  return (
    `{\n  "name": "a big table",\n${extra}  "inputs": {},\n  "expected_outputs": {\n${duplicate}    "schedule": {\n` +
    `      "columns": ${JSON.stringify(COLUMNS)},\n      "rows": [\n${lines.join(',\n')}\n      ]\n    }\n  }\n}\n`
  );
}

interface Sample {
  ms: number;
  maxRssMb: number;
  problems: number;
}

/** In a fresh process: import the loader, then either load the fixtures or only read + JSON.parse. */
async function child(mode: 'load' | 'parse', referenceDir: string): Promise<void> {
  const { loadFixtures } = await import('../src/reference/load.js');
  const { comparatorFor } = await import('../src/comparators/index.js');
  const manifest = {
    id: 'big',
    name: 'Big',
    inputs: [],
    outputs: [{ key: 'schedule', type: 'table' as const, label: 'Schedule' }],
  };
  const file = path.join(referenceDir, 'fixture_big.json');
  const started = performance.now();
  let problems = 0;
  if (mode === 'load') problems = loadFixtures(referenceDir, { manifest, comparatorFor }).problems.length;
  else JSON.parse(readFileSync(file, 'utf8').replace(/NaN/g, 'null'));
  const ms = performance.now() - started;
  const sample: Sample = { ms, maxRssMb: peakKib() / 1024, problems };
  process.stdout.write(JSON.stringify(sample));
}

function measure(mode: 'load' | 'parse', referenceDir: string): Sample {
  const self = fileURLToPath(import.meta.url);
  const out = execFileSync(process.execPath, ['--import', 'tsx', self, '--child', mode, referenceDir], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out) as Sample;
}

export async function benchFixtureLoad(opts: { rows?: number; variants?: readonly Variant[] } = {}): Promise<void> {
  const rows = opts.rows ?? 100_000;
  const dir = path.join(os.tmpdir(), `pixie-bench-fixture-load-${process.pid}`);
  try {
    for (const variant of opts.variants ?? VARIANTS) {
      const referenceDir = path.join(dir, variant, 'reference');
      mkdirSync(referenceDir, { recursive: true });
      const file = path.join(referenceDir, 'fixture_big.json');
      writeFileSync(file, fixtureText(rows, variant));
      const runs = { load: [] as Sample[], parse: [] as Sample[] };
      for (let i = 0; i < RUNS; i++) {
        runs.parse.push(measure('parse', referenceDir));
        runs.load.push(measure('load', referenceDir));
      }
      const ms = (s: Sample[]) => median(s.map((x) => x.ms));
      const rss = (s: Sample[]) => median(s.map((x) => x.maxRssMb));
      console.log(
        `${variant}: ${rows} rows × ${COLUMNS.length} columns, ${(statSync(file).size / 1e6).toFixed(1)} MB, ${runs.load[0]!.problems} problem(s); median of ${RUNS} processes`,
      );
      console.log(
        `  read + JSON.parse (peer)   ${ms(runs.parse).toFixed(0).padStart(6)} ms   peak RSS ${rss(runs.parse).toFixed(0).padStart(5)} MB`,
      );
      console.log(
        `  loadFixtures               ${ms(runs.load).toFixed(0).padStart(6)} ms   peak RSS ${rss(runs.load).toFixed(0).padStart(5)} MB`,
      );
      console.log(
        `  loadFixtures / peer: time ${(ms(runs.load) / ms(runs.parse)).toFixed(2)}×, peak RSS ${rss(runs.load) >= rss(runs.parse) ? '+' : '−'}${Math.abs(rss(runs.load) - rss(runs.parse)).toFixed(0)} MB`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  await child(process.argv[3] as 'load' | 'parse', process.argv[4]!);
} else if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const variants = process.argv.slice(3).filter((v): v is Variant => (VARIANTS as readonly string[]).includes(v));
  await benchFixtureLoad({
    rows: Number(process.argv[2] ?? 100_000) || 100_000,
    variants: variants.length ? variants : VARIANTS,
  });
}
