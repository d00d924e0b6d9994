// Runs the real pixie CLI like runPixie, and also reports its peak resident memory: Linux keeps the
// high-water mark in /proc/<pid>/status (VmHWM), read every 50 ms until pixie exits.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type CliResult, PIXIE_BIN, REPO_ROOT } from './pixie.js';

export interface MeasuredResult extends CliResult {
  /** highest VmHWM seen, MiB */
  peakMb: number;
  /** pixie was killed by the harness's timeout (it did not exit by itself) */
  timedOut: boolean;
}

export function runPixieMeasured(
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<MeasuredResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [PIXIE_BIN, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1', ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    let peakKb = 0;
    const sample = () => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) peakKb = Math.max(peakKb, Number(m[1]));
      } catch {
        // exited
      }
    };
    const sampler = setInterval(sample, 50);
    let timedOut = false;
    const killer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs ?? 60_000);
    child.on('close', (code) => {
      clearInterval(sampler);
      clearTimeout(killer);
      resolve({ code: code ?? 99, stdout, stderr, peakMb: peakKb / 1024, timedOut });
    });
  });
}
