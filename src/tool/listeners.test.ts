import net from 'node:net';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { exposedListeners } from './listeners.js';

const servers: net.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

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

  it.runIf(process.platform === 'linux' && lanAddress)('names a listener on a LAN address', async () => {
    const port = await listen(lanAddress!);
    expect(exposedListeners([process.pid])).toContain(`${lanAddress}:${port}`);
  });

  it('finds nothing for processes that hold no socket or are gone', () => {
    expect(exposedListeners([])).toEqual([]);
    expect(exposedListeners([2 ** 22 + 1])).toEqual([]);
  });
});
