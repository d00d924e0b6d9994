// Loading one big fixture (a 100,000-row × 10-column table in expected_outputs, about 8 MB): wall time
// and peak RSS of loadFixtures, side by side with the floor of reading the file and JSON.parse alone.
// Each measurement runs in its own process so peak RSS belongs to that load only. Three files: a valid
// one, one with a schema error (the located tree must be built) and one with a duplicate key.
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
function fixtureText(rows: number, variant: 'valid' | 'schema-error' | 'duplicate-key'): string {
  let seed = 7;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `        ${JSON.stringify([i, `row ${i % 977}`, ...Array.from({ length: 8 }, () => Math.round(rand() * 1e6) / 100)])}`,
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
  else JSON.parse(readFileSync(file, 'utf8'));
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

export async function benchFixtureLoad(opts: { rows?: number } = {}): Promise<void> {
  const rows = opts.rows ?? 100_000;
  const dir = path.join(os.tmpdir(), `pixie-bench-fixture-load-${process.pid}`);
  try {
    for (const variant of ['valid', 'schema-error', 'duplicate-key'] as const) {
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
        `  loadFixtures / peer: time ${(ms(runs.load) / ms(runs.parse)).toFixed(2)}×, peak RSS +${(rss(runs.load) - rss(runs.parse)).toFixed(0)} MB`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  await child(process.argv[3] as 'load' | 'parse', process.argv[4]!);
} else if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await benchFixtureLoad({ rows: Number(process.argv[2] ?? 100_000) || 100_000 });
}
