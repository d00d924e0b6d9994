import net from 'node:net';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { exposedListeners } from './listeners.js';

const servers: net.Server[] = [];
const sockets: net.Socket[] = [];
afterEach(() => {
  for (const c of sockets.splice(0)) c.destroy();
  for (const s of servers.splice(0)) s.close();
});

/** `count` connections from this process to its own server on `host`: established sockets at both ends. */
async function connect(host: string, count: number): Promise<void> {
  const port = await listen(host);
  for (let i = 0; i < count; i++)
    sockets.push(
      await new Promise<net.Socket>((resolve) => {
        const c = net.connect(port, host, () => resolve(c));
      }),
    );
}

function listen(host: string): Promise<number> {
  const server = net.createServer();
  servers.push(server);
  return new Promise((resolve) => server.listen(0, host, () => resolve((server.address() as net.AddressInfo).port)));
}

/** An address of this machine that is not loopback (binding it sends nothing anywhere), if it has one. */
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

describe('exposedListeners', () => {
  it.runIf(process.platform === 'linux')('names every-interface listeners and ignores loopback ones', async () => {
    const any4 = await listen('0.0.0.0');
    const any6 = await listen('::');
    const loop4 = await listen('127.0.0.1');
    const loop6 = await listen('::1');
    const found = exposedListeners([process.pid]);
    expect(found).toContain(`0.0.0.0:${any4}`);
    expect(found).toContain(`[::]:${any6}`);
    expect(found.some((a) => a.endsWith(`:${loop4}`) || a.endsWith(`:${loop6}`))).toBe(false);
  });

  // the tables are read only as far as their listeners: connected sockets, in whatever number and
  // made before the listeners or after, must neither hide a listener nor count as one
  it.runIf(process.platform === 'linux')('finds the listeners among many connected sockets', async () => {
    await connect('127.0.0.1', 40);
    await connect('::1', 40);
    const any4 = await listen('0.0.0.0');
    const any6 = await listen('::');
    await connect('127.0.0.1', 10);
    const found = exposedListeners([process.pid]);
    expect(found).toEqual([`0.0.0.0:${any4}`, `[::]:${any6}`].sort());
  });

  it.runIf(process.platform === 'linux' && lanAddress)('names a listener on a LAN address', async () => {
    const port = await listen(lanAddress!);
    expect(exposedListeners([process.pid])).toContain(`${lanAddress}:${port}`);
  });

  it('finds nothing for processes that hold no socket or are gone', () => {
    expect(exposedListeners([])).toEqual([]);
    expect(exposedListeners([2 ** 22 + 1])).toEqual([]);
  });
});
