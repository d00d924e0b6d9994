// The interpreter a running Python tool ended up in, so pixie can ask that interpreter directly. A
// tool run as a bare `python3` may go through a version manager's shim (pyenv's costs ~0.25 s of
// shell scripts per start), which resolves the interpreter per folder; once the tool's process has
// exec'd into Python, its argv[0] names the interpreter the shim chose, as a path (a virtualenv's
// own bin/python, never the file it links to, so the environment stays the same).
import { readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The absolute interpreter path process `pid` runs as, once it is Python; null when it is not, or not within `waitMs`. */
export async function pythonOf(pid: number, waitMs: number): Promise<string | null> {
  if (process.platform !== 'linux') return null;
  const until = performance.now() + waitMs;
  for (;;) {
    try {
      if (/^(python|pypy)/.test(path.basename(readlinkSync(`/proc/${pid}/exe`)))) {
        const argv0 = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
        return path.isAbsolute(argv0) ? argv0 : null;
      }
    } catch {
      return null; // gone, or not ours to read
    }
    if (performance.now() > until) return null;
    await sleep(2); // a readlink costs microseconds: notice the exec at once
  }
}
