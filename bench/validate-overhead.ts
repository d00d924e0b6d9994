// `pixie validate` against the floor: the same tool started exactly as pixie starts it, asked for
// /healthz, /schema, the sample /run and every fixture's /run, and stopped, by a bare Node script
// (bench/floor.mjs; it sends the sample /run twice, as check 8's determinism run does by default).
// Both are whole processes, run in interleaved pairs; the ratio is taken pair by pair and printed as
// min / median / max (aim: median ≤ 1.5×). The same for `--all` on the example tools: pixie's time
// beyond the floor, per tool (aim < 50 ms), and each tool's share (its report's duration against
// the floor's time for it; what is left is pixie's own start-up and exit). And `pixie --help`
// against a bare `node`.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FLOOR, writeFloorPlan } from './floor-plan.js';
import { freshDist, interleaved, showSpread, spread, timeChecked } from './measure.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PIXIE = path.join(ROOT, 'bin', 'pixie.js');
const TOOLS = path.join(ROOT, 'tools');
const node = process.execPath;

/** Wall time and stdout of a command that must exit 0. */
function timeOutput(cmd: string, args: string[], cwd?: string): Promise<{ ms: number; stdout: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { cwd, maxBuffer: 512 * 1024 * 1024 }, (err, stdout) => {
      if (err) reject(err);
      else resolve({ ms: performance.now() - started, stdout });
    });
  });
}

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
  freshDist();
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
    // each tool's time inside each run: pixie's from its report, the floor's from its own output
    const names = all.map((d) => path.basename(d));
    const pixieTool: number[][] = [];
    const floorTool: number[][] = [];
    const r = await interleaved(
      async () => {
        const { ms, stdout } = await timeOutput(node, [PIXIE, 'validate', '--all', '--jobs', '1', '--json'], ROOT);
        const reports = JSON.parse(stdout) as { tool_id: string; duration_ms: number }[];
        pixieTool.push(names.map((n) => reports.find((x) => x.tool_id === n)!.duration_ms));
        return ms;
      },
      async () => {
        const { ms, stdout } = await timeOutput(node, [FLOOR, plan]);
        floorTool.push((JSON.parse(stdout) as { tool_ms: number[] }).tool_ms);
        return ms;
      },
      // as many pairs as the single tools get: six read anywhere from 23 to 69 ms per tool
      runs,
    );
    // the first of each is the warm-up interleaved() leaves out
    pixieTool.shift();
    floorTool.shift();
    print(`validate --all --jobs 1 (${all.length} example tools)`, r, 'for the record');
    const perTool = r.a.map((a, i) => (a - r.b[i]!) / all.length);
    console.log(
      `    pixie's time beyond the floor per tool (min / median / max): ${showSpread(spread(perTool))} (aim < 50 ms; pixie's own start-up included, spread over ${all.length} tools)`,
    );
    console.log("    each tool: its report's duration minus the floor's time for it (min / median / max)");
    names.forEach((n, t) => {
      const d = pixieTool.map((p, i) => p[t]! - floorTool[i]![t]!);
      console.log(`      ${n.padEnd(20)} ${showSpread(spread(d))}`);
    });
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const outside = r.a.map((a, i) => a - sum(pixieTool[i]!) - (r.b[i]! - sum(floorTool[i]!)));
    console.log(
      `      ${'outside any tool'.padEnd(20)} ${showSpread(spread(outside))} (start-up, discovery, report, exit)`,
    );
    const inside = pixieTool.map((p, i) => sum(p.map((ms, t) => ms - floorTool[i]![t]!)) / all.length);
    console.log(
      `    pixie's time beyond the floor per tool inside its report, start-up aside (each run's mean over the tools): ${showSpread(spread(inside))} (for the record)`,
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
