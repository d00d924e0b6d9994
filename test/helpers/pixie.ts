// Runs the real pixie CLI in a child process, as a user would.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PIXIE_BIN = path.join(REPO_ROOT, 'bin', 'pixie.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runPixie(
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; uid?: number; input?: string } = {},
): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [PIXIE_BIN, ...args],
      {
        cwd: opts.cwd ?? REPO_ROOT,
        env: { ...process.env, NO_COLOR: '1', ...opts.env },
        timeout: opts.timeoutMs ?? 120_000,
        maxBuffer: 64 * 1024 * 1024,
        // another user (root's tests of what pixie does without root), in that user's own group
        ...(opts.uid !== undefined ? { uid: opts.uid, gid: opts.uid } : {}),
      },
      (err, stdout, stderr) => {
        const code = err
          ? typeof (err as { code?: unknown }).code === 'number'
            ? (err as { code: number }).code
            : 99
          : 0;
        resolve({ code, stdout, stderr });
      },
    );
    // what a user types (pixie review reads one key per line when stdin is not a terminal)
    if (opts.input !== undefined) child.stdin?.end(opts.input);
  });
}
