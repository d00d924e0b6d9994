// What the subreaper costs: a tool started, answering /healthz, and stopped under pixie's subreaper
// (src/tool/subreaper.py) in namespaces of its own, under the subreaper in pixie's namespace (the
// fallback where the kernel allows none, forced by PIXIE_TEST_SHARED_PROCESSES), and directly (the
// fallback without python3, forced by a PATH with none), each measured in its own process; and the
// resident memory of the tool's parent (the namespace's init, or the subreaper).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allProcesses } from '../src/tool/processes.js';
import { runtimeFor } from '../src/tool/runtime.js';
import { startTool } from '../src/tool/spawn.js';
import { median, row, timeIt } from './measure.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);
const RUNS = 9;

/** In a child process: the median start-stop time and subreaper memory of RUNS starts. */
async function measureHere(): Promise<void> {
  const toolDir = path.join(ROOT, 'test', 'tools', 'good-node');
  const runtime = runtimeFor(toolDir, 'main.js')!;
  const times: number[] = [];
  const rss: number[] = [];
  let uncontained: string | null = null;
  for (let i = 0; i < RUNS; i++) {
    times.push(
      await timeIt(async () => {
        const r = await startTool({ toolDir, entrypoint: 'main.js', runtime });
        if (!r.ok) throw new Error(r.message);
        const parent = allProcesses().find((p) => p.pid === r.tool.pid)?.ppid;
        const status = parent ? readFileSync(`/proc/${parent}/status`, 'utf8') : '';
        if (status.includes('python')) rss.push(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
        uncontained = (await r.tool.stop()).uncontained;
      }),
    );
  }
  process.stdout.write(JSON.stringify({ ms: median(times), rssKb: rss.length ? median(rss) : 0, uncontained }));
}

function measureIn(env: NodeJS.ProcessEnv): Promise<{ ms: number; rssKb: number; uncontained: string | null }> {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['--import', 'tsx', SELF, '--measure-here'], { cwd: ROOT, env }, (err, out) =>
      err ? reject(err) : resolve(JSON.parse(out)),
    ),
  );
}

export async function benchContainment(): Promise<void> {
  const noPython = mkdtempSync(path.join(os.tmpdir(), 'pixie-bench-no-python-'));
  const under = await measureIn(process.env);
  const shared = await measureIn({ ...process.env, PIXIE_TEST_SHARED_PROCESSES: '1' });
  const direct = await measureIn({ ...process.env, PATH: noPython });
  if (under.uncontained || shared.uncontained || !direct.uncontained)
    throw new Error('the variants did not run as intended');
  console.log(`median of ${RUNS} runs each`);
  console.log(row('start + /healthz + stop, directly (peer)', direct.ms));
  console.log(row("start + /healthz + stop, subreaper, pixie's namespace", shared.ms));
  console.log(row('start + /healthz + stop, subreaper, own namespaces', under.ms));
  console.log(
    `  ratio subreaper / direct: ${(shared.ms / direct.ms).toFixed(2)}× in pixie's namespace, ${(under.ms / direct.ms).toFixed(2)}× in its own; the tool's parent's resident memory ${(shared.rssKb / 1024).toFixed(1)} MiB (subreaper), ${(under.rssKb / 1024).toFixed(1)} MiB (namespace's init)`,
  );
}

if (process.argv.includes('--measure-here')) await measureHere();
