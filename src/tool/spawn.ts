// Starting and stopping a tool process. Every tool runs in its own process group so that stopping
// it reaches its children too; every started group is registered so that an interrupted pixie
// (Ctrl-C, a thrown check, SIGKILL via the reaper) still leaves nothing behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { ToolClient } from './client.js';
import { toolEnvironment } from './environment.js';
import { freePort } from './free-port.js';
import {
  allProcesses,
  descendantsOf,
  killQuietly,
  peakResidentMbOf,
  pgidOf,
  processesWithEnv,
  stillAlive,
} from './processes.js';
import type { Runtime } from './runtime.js';
import { registerGroup, unregisterGroup } from './process-registry.js';
import { type HealthPoll, healthPollOf, slowStart } from './slow-start.js';

const STDERR_RING_BYTES = 64 * 1024;
const HEALTH_TIMEOUT_MS = 30_000;
export const SHUTDOWN_GRACE_MS = 5_000;

export interface StopResult {
  /** the leader and its whole group exited within the grace period after SIGTERM */
  graceful: boolean;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** processes still alive after the grace period (then killed) */
  killed: number;
  /** processes of the tool found outside its process group (setsid, detached): a group stop misses them */
  escaped: number;
  durationMs: number;
}

export interface ToolProcess {
  pid: number;
  port: number;
  client: ToolClient;
  /** the marker every process of this tool carries in its environment as PIXIE_RUN_ID */
  marker: string;
  stderrText(): string;
  exitStatus(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** highest resident memory (MiB) seen for the whole group so far; null where it can't be measured */
  peakMemoryMb(): number | null;
  stop(graceMs?: number): Promise<StopResult>;
}

export type StartResult =
  | { ok: true; tool: ToolProcess; durationMs: number }
  | { ok: false; message: string; details: string; stderr: string; durationMs: number };

export interface StartOptions {
  toolDir: string;
  entrypoint: string;
  runtime: Runtime;
  healthTimeoutMs?: number;
  maxResponseBytes?: number;
  /** variables passed from pixie's environment: declared secrets and the project's env.pass */
  passEnv?: readonly string[];
}

/** stderr kept as whole chunks, dropping the oldest once over the cap (the tail is what explains a crash) */
class Ring {
  private chunks: Buffer[] = [];
  private size = 0;
  constructor(private readonly cap: number) {}
  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size > this.cap && this.chunks.length > 1) this.size -= this.chunks.shift()!.length;
  }
  text(): string {
    const buf = Buffer.concat(this.chunks);
    return buf.subarray(Math.max(0, buf.length - this.cap)).toString('utf8');
  }
}

/** What pixie itself sets for every tool (docs/tool-format.md, start-up). */
function ownVariables(port: number, marker: string): Record<string, string> {
  return {
    PORT: String(port),
    PIXIE_VALIDATE: 'true',
    PIXIE_RUN_ID: marker,
    PYTHONUNBUFFERED: '1',
    PYTHONDONTWRITEBYTECODE: '1',
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `promise`, or `fallback` after `ms`; the timer is cleared either way so it never holds the process open. */
function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<F>((resolve) => {
      timer = setTimeout(() => resolve(fallback), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export async function startTool(opts: StartOptions): Promise<StartResult> {
  const started = performance.now();
  // a port can be taken between our probe and the tool's bind: try a fresh one once more
  let result = await startOnce(opts, started);
  if (!result.ok && /EADDRINUSE|address already in use/i.test(result.stderr)) result = await startOnce(opts, started);
  return result;
}

async function startOnce(opts: StartOptions, started: number): Promise<StartResult> {
  const port = await freePort();
  const marker = randomUUID();
  const stderr = new Ring(STDERR_RING_BYTES);
  const elapsed = () => performance.now() - started;
  let child: ChildProcess;
  try {
    child = spawn(opts.runtime.command, [...opts.runtime.preArgs, opts.entrypoint, '--port', String(port)], {
      cwd: opts.toolDir,
      env: toolEnvironment(opts.toolDir, opts.passEnv ?? [], ownVariables(port, marker)).env,
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true, // own process group: killpg reaches the tool's children
    });
  } catch (err) {
    return {
      ok: false,
      message: `could not start ${opts.runtime.label}: ${(err as Error).message}`,
      details: '',
      stderr: '',
      durationMs: elapsed(),
    };
  }
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  child.stderr!.on('data', (c: Buffer) => stderr.push(c));
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    });
  });
  // stderr may still be flowing when 'exit' fires; 'close' means every pipe is drained
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));

  const early = await within(spawnError, 0, null);
  if (early || child.pid === undefined) {
    const err = early ?? (await spawnError);
    return {
      ok: false,
      message: `could not start ${opts.runtime.label}: ${err.message}`,
      details: '',
      stderr: '',
      durationMs: elapsed(),
    };
  }
  const pid = child.pid;
  registerGroup(pid, marker);

  // One /proc scan every 200 ms: resident memory of the whole tool, and every descendant seen (so a
  // child that leaves the process group and clears its environment is still stopped later).
  const tracker = new ProcessTracker(pid);
  const sampler = setInterval(() => tracker.sample(), 200);
  sampler.unref();

  const client = new ToolClient(`http://127.0.0.1:${port}`, opts.maxResponseBytes);
  let stopping: Promise<StopResult> | null = null;

  const tool: ToolProcess = {
    pid,
    port,
    client,
    marker,
    stderrText: () => stderr.text(),
    exitStatus: () => exit,
    peakMemoryMb: () => {
      if (process.platform !== 'linux') return null;
      if (!exit) tracker.sample();
      const leaderPeak = exit ? null : peakResidentMbOf(pid);
      return Math.round(Math.max(tracker.peakMb, leaderPeak ?? 0) * 10) / 10;
    },
    stop: (graceMs = SHUTDOWN_GRACE_MS) =>
      (stopping ??= stopGroup(pid, marker, tracker, exited, closed, graceMs, () => {
        clearInterval(sampler);
        void client.close();
      })),
  };

  // poll /healthz until 200, the process exits, or the deadline passes
  const deadline = started + (opts.healthTimeoutMs ?? HEALTH_TIMEOUT_MS);
  let lastPoll: HealthPoll = null;
  while (performance.now() < deadline) {
    if (exit) break;
    try {
      const res = await client.get('/healthz', 1000);
      if (res.status === 200) {
        tracker.sample();
        return { ok: true, tool, durationMs: elapsed() };
      }
      lastPoll = healthPollOf(res);
    } catch (err) {
      lastPoll = healthPollOf(err); // not listening yet, or not answering
    }
    if (exit) break;
    // poll briskly while a fast tool is likely to come up, then ease off
    await within(exited, performance.now() - started < 1000 ? 20 : 100, null);
  }
  if (exit) await within(closed, 500, null);
  const exitNow = exit as { code: number | null; signal: NodeJS.Signals | null } | null;
  await tool.stop(2000);
  const log = stderr.text();
  if (exitNow) {
    const how = exitNow.signal ? `was killed by ${exitNow.signal}` : `exited with code ${exitNow.code}`;
    const hint =
      exitNow.code === 0 && !log.trim() && elapsed() < 2000
        ? `\nthe entrypoint returned at once without serving: does ${opts.entrypoint} start a server (for Python, an \`if __name__ == "__main__":\` block)?`
        : '';
    return {
      ok: false,
      message: `the tool ${how} during start-up`,
      details: `process ${how} during startup${hint}`,
      stderr: log,
      durationMs: elapsed(),
    };
  }
  const seconds = (opts.healthTimeoutMs ?? HEALTH_TIMEOUT_MS) / 1000;
  return { ok: false, ...slowStart(seconds, port, lastPoll), stderr: log, durationMs: elapsed() };
}

/** The tool's process group and every descendant seen, with resident-memory peaks. */
class ProcessTracker {
  peakMb = 0;
  /** pid → start time of every descendant ever seen (start time guards against pid reuse) */
  readonly known = new Map<number, number>();

  constructor(private readonly pgid: number) {}

  sample(): void {
    if (process.platform !== 'linux') return;
    const procs = allProcesses();
    const mine = new Map<number, number>();
    let kb = 0;
    for (const p of [...procs.filter((p) => p.pgid === this.pgid), ...descendantsOf(this.pgid, procs)]) {
      if (mine.has(p.pid)) continue;
      mine.set(p.pid, p.startTime);
      kb += p.rssKb;
      this.known.set(p.pid, p.startTime);
    }
    this.peakMb = Math.max(this.peakMb, kb / 1024);
  }

  /** Live processes of the tool: its group, known descendants, and carriers of its marker. */
  alive(marker: string): number[] {
    if (process.platform !== 'linux') return [];
    const pids = new Set<number>();
    for (const p of allProcesses()) if (p.pgid === this.pgid) pids.add(p.pid);
    for (const [pid, start] of this.known) if (stillAlive(pid, start)) pids.add(pid);
    for (const pid of processesWithEnv('PIXIE_RUN_ID', marker)) pids.add(pid);
    return [...pids];
  }
}

async function stopGroup(
  pgid: number,
  marker: string,
  tracker: ProcessTracker,
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>,
  closed: Promise<void>,
  graceMs: number,
  cleanup: () => void,
): Promise<StopResult> {
  const started = performance.now();
  tracker.sample();
  const escaped = tracker.alive(marker).filter((pid) => pgidOf(pid) !== pgid).length;
  killQuietly(-pgid, 'SIGTERM');
  for (const pid of tracker.alive(marker)) killQuietly(pid, 'SIGTERM'); // descendants outside the group
  const leaderExit = await within(exited, graceMs, null);
  // the leader may exit while a child ignores SIGTERM: wait out the rest of the grace for the others
  while (tracker.alive(marker).length > 0 && performance.now() - started < graceMs) await sleep(50);
  const survivors = tracker.alive(marker);
  killQuietly(-pgid, 'SIGKILL');
  for (const pid of survivors) killQuietly(pid, 'SIGKILL');
  const killed = survivors.length || (leaderExit ? 0 : 1);
  const final = leaderExit ?? (await within(exited, 2000, { code: null, signal: 'SIGKILL' as NodeJS.Signals }));
  await within(closed, 500, null);
  // wait until the kernel has really removed them, so "nothing survives" holds when we return
  const until = performance.now() + 2000;
  while (performance.now() < until && tracker.alive(marker).length > 0) await sleep(20);
  cleanup();
  unregisterGroup(pgid);
  return {
    graceful: killed === 0 && leaderExit !== null,
    exitCode: final.code,
    signal: final.signal,
    killed,
    escaped,
    durationMs: performance.now() - started,
  };
}
