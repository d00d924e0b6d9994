// Ports for tools. The kernel may hand the port of one probe to the next as soon as the first is
// closed, before its tool has bound it; with several tools starting at once (--jobs, the early start)
// two tools could then be given one port, and the first to bind would answer the other's /healthz and
// /run. So a port stays pixie's own from its probe until its tool is stopped, and a probe that returns
// one of them is made again.
import net from 'node:net';

const handedOut = new Set<number>();

function probe(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A port that was free a moment ago on 127.0.0.1 and that no other tool of this pixie holds; give it back with releasePort(). */
export async function freePort(ask: () => Promise<number> = probe): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const port = await ask();
    // the kernel's own choice when every try collides (it cannot while ports are this plentiful)
    if (!handedOut.has(port) || attempt >= 20) {
      handedOut.add(port);
      return port;
    }
  }
}

/** The tool that had `port` is stopped (or never started): the port may be handed out again. */
export function releasePort(port: number): void {
  handedOut.delete(port);
}
