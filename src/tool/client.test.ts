import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolClient, ToolHttpError } from './client.js';

// a server in its own process, on raw sockets so it sends no Keep-Alive hint (clients honour one):
// it answers each request, then closes the connection 50 ms after its last answer; with
// `close-all` it closes every connection as soon as a request arrives
const SERVER = `
const net = require('node:net');
const mode = process.argv[1];
const server = net.createServer((socket) => {
  let timer = null;
  let buffered = '';
  socket.on('data', (chunk) => {
    if (mode === 'close-all') return socket.destroy();
    buffered += chunk;
    const end = buffered.indexOf('\\r\\n\\r\\n');
    if (end < 0) return;
    const head = buffered.slice(0, end);
    const length = Number(/content-length: *(\\d+)/i.exec(head)?.[1] ?? 0);
    if (buffered.length < end + 4 + length) return;
    buffered = buffered.slice(end + 4 + length);
    const url = head.split(' ')[1];
    const body = JSON.stringify({ url });
    socket.write('HTTP/1.1 200 OK\\r\\ncontent-type: application/json\\r\\ncontent-length: ' + body.length + '\\r\\n\\r\\n' + body);
    clearTimeout(timer);
    timer = setTimeout(() => socket.end(), 50);
  });
  socket.on('error', () => {});
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

let child: ChildProcess | null = null;
afterEach(() => {
  child?.kill();
  child = null;
});

function startServer(mode: 'keep-alive' | 'close-all'): Promise<ToolClient> {
  child = spawn(process.execPath, ['-e', SERVER, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) =>
    child!.stdout!.once('data', (d: Buffer) => resolve(new ToolClient(`http://127.0.0.1:${String(d).trim()}`))),
  );
}

function blockFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // pixie busy (parsing a large fixture): the tool's close of the idle connection goes unseen
  }
}

describe('ToolClient', () => {
  it('retries on a new connection a request sent on a kept-alive one the tool had already closed', async () => {
    const client = await startServer('keep-alive');
    try {
      expect((await client.get('/first', 2000)).status).toBe(200);
      for (let i = 0; i < 3; i++) {
        blockFor(300);
        const r = await client.postJson('/run', { i }, 2000);
        expect(r.status).toBe(200);
        expect(JSON.parse(r.text)).toEqual({ url: '/run' });
      }
    } finally {
      await client.close();
    }
  });

  it('says the tool closed the connection only when it closes a fresh one too', async () => {
    const client = await startServer('close-all');
    try {
      const err = await client.postJson('/run', {}, 2000).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ToolHttpError);
      expect((err as ToolHttpError).message).toBe('POST /run failed: connection closed by the tool');
    } finally {
      await client.close();
    }
  });
});
