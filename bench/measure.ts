import { execFile } from 'node:child_process';

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Wall time of a command, in ms. */
export function timeCommand(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { cwd: opts.cwd, env: { ...process.env, ...opts.env }, maxBuffer: 64 * 1024 * 1024 }, (err) => {
      if (err && typeof (err as { code?: unknown }).code !== 'number') reject(err);
      else resolve(performance.now() - started);
    });
  });
}

export async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

export function row(label: string, ms: number): string {
  return `  ${label.padEnd(58)} ${ms.toFixed(0).padStart(7)} ms`;
}
