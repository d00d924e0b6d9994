// `pixie validate` against the floor: the same tool started exactly as pixie starts it, asked for
// /healthz, /schema, the sample /run and every fixture's /run, and stopped, by a bare Node script
// (bench/floor.mjs). Both are whole processes, run in interleaved pairs; the ratio is taken pair by
// pair and printed as min / median / max (aim: median ≤ 1.5×). The same for `--all` on the
// example tools: pixie's time beyond the floor, per tool (aim < 50 ms). And `pixie --help` against a
// bare `node`.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FLOOR, writeFloorPlan } from './floor-plan.js';
import { interleaved, showSpread, spread, timeChecked, timeCommand } from './measure.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PIXIE = path.join(ROOT, 'bin', 'pixie.js');
const TOOLS = path.join(ROOT, 'tools');
const node = process.execPath;

function print(label: string, r: { a: number[]; b: number[]; ratio: number[] }, aim: string): void {
  console.log(`  ${label}`);
  console.log(`    pixie validate    ${showSpread(spread(r.a))}`);
  console.log(`    floor (bare node) ${showSpread(spread(r.b))}`);
  console.log(
    `    ratio pixie / floor, pair by pair (min / median / max): ${showSpread(spread(r.ratio), 2, '×')} (${aim})`,
  );
}

export async function benchValidateOverhead(opts: { runs?: number } = {}): Promise<void> {
  const runs = opts.runs ?? 11;
  // measure what users run: pixie from a fresh dist/ (bin/pixie.js falls back to tsx when stale)
  await timeCommand(node, [path.join(ROOT, 'scripts', 'build.mjs')]);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pixie-bench-floor-'));
  try {
    console.log(`${runs} interleaved pairs after one warm-up each; whole processes`);
    for (const tool of ['compound-interest', 'city-distances']) {
      const plan = path.join(dir, `${tool}.json`);
      writeFloorPlan(plan, [path.join(TOOLS, tool)]);
      const r = await interleaved(
        () => timeChecked(node, [PIXIE, 'validate', tool, '--json'], { cwd: ROOT }),
        () => timeChecked(node, [FLOOR, plan]),
        runs,
      );
      print(`validate ${tool}`, r, 'aim ≤ 1.5×');
    }
    // --all, one tool at a time, over the example tools: what pixie adds per tool
    const all = readdirSync(TOOLS).map((t) => path.join(TOOLS, t));
    const plan = path.join(dir, 'all.json');
    writeFloorPlan(plan, all);
    const r = await interleaved(
      () => timeChecked(node, [PIXIE, 'validate', '--all', '--jobs', '1', '--json'], { cwd: ROOT }),
      () => timeChecked(node, [FLOOR, plan]),
      Math.max(3, Math.ceil(runs / 2)),
    );
    print(`validate --all --jobs 1 (${all.length} example tools)`, r, 'for the record');
    const perTool = r.a.map((a, i) => (a - r.b[i]!) / all.length);
    console.log(
      `    pixie's time beyond the floor per tool (min / median / max): ${showSpread(spread(perTool))} (aim < 50 ms; pixie's own start-up included, spread over ${all.length} tools)`,
    );
    const help = await interleaved(
      () => timeChecked(node, [PIXIE, '--help']),
      () => timeChecked(node, ['-e', '']),
      runs,
    );
    console.log(`  pixie --help ${showSpread(spread(help.a))}; node -e "" ${showSpread(spread(help.b))}`);
    console.log(`    ratio (min / median / max): ${showSpread(spread(help.ratio), 2, '×')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  await benchValidateOverhead({ runs: Number(process.argv[2] ?? 11) || 11 });
