// GET /api/tools with 200 generated tools on disk under 50 concurrent connections: p50/p99 latency
// and throughput of `pixie serve` (cached registry, default 250 ms rescan), of the same with a disk
// check on every request (rescanMs 0: stats, no parse), and of the peer existing Pixie behaves like
// (rediscover and re-parse every tool.json on every request). Each server runs in its own process.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';

const TOOLS = 200;
const CONNECTIONS = 50;
const DURATION_MS = 4000;
const WARMUP_MS = 800;

function generateTools(root: string): string {
  const toolsDir = path.join(root, 'tools');
  for (let i = 0; i < TOOLS; i++) {
    const id = `tool-${String(i).padStart(3, '0')}`;
    const dir = path.join(toolsDir, id);
    mkdirSync(path.join(dir, 'reference'), { recursive: true });
    writeFileSync(
      path.join(dir, 'tool.json'),
      JSON.stringify(
        {
          id,
          name: `Tool ${i}`,
          description: 'generated for the serve benchmark',
          version: '1.0.0',
          category: `Bench/${i % 7}`,
          inputs: [
            { key: 'a', type: 'number', label: 'A', default: 1, min: 0, max: 100 },
            {
              key: 'mode',
              type: 'select',
              label: 'Mode',
              default: 'x',
              options: [
                { value: 'x', label: 'X' },
                { value: 'y', label: 'Y' },
              ],
            },
          ],
          outputs: [
            { key: 'n', type: 'number', label: 'N' },
            { key: 't', type: 'table', label: 'T', columns: [{ key: 'k', label: 'K' }] },
          ],
        },
        null,
        2,
      ),
    );
    writeFileSync(path.join(dir, 'main.py'), 'print("bench")\n');
    writeFileSync(path.join(dir, 'pyproject.toml'), `[project]\nname = "${id}"\nversion = "1.0.0"\n`);
    for (let f = 0; f < 3; f++) {
      writeFileSync(
        path.join(dir, 'reference', `fixture_${f}.json`),
        JSON.stringify({ name: `F${f}`, inputs: { a: f }, expected_outputs: { n: f } }),
      );
    }
  }
  return toolsDir;
}

type Variant = 'serve' | 'serve-rescan-0' | 'reparse-per-request';

/** Child process entry: serve one variant, print the port. */
async function target(variant: Variant, toolsDir: string, stateDir: string): Promise<void> {
  const { serve } = await import('@hono/node-server');
  let fetch: (req: Request) => Response | Promise<Response>;
  if (variant === 'reparse-per-request') {
    const { Hono } = await import('hono');
    const { discoverTools } = await import('../src/project/discover.js');
    const { loadManifest } = await import('../src/tool/manifest.js');
    const app = new Hono();
    app.get('/api/tools', (c) =>
      c.json(
        discoverTools(toolsDir).map((dir) => {
          const load = loadManifest(dir);
          const m = load.ok ? (load.manifest as unknown as { id: string; name: string; category?: string }) : null;
          return {
            id: path.basename(dir),
            name: m?.name ?? path.basename(dir),
            category: m?.category ?? null,
            validation: 'unchecked',
          };
        }),
      ),
    );
    fetch = app.fetch;
  } else {
    const { createApp } = await import('../src/server/app.js');
    const { app, registry } = createApp({ toolsDir, stateDir, rescanMs: variant === 'serve-rescan-0' ? 0 : undefined });
    app.get('/bench/stats', (c) => c.json(registry.stats));
    fetch = app.fetch;
  }
  const server = serve({ fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
    process.stdout.write(`port ${info.port}\n`),
  );
  process.on('SIGTERM', () => {
    server.close();
    process.exit(0);
  });
}

function startTarget(
  variant: Variant,
  toolsDir: string,
  stateDir: string,
): Promise<{ child: ChildProcess; base: string }> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', self, '--serve-target', variant, toolsDir, stateDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /port (\d+)/.exec(out);
      if (m) resolve({ child, base: `http://127.0.0.1:${m[1]}` });
    });
    child.on('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)));
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function load(base: string): Promise<{ p50: number; p99: number; rps: number; n: number; bytes: number }> {
  const pool = new Pool(base, { connections: CONNECTIONS, pipelining: 1 });
  const latencies: number[] = [];
  let bytes = 0;
  let recording = false;
  const started = performance.now();
  let stopAt = started + WARMUP_MS + DURATION_MS;
  setTimeout(() => {
    recording = true;
  }, WARMUP_MS);
  let measureStart = 0;
  const worker = async () => {
    while (performance.now() < stopAt) {
      const t0 = performance.now();
      const res = await pool.request({ path: '/api/tools', method: 'GET' });
      const body = await res.body.arrayBuffer();
      if (res.statusCode !== 200) throw new Error(`GET /api/tools answered ${res.statusCode}`);
      if (recording) {
        if (!measureStart) measureStart = t0;
        latencies.push(performance.now() - t0);
        bytes = body.byteLength;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = performance.now() - measureStart;
  stopAt = 0;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rps: (latencies.length / elapsed) * 1000,
    n: latencies.length,
    bytes,
  };
}

export async function benchServe(): Promise<Record<Variant, { p50: number; p99: number; rps: number }>> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'pixie-bench-serve-'));
  try {
    const toolsDir = generateTools(root);
    const stateDir = path.join(root, '.pixie');
    // every tool has a stored report, so the listing carries real statuses (read once, then cached)
    const { ReportStore } = await import('../src/server/report-store.js');
    const store = new ReportStore(stateDir);
    const { uniformReport } = await import('../src/checks/index.js');
    const { ToolRegistry } = await import('../src/server/tool-registry.js');
    const registry = new ToolRegistry(toolsDir);
    for (const e of registry.list()) {
      store.save(e.id, {
        kind: 'validate',
        fingerprint: e.fingerprint,
        report: uniformReport({ id: e.id, path: e.dir }, 'pass', 'ok', { duration_ms: 1 }),
      });
    }
    console.log(
      `  ${TOOLS} tools on disk (3 fixtures each, one stored report each); ${CONNECTIONS} connections; ${DURATION_MS / 1000} s per variant after ${WARMUP_MS} ms warm-up`,
    );
    const results = {} as Record<Variant, { p50: number; p99: number; rps: number }>;
    for (const variant of ['serve', 'serve-rescan-0', 'reparse-per-request'] as Variant[]) {
      const { child, base } = await startTarget(variant, toolsDir, stateDir);
      try {
        const r = await load(base);
        let note = '';
        if (variant !== 'reparse-per-request') {
          const stats = (await (await fetch(`${base}/bench/stats`)).json()) as {
            scans: number;
            manifestParses: number;
          };
          note = `  (${stats.scans} scans, ${stats.manifestParses} manifest parses in ${r.n} requests)`;
        }
        results[variant] = { p50: r.p50, p99: r.p99, rps: r.rps };
        console.log(
          `  ${variant.padEnd(22)} p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  ${r.rps.toFixed(0).padStart(6)} req/s  ${(r.bytes / 1024).toFixed(1)} KiB/response${note}`,
        );
      } finally {
        child.kill('SIGTERM');
      }
    }
    const peer = results['reparse-per-request'];
    console.log(
      `  pixie serve vs re-parse per request: p50 ${(peer.p50 / results.serve.p50).toFixed(1)}x lower, p99 ${(peer.p99 / results.serve.p99).toFixed(1)}x lower, throughput ${(results.serve.rps / peer.rps).toFixed(1)}x`,
    );
    console.log(
      `  stats on every request (rescanMs 0, no parse) vs peer: p50 ratio ${(peer.p50 / results['serve-rescan-0'].p50).toFixed(1)}x — the win is not touching the disk per request`,
    );
    return results;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve-target') {
  await target(process.argv[3] as Variant, process.argv[4]!, process.argv[5]!);
} else if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await benchServe();
}
