// Issue 16: --explore's throughput against a trivial tool (runs per second), as a ratio to a bare
// loop that sends the very same /run bodies with the same HTTP client: what generating, shrinking
// and judging each answer cost on top of the requests themselves (aim ≥ 0.8×).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runExplore } from '../src/explore/runner.js';
import type { Manifest } from '../src/model/manifest.js';
import { loadManifest } from '../src/tool/manifest.js';
import { runtimeFor } from '../src/tool/runtime.js';
import { startTool, type ToolProcess } from '../src/tool/spawn.js';
import { median } from './measure.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOOL = path.join(ROOT, 'test', 'tools', 'good-node');
const RUNS = 2000;
const ROUNDS = 5;

/** The tool, with every /run body it is sent recorded. */
function recording(tool: ToolProcess, bodies: unknown[]): ToolProcess {
  const client = Object.create(tool.client) as ToolProcess['client'];
  client.postJson = (p, body, timeout) => {
    bodies.push(body);
    return tool.client.postJson(p, body, timeout);
  };
  return { ...tool, client };
}

export async function benchExplore(): Promise<void> {
  const load = loadManifest(TOOL);
  if (!load.ok) throw new Error('good-node has no usable tool.json');
  const manifest: Manifest = load.manifest;
  const started = await startTool({ toolDir: TOOL, entrypoint: 'main.js', runtime: runtimeFor(TOOL, 'main.js')! });
  if (!started.ok) throw new Error(started.message);
  const tool = started.tool;
  const exploreRates: number[] = [];
  const bareRates: number[] = [];
  try {
    // round 0 warms up pixie's modules and the tool's JIT for both sides, and is not counted
    for (let round = 0; round <= ROUNDS; round++) {
      const bodies: unknown[] = [];
      const watched = recording(tool, bodies);
      const t0 = performance.now();
      const result = await runExplore({
        manifest,
        tool: { current: () => watched, restart: async () => 'the bench tool must not fail' },
        seed: round + 1,
        runs: RUNS,
        seconds: 600,
      });
      const exploreMs = performance.now() - t0;
      if (result.failures.length) throw new Error(`good-node failed: ${result.failures[0]!.message}`);
      const t1 = performance.now();
      for (const body of bodies) {
        const res = await tool.client.postJson('/run', body, 10_000);
        if (res.status !== 200) throw new Error(`bare loop: HTTP ${res.status}`);
      }
      const bareMs = performance.now() - t1;
      if (round === 0) continue;
      exploreRates.push((result.requests / exploreMs) * 1000);
      bareRates.push((bodies.length / bareMs) * 1000);
    }
  } finally {
    await tool.stop();
  }
  const [e, b] = [median(exploreRates), median(bareRates)];
  console.log(
    `median of ${ROUNDS} rounds (after one to warm up) of ${RUNS} generated inputs against test/tools/good-node`,
  );
  console.log(`  bare loop of the same /run requests (peer)              ${b.toFixed(0).padStart(7)} runs/s`);
  console.log(`  pixie --explore (generate, send, judge, shrink)         ${e.toFixed(0).padStart(7)} runs/s`);
  console.log(`  throughput ratio explore / bare loop: ${(e / b).toFixed(2)}× (aim ≥ 0.8×)`);
}
