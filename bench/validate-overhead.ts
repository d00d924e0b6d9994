// Issue 2: `pixie validate compound-interest` end to end vs the same tool merely starting and
// answering /healthz (the overhead ratio, aim ≤ 1.5×); and `pixie --help` vs a bare `node`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeFor } from '../src/tool/runtime.js';
import { startTool } from '../src/tool/spawn.js';
import { median, row, timeCommand, timeIt } from './measure.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PIXIE = path.join(ROOT, 'bin', 'pixie.js');
const RUNS = 5;

export async function benchValidateOverhead(): Promise<void> {
  // measure what users run: pixie from a fresh dist/ (bin/pixie.js falls back to tsx when stale)
  await timeCommand(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')]);
  const toolDir = path.join(ROOT, 'tools', 'compound-interest');
  const runtime = runtimeFor(toolDir, 'main.ts')!;
  const startOnly: number[] = [];
  const validate: number[] = [];
  const help: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    startOnly.push(
      await timeIt(async () => {
        const r = await startTool({ toolDir, entrypoint: 'main.ts', runtime });
        if (!r.ok) throw new Error(r.message);
        await r.tool.stop();
      }),
    );
    validate.push(
      await timeCommand(process.execPath, [PIXIE, 'validate', 'compound-interest', '--json'], { cwd: ROOT }),
    );
    help.push(await timeCommand(process.execPath, [PIXIE, '--help']));
    bare.push(await timeCommand(process.execPath, ['-e', '']));
  }
  const [s, v, h, b] = [median(startOnly), median(validate), median(help), median(bare)];
  console.log(`median of ${RUNS} runs`);
  console.log(row('tool start + /healthz + stop alone (peer)', s));
  console.log(row('pixie validate compound-interest (all 12 checks)', v));
  console.log(`  overhead ratio validate / start-alone: ${(v / s).toFixed(2)}× (aim ≤ 1.5×)`);
  console.log(row('node -e "" (peer)', b));
  console.log(row('pixie --help', h));
  console.log(`  start-up ratio pixie --help / bare node: ${(h / b).toFixed(2)}×`);
}
