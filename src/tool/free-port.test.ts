import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, releasePort } from './free-port.js';

describe('freePort', () => {
  it('never hands out a port a running tool of this pixie holds, even when the kernel offers it again', async () => {
    // the kernel's answers, in order: it offers 41000 twice, as it may once the first probe closed
    const offers = [41000, 41000, 41001, 41000];
    const ask = async () => offers.shift()!;
    expect(await freePort(ask)).toBe(41000);
    expect(await freePort(ask)).toBe(41001);
    releasePort(41000);
    expect(await freePort(ask)).toBe(41000);
    releasePort(41000);
    releasePort(41001);
  });

  it('gives a real port on 127.0.0.1 that a server can listen on', async () => {
    const port = await freePort();
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.on('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((r) => server.close(r));
    releasePort(port);
  });
});
