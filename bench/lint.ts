// Issue "CI at scale": `pixie lint` (no tool started) on 200 generated tools vs `pixie validate --all`
// on the same tools; and lint's own work in-process (aim: under a second for 100 tools).
import { readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintTool } from '../src/ci/lint.js';
import { generateTools, runPixieSampled } from './many-tools.js';
import { median, row } from './measure.js';

const RUNS = 3;

export async function benchLint(opts: { count?: number } = {}): Promise<void> {
  const count = opts.count ?? 200;
  const dir = path.join(os.tmpdir(), `pixie-bench-lint-${process.pid}`);
  const toolsDir = path.join(dir, 'tools');
  try {
    generateTools(toolsDir, { count, fixtures: 2 });
    const dirs = readdirSync(toolsDir)
      .sort()
      .map((n) => path.join(toolsDir, n));
    const help: number[] = [];
    const lint: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      help.push((await runPixieSampled(['--help'], toolsDir)).ms);
      const r = await runPixieSampled(['lint', '--tools-dir', toolsDir], toolsDir);
      if (r.code !== 0) throw new Error(`lint found problems in generated tools:\n${r.stdout}`);
      lint.push(r.ms);
    }
    // in-process: the first pass pays for compiling the JSON Schemas once, later passes do not
    const first = performance.now();
    for (const d of dirs.slice(0, 100)) lintTool(d);
    const firstMs = performance.now() - first;
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      for (const d of dirs.slice(0, 100)) lintTool(d);
      warm.push(performance.now() - t);
    }
    const validate = await runPixieSampled(['validate', '--all', '--tools-dir', toolsDir, '--json'], toolsDir);
    if (validate.code !== 0) throw new Error(`validate --all failed on generated tools (exit ${validate.code})`);
    const [h, l] = [median(help), median(lint)];
    console.log(
      `${count} generated tools, median of ${RUNS} runs (validate --all: one run, --jobs ${os.availableParallelism()})`,
    );
    console.log(row('pixie --help (process start-up)', h));
    console.log(row(`pixie lint, ${count} tools (whole command)`, l));
    console.log(row(`pixie validate --all, ${count} tools (peer)`, validate.ms));
    console.log(`  lint / validate --all: ${(l / validate.ms).toFixed(3)} (${(validate.ms / l).toFixed(0)}× faster)`);
    console.log(row('lint of 100 tools in-process, first pass (schemas compiled)', firstMs));
    console.log(row('lint of 100 tools in-process, warm', median(warm)));
    console.log(
      `  pixie lint on 100 tools, command minus start-up ≈ ${(((l - h) / count) * 100).toFixed(0)} ms (aim < 1000 ms)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await benchLint({ count: Number(process.argv[2] ?? 200) || 200 });
}
