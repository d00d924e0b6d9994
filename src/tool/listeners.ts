// TCP sockets a tool's processes listen on beyond loopback (0.0.0.0, ::, a LAN address): reachable
// from other machines, which a tool under validation never needs (docs/checks.md, check 6). Read
// from Linux's /proc: the socket inodes a process holds (/proc/<pid>/fd) matched against the
// listening sockets of its network namespace (/proc/<pid>/net/tcp and tcp6). No library reads these.
import { closeSync, openSync, readdirSync, readFileSync, readlinkSync, readSync } from 'node:fs';
import { endianness } from 'node:os';

const LISTEN = '0A';
const SYN_RECV = '03';

/** The socket inodes a process holds; null when its fds cannot be read (gone, or not ours). */
function readInodes(pid: number): Set<string> | null {
  const out = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) out.add(m[1]!);
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    return null;
  }
  return out;
}

/** The bytes of one 32-bit word as the kernel printed it (in host order). */
function wordBytes(hex: string): number[] {
  const bytes = [0, 2, 4, 6].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return endianness() === 'LE' ? bytes.reverse() : bytes;
}

/** RFC 5952 text: the longest run of two or more zero groups becomes '::'. */
function compressed(groups: string[]): string {
  let best = 0;
  let bestLen = 0;
  for (let i = 0; i < groups.length; ) {
    let j = i;
    while (j < groups.length && groups[j] === '0') j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  if (bestLen < 2) return groups.join(':');
  return `${groups.slice(0, best).join(':')}::${groups.slice(best + bestLen).join(':')}`;
}

function addressOf(hex: string): { text: string; loopback: boolean } {
  if (hex.length === 8) {
    const b = wordBytes(hex);
    return { text: b.join('.'), loopback: b[0] === 127 };
  }
  const b = [0, 8, 16, 24].flatMap((i) => wordBytes(hex.slice(i, i + 8)));
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((b[i]! << 8) | b[i + 1]!).toString(16));
  const mapped = b.slice(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff;
  const loopback = (b.slice(0, 15).every((x) => x === 0) && b[15] === 1) || (mapped && b[12] === 127);
  const text = mapped ? `::ffff:${b.slice(12).join('.')}` : compressed(groups);
  return { text: `[${text}]`, loopback };
}

export interface Listener {
  /** `0.0.0.0:8080`, `[::]:8080` */
  text: string;
  port: number;
  loopback: boolean;
}

/**
 * A TCP table's rows up to the end of its listening section. The kernel lists the listening sockets
 * first (its listening hash, then the established one) and makes rows only as a read asks for them,
 * so reading a little at a time and stopping at the first row in another state spares the walk of
 * the whole established hash (~4 ms on a machine with a large one, however few sockets it holds).
 * Older kernels list a listener's half-open connections (SYN_RECV) under it: those do not end it.
 */
function listeningRows(file: string): string[] {
  const fd = openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(1024);
    const rows: string[] = [];
    let partial = '';
    let header = true;
    for (;;) {
      const bytesRead = readSync(fd, chunk, 0, chunk.length, null);
      if (bytesRead === 0) return rows;
      const lines = (partial + chunk.toString('latin1', 0, bytesRead)).split('\n');
      partial = lines.pop()!;
      for (const line of lines) {
        if (header) {
          header = false;
          continue;
        }
        rows.push(line);
        const state = line.trim().split(/\s+/)[3];
        if (state !== LISTEN && state !== SYN_RECV) return rows;
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** How many TCP sockets of a network namespace are open (listening or connected), from its sockstat file; null if unreadable. */
function tcpInUse(pid: number, table: 'tcp' | 'tcp6'): number | null {
  try {
    const text = readFileSync(`/proc/${pid}/net/${table === 'tcp' ? 'sockstat' : 'sockstat6'}`, 'utf8');
    const m = new RegExp(`^${table === 'tcp' ? 'TCP' : 'TCP6'}: inuse (\\d+)`, 'm').exec(text);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** The rows of one table a process sees that can hold listeners: none when its namespace has no socket of that kind. */
function tableRows(pid: number, table: string): string[] {
  if (table === 'unix') return readFileSync(`/proc/${pid}/net/unix`, 'utf8').split('\n').slice(1);
  if (tcpInUse(pid, table as 'tcp' | 'tcp6') === 0) return [];
  return listeningRows(`/proc/${pid}/net/${table}`);
}

/**
 * The TCP sockets these processes listen on, read at once; null where /proc cannot tell (not Linux,
 * or no process's sockets readable). Each table is read once per network namespace, only as far as
 * its listeners (listeningRows), and the next one only for sockets not yet found: unix ones, such
 * as a stdio pipe, are cheap to rule out, and IPv6 is skipped when the namespace has no IPv6 TCP
 * socket.
 */
export function listenersOf(pids: readonly number[]): Listener[] | null {
  if (process.platform !== 'linux') return null;
  let told = false;
  const found = new Map<string, Listener>();
  const tablesRead = new Map<string, string[]>();
  for (const pid of new Set(pids)) {
    const inodes = readInodes(pid);
    if (!inodes) continue;
    told = true;
    for (const table of ['tcp', 'unix', 'tcp6']) {
      if (!inodes.size) break;
      let rows: string[];
      try {
        // sockets live in a network namespace: read the table this process sees
        const key = `${readlinkSync(`/proc/${pid}/ns/net`)} ${table}`;
        rows = tablesRead.get(key) ?? tableRows(pid, table);
        tablesRead.set(key, rows);
      } catch {
        continue;
      }
      for (const row of rows) {
        const f = row.trim().split(/\s+/);
        // unix: f[6] = inode; tcp: f[1] = local address:port, f[3] = state, f[9] = inode
        const inode = (table === 'unix' ? f[6] : f[9]) ?? '';
        if (!inodes.delete(inode) || table === 'unix' || f[3] !== LISTEN) continue;
        const [addrHex, portHex] = f[1]!.split(':');
        const addr = addressOf(addrHex!);
        const port = Number.parseInt(portHex!, 16);
        found.set(`${addr.text}:${port}`, { text: `${addr.text}:${port}`, port, loopback: addr.loopback });
      }
    }
  }
  return told ? [...found.values()] : null;
}

/** Listening addresses beyond loopback among these, as `0.0.0.0:8080` or `[::]:8080`, sorted. */
export function exposedOf(listeners: readonly Listener[] | null): string[] {
  return (listeners ?? [])
    .filter((l) => !l.loopback)
    .map((l) => l.text)
    .sort();
}

/** Listening addresses beyond loopback held by these processes, as `0.0.0.0:8080` or `[::]:8080`. */
export function exposedListeners(pids: readonly number[]): string[] {
  return exposedOf(listenersOf(pids));
}

/**
 * Whether one of these processes listens on TCP `port` (any address, IPv4 or IPv6); null where
 * /proc cannot tell (not Linux, or no process's sockets readable).
 */
export function listensOn(pids: readonly number[], port: number): boolean | null {
  const listeners = listenersOf(pids);
  return listeners === null ? null : listeners.some((l) => l.port === port);
}
