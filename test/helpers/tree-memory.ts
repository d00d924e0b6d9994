// The real pixie CLI with the peak resident memory of pixie and its comparison processes together
// (their VmRSS summed every 50 ms from /proc, Linux), and optionally a signal sent once a comparison
// process has been running for a while, timing how long pixie then takes to exit.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { type CliResult, PIXIE_BIN, REPO_ROOT } from './pixie.js';

export interface TreeResult extends CliResult {
  /** highest sum of VmRSS over pixie and its comparison processes, MiB */
  peakMb: number;
  /** ms from the signal to pixie's exit, when one was sent */
  exitAfterSignalMs: number | null;
  /** every comparison process seen */
  comparisonPids: number[];
}

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Live processes whose parent is `pid` (zombies left out). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] !== 'Z' && Number(fields[1]) === pid) out.push(Number(name));
  }
  return out;
}

/** pixie's comparison processes (bounded/compare-child), by their command line. */
function comparisonProcesses(pixiePid: number): number[] {
  return childrenOf(pixiePid).filter((p) => /compare-child/.test(read(`/proc/${p}/cmdline`) ?? ''));
}

const rssKb = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(read(`/proc/${pid}/status`) ?? '')?.[1] ?? 0);

export function runPixieTree(
  args: string[],
  opts: {
    env?: NodeJS.ProcessEnv;
    timeoutMs?: number;
    /** sent to pixie once a comparison process has run this long */
    signal?: { name: NodeJS.Signals; afterComparingMs: number };
  } = {},
): Promise<TreeResult> {
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
    const seen = new Set<number>();
    let comparingSince: number | null = null;
    let signalledAt: number | null = null;
    const pid = child.pid!;
    const sampler = setInterval(() => {
      const comparing = comparisonProcesses(pid);
      for (const p of comparing) seen.add(p);
      peakKb = Math.max(peakKb, rssKb(pid) + comparing.reduce((n, p) => n + rssKb(p), 0));
      if (comparing.length && comparingSince === null) comparingSince = Date.now();
      if (opts.signal && signalledAt === null && comparingSince !== null) {
        if (Date.now() - comparingSince >= opts.signal.afterComparingMs) {
          signalledAt = Date.now();
          child.kill(opts.signal.name);
        }
      }
    }, 50);
    const killer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120_000);
    child.on('close', (code, signal) => {
      clearInterval(sampler);
      clearTimeout(killer);
      resolve({
        code: code ?? (signal ? 128 : 99),
        stdout,
        stderr,
        peakMb: peakKb / 1024,
        exitAfterSignalMs: signalledAt === null ? null : Date.now() - signalledAt,
        comparisonPids: [...seen],
      });
    });
  });
}

/** Whether a process is alive (not a zombie). */
export function alive(pid: number): boolean {
  const stat = read(`/proc/${pid}/stat`);
  return stat !== null && !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
}
