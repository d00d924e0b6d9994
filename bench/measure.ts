import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Builds dist/, so that a bench times what users run: bin/pixie.js runs src/ through tsx when dist/
 * is older than src/, which is slower and, with tsx's source maps, hundreds of MiB larger.
 */
export function freshDist(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'ignore' });
}

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

/** Wall time of a command, in ms, failing unless it exits with `expectCode`. */
export async function timeChecked(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; expectCode?: number } = {},
): Promise<number> {
  const started = performance.now();
  const code = await new Promise<number>((resolve, reject) => {
    const child = execFile(
      cmd,
      args,
      { cwd: opts.cwd, env: { ...process.env, ...opts.env }, maxBuffer: 512 * 1024 * 1024 },
      (err) => {
        if (err && typeof (err as { code?: unknown }).code !== 'number') reject(err);
      },
    );
    child.on('exit', (c) => resolve(c ?? -1));
  });
  const ms = performance.now() - started;
  if (code !== (opts.expectCode ?? 0)) throw new Error(`${cmd} ${args.join(' ')} exited with ${code}`);
  return ms;
}

export interface Spread {
  min: number;
  median: number;
  max: number;
}

export function spread(xs: number[]): Spread {
  return { min: Math.min(...xs), median: median(xs), max: Math.max(...xs) };
}

/** `min / median / max` of a spread, each with `digits` decimals and a unit. */
export function showSpread(s: Spread, digits = 0, unit = ' ms'): string {
  return [s.min, s.median, s.max].map((x) => `${x.toFixed(digits)}${unit}`).join(' / ');
}

/**
 * Runs `a` and `b` in turn `runs` times (after one warm-up of each), alternating which goes first,
 * and returns both series and the ratio a/b pair by pair: pairing keeps the ratio meaningful while
 * a shared machine's speed drifts.
 */
export async function interleaved(
  a: () => Promise<number>,
  b: () => Promise<number>,
  runs: number,
): Promise<{ a: number[]; b: number[]; ratio: number[] }> {
  await a();
  await b();
  const out = { a: [] as number[], b: [] as number[], ratio: [] as number[] };
  for (let i = 0; i < runs; i++) {
    let ta: number;
    let tb: number;
    if (i % 2 === 0) {
      ta = await a();
      tb = await b();
    } else {
      tb = await b();
      ta = await a();
    }
    out.a.push(ta);
    out.b.push(tb);
    out.ratio.push(ta / tb);
  }
  return out;
}
