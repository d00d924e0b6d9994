// The real pixie CLI in a child process, with its peak resident memory (MiB) measured by the child
// itself, so hostile-input tests can hold pixie to a stated memory bound.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CliResult, PIXIE_BIN, REPO_ROOT } from './pixie.js';

const PRELOAD = path.join(REPO_ROOT, 'test', 'helpers', 'peak-rss.mjs');

export interface MeasuredResult extends CliResult {
  /** pixie's peak resident memory in MiB (NaN when it died before writing it) */
  peakMb: number;
}

export function runPixieMeasured(
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<MeasuredResult> {
  const peakFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'pixie-peak-')), 'peak');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', PRELOAD, PIXIE_BIN, ...args],
      {
        cwd: opts.cwd ?? REPO_ROOT,
        env: { ...process.env, NO_COLOR: '1', ...opts.env, PIXIE_TEST_PEAK_FILE: peakFile },
        timeout: opts.timeoutMs ?? 120_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (err, stdout, stderr) => {
        const code = err
          ? typeof (err as { code?: unknown }).code === 'number'
            ? (err as { code: number }).code
            : 99
          : 0;
        let peakMb = Number.NaN;
        try {
          peakMb = Number(readFileSync(peakFile, 'utf8'));
        } catch {
          // killed before exit
        }
        resolve({ code, stdout, stderr, peakMb });
      },
    );
  });
}
