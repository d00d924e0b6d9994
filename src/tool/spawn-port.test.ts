// Another process holding the port pixie gave a tool answers the tool's /healthz before the tool
// has bound it: the tool must not be taken as started (its runs would reach the other process).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listensOn } from './listeners.js';
import { resolveEntrypoint, runtimeFor } from './runtime.js';
import { startTool } from './spawn.js';

const GOOD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/tools/good-node');
let squatter: http.Server;
let taken: number;

beforeAll(async () => {
  // answers 200 to everything, as a second tool on the same port would
  squatter = http.createServer((_req, res) => res.end('{"status":"ok","total":-1}'));
  await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
  taken = (squatter.address() as AddressInfo).port;
});
afterAll(() => new Promise((r) => squatter.close(r)));

describe('startTool when another process holds the port', () => {
  it('does not take the other process for the tool: the tool fails to bind, and it starts again on a new port', async () => {
    const entrypoint = resolveEntrypoint(GOOD)!;
    const result = await startTool({
      toolDir: GOOD,
      entrypoint,
      runtime: runtimeFor(GOOD, entrypoint)!,
      healthTimeoutMs: 15_000,
      portFor: async () => taken,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    try {
      expect(result.tool.port).not.toBe(taken);
      const run = await result.tool.client.postJson('/run', { inputs: { a: 2, b: 3 } }, 5000);
      expect(JSON.parse(run.text)).toEqual({ total: 5 });
    } finally {
      await result.tool.stop();
    }
  });

  it('listensOn tells this process (which holds the port) from one that does not', () => {
    expect(listensOn([process.pid], taken)).toBe(true);
    expect(listensOn([process.pid], taken === 1 ? 2 : taken - 1)).toBe(false);
  });
});
