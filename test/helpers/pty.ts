// Runs the real pixie CLI inside a pseudo-terminal, as a person at a terminal would, and types keys
// into it. A few lines of Python's standard pty module relay between the terminal and this process,
// so no native addon (node-pty has no prebuilt binary for this Node) is needed.
import { spawn } from 'node:child_process';
import { PIXIE_BIN, REPO_ROOT } from './pixie.js';

const RELAY = `
import os, pty, select, sys, struct, fcntl, termios
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', 50, 120, 0, 0))
stdin_open = True
while True:
    fds = [fd] + ([0] if stdin_open else [])
    ready, _, _ = select.select(fds, [], [])
    if fd in ready:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        os.write(1, data)
    if 0 in ready:
        data = os.read(0, 1024)
        if data:
            os.write(fd, data)
        else:
            stdin_open = False
_, status = os.waitpid(pid, 0)
sys.exit(os.waitstatus_to_exitcode(status))
`;

export interface PtyRun {
  /** everything the terminal showed so far, escape sequences and all */
  output(): string;
  /** types text into the terminal */
  type(text: string): void;
  /** waits until the output (after `from` characters) matches; throws with the output when it times out */
  waitFor(pattern: RegExp, opts?: { from?: number; timeoutMs?: number }): Promise<RegExpMatchArray>;
  exit: Promise<number>;
}

export function runPixieInPty(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): PtyRun {
  const child = spawn('python3', ['-c', RELAY, process.execPath, PIXIE_BIN, ...args], {
    cwd: opts.cwd ?? REPO_ROOT,
    env: { ...process.env, NO_COLOR: '1', TERM: 'xterm-256color', CI: '', ...opts.env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  child.stdout!.on('data', (b: Buffer) => {
    text += b.toString('utf8');
    for (const l of listeners) l();
  });
  const exit = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 99)));
  return {
    output: () => text,
    type: (t) => child.stdin!.write(t),
    waitFor(pattern, { from = 0, timeoutMs = 60_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = text.slice(from).match(pattern);
          if (!m) return false;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(m);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${pattern} in:\n${text.slice(from)}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    exit,
  };
}
