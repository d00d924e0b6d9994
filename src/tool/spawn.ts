// Starting and stopping a tool process. Every tool runs in its own process group, under pixie's
// subreaper where the machine allows it (launch.ts), so that stopping it reaches every process it
// started; every started group is registered so that an interrupted pixie (Ctrl-C, a thrown check,
// SIGKILL via the reaper) still leaves nothing behind.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type FolderSeal, sealFolder } from '../source/folder-seal.js';
import { clampTimerMs, within } from '../util/timer.js';
import { ToolClient } from './client.js';
import { toolEnvironment } from './environment.js';
import { freePort, releasePort } from './free-port.js';
import { type Exit, launch, resumeIfStopped } from './launch.js';
import { exposedListeners, exposedOf, type Listener, listenersOf } from './listeners.js';
import { describeProcess, ProcessTracker } from './process-tracker.js';
import { isRunning, killQuietly, peakResidentMbOf, type ProcInfo } from './processes.js';
import type { Runtime } from './runtime.js';
import { registerGroup, unguardGroup, unregisterGroup } from './process-registry.js';
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
  /** processes of the tool still alive after SIGKILL, as `pid (command)` */
  survivors: string[];
  /** why the tool ran without pixie's subreaper (null when it had one): what pixie could not contain */
  uncontained: string | null;
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
  /**
   * What the tool holds as it is about to stop, from one listing of its processes: its peak memory
   * (as peakMemoryMb) and the addresses beyond loopback a process of it listens on (`0.0.0.0:8080`).
   */
  lastLook(): { peakMemoryMb: number | null; exposedListeners: string[] };
  /** the same when the tool first answered /healthz, read with the look that proved it was the tool answering */
  exposedAtStart: string[];
  /** why the tool shares pixie's process namespace, where it can read pixie's environment; null when it has its own */
  sharedProcesses: string | null;
  /** what reference/ held just before the tool's process started (check 12 proves the tool wrote nothing there) */
  referenceSeal: FolderSeal;
  stop(graceMs?: number): Promise<StopResult>;
}

export type StartResult =
  | { ok: true; tool: ToolProcess; durationMs: number }
  | {
      ok: false;
      message: string;
      details: string;
      stderr: string;
      durationMs: number;
      /** as ToolProcess's, when the tool's process did run */
      sharedProcesses?: string | null;
    };

export interface StartOptions {
  toolDir: string;
  entrypoint: string;
  runtime: Runtime;
  healthTimeoutMs?: number;
  maxResponseBytes?: number;
  /** variables passed from pixie's environment: declared secrets and the project's env.pass */
  passEnv?: readonly string[];
  /** told the tool's pid as soon as its process exists (before it is healthy) */
  onPid?(pid: number): void;
  /** where the tool's port comes from (tests hand out one that another process holds) */
  portFor?(): Promise<number>;
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

const PORT_TAKEN = /EADDRINUSE|address already in use/i;

export async function startTool(opts: StartOptions): Promise<StartResult> {
  const started = performance.now();
  // a port can be taken between our probe and the tool's bind: try a fresh one once more
  let result = await startOnce(opts, started);
  if (!result.ok && PORT_TAKEN.test(result.stderr)) result = await startOnce({ ...opts, portFor: undefined }, started);
  return result;
}

/** How long a 200 from /healthz may come from a process that is not the tool's before it is believed (a tool that serves through a proxy it does not own, such as a container's). */
const FOREIGN_ANSWER_MS = 2_000;

/**
 * Whether the process that answered /healthz on `port` is the tool's: one of its processes listens
 * there (and what its processes listen on, from the same look). Another process may hold the port
 * (taken between pixie's probe and the tool's bind, by a second pixie on the machine, say) and answer
 * while the tool is still starting; the tool then fails to bind and exits or says so (`failed`).
 * Where /proc cannot tell, or the tool neither listens nor fails for a while, the answer is believed.
 */
async function answeredByTool(
  pid: number,
  tracker: ProcessTracker,
  port: number,
  failed: () => boolean,
  exited: Promise<unknown>,
): Promise<{ ours: boolean; listeners: Listener[] | null }> {
  const since = performance.now();
  for (;;) {
    // one listing of /proc serves the memory sample and the processes whose sockets are looked at
    const listing = tracker.look();
    tracker.sample(listing);
    // the tool's own process too: the tracker may not have seen it yet
    const listeners = listenersOf([pid, ...tracker.alive(listing).map((p) => p.pid)]);
    if (listeners?.some((l) => l.port === port)) return { ours: true, listeners };
    if (failed()) return { ours: false, listeners };
    // /proc cannot tell (then the answer is believed), or the tool neither listens nor fails for a while
    if (listeners === null || performance.now() - since > FOREIGN_ANSWER_MS) return { ours: true, listeners };
    await within(exited, 20, null);
  }
}

async function startOnce(opts: StartOptions, started: number): Promise<StartResult> {
  const port = await (opts.portFor ?? freePort)();
  const marker = randomUUID();
  const stderr = new Ring(STDERR_RING_BYTES);
  const elapsed = () => performance.now() - started;
  const referenceSeal = sealFolder(path.join(opts.toolDir, 'reference'));
  const launched = await launch({
    command: opts.runtime.command,
    args: [...opts.runtime.preArgs, opts.entrypoint, '--port', String(port)],
    cwd: opts.toolDir,
    env: toolEnvironment(opts.toolDir, opts.passEnv ?? [], ownVariables(port, marker)).env,
    onStderr: (c) => stderr.push(c),
  });
  if (!launched.ok) {
    releasePort(port);
    return {
      ok: false,
      message: `could not start ${opts.runtime.label}: ${launched.error}`,
      details: '',
      stderr: '',
      durationMs: elapsed(),
    };
  }
  const proc = launched.launched;
  opts.onPid?.(proc.pid);
  let exit: Exit | null = null;
  const exited = proc.exited.then((e) => (exit = e));
  const pid = proc.pid;
  registerGroup(pid, marker, proc.uncontained() === null);

  // One /proc scan every 200 ms: resident memory of the whole tool, and every process of it seen (so
  // without a subreaper, a child that leaves the group and clears its environment is still stopped).
  const tracker = new ProcessTracker(pid, proc.treeRoot, () => proc.uncontained() === null, marker);
  const sampler = setInterval(() => {
    tracker.sample();
    if (proc.uncontained() !== null) unguardGroup(pid);
    // a tool that sees its subreaper (no namespace of its own) may stop it; it is continued at once
    if (proc.shared !== null && proc.reaperPid) resumeIfStopped(proc.reaperPid);
  }, 200);
  sampler.unref();

  const client = new ToolClient(`http://127.0.0.1:${port}`, opts.maxResponseBytes);
  /** `listing`: one just read, when the caller needs one too */
  const peakMemoryMb = (listing?: ProcInfo[]): number | null => {
    if (process.platform !== 'linux') return null;
    if (!exit) tracker.sample(listing);
    const leaderPeak = exit ? null : peakResidentMbOf(pid);
    return Math.round(Math.max(tracker.peakMb, leaderPeak ?? 0) * 10) / 10;
  };
  let stopping: Promise<StopResult> | null = null;

  const tool: ToolProcess = {
    pid,
    port,
    client,
    marker,
    stderrText: () => stderr.text(),
    exitStatus: () => exit,
    peakMemoryMb: () => peakMemoryMb(),
    lastLook: () => {
      const listing = tracker.look();
      return {
        peakMemoryMb: peakMemoryMb(listing),
        exposedListeners: exposedListeners(tracker.alive(listing).map((p) => p.pid)),
      };
    },
    exposedAtStart: [],
    sharedProcesses: proc.shared,
    referenceSeal,
    stop: (graceMs = SHUTDOWN_GRACE_MS) =>
      (stopping ??= stopGroup(pid, tracker, exited, graceMs, proc.uncontained, async () => {
        clearInterval(sampler);
        await Promise.all([client.close(), proc.release()]);
        releasePort(port);
      })),
  };

  // poll /healthz until 200, the process exits, or the deadline passes
  const healthMs = clampTimerMs(opts.healthTimeoutMs ?? HEALTH_TIMEOUT_MS);
  const deadline = started + healthMs;
  let lastPoll: HealthPoll = null;
  while (performance.now() < deadline) {
    if (exit) break;
    try {
      const res = await client.get('/healthz', 1000);
      if (res.status === 200) {
        const answered = await answeredByTool(
          pid,
          tracker,
          port,
          () => exit !== null || PORT_TAKEN.test(stderr.text()),
          exited,
        );
        if (answered.ours) {
          tool.exposedAtStart = exposedOf(answered.listeners);
          return { ok: true, tool, durationMs: elapsed() };
        }
        break; // another process holds the port: the tool exits or says so, and startTool tries a new one
      }
      lastPoll = healthPollOf(res);
    } catch (err) {
      lastPoll = healthPollOf(err); // not listening yet, or not answering
    }
    if (exit) break;
    // poll briskly while a fast tool is likely to come up (a refused poll costs ~0.2 ms), then ease off
    const since = performance.now() - started;
    await within(exited, since < 500 ? 5 : since < 1000 ? 20 : 100, null);
  }
  if (exit) await within(proc.drained, 500, null);
  const exitNow = exit as Exit | null;
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
      sharedProcesses: proc.shared,
    };
  }
  const seconds = healthMs / 1000;
  return {
    ok: false,
    ...slowStart(seconds, port, lastPoll),
    stderr: log,
    durationMs: elapsed(),
    sharedProcesses: proc.shared,
  };
}

async function stopGroup(
  pgid: number,
  tracker: ProcessTracker,
  exited: Promise<Exit>,
  graceMs: number,
  uncontained: () => string | null,
  release: () => Promise<void>,
): Promise<StopResult> {
  const started = performance.now();
  // one listing of /proc serves the last memory sample and the processes to signal
  const listing = tracker.look();
  tracker.sample(listing);
  const members = tracker.alive(listing);
  const escaped = members.filter((p) => p.pgid !== pgid).length;
  killQuietly(-pgid, 'SIGTERM');
  for (const p of members) killQuietly(p.pid, 'SIGTERM'); // descendants outside the group
  let leaderExit = await within(exited, graceMs, null);
  // a main thread held up meanwhile (a long comparison while the tool stops) sees the grace timer
  // before the exit it would have seen in time: /proc says whether the tool really outlived it
  if (!leaderExit && process.platform === 'linux' && !isRunning(pgid)) leaderExit = await within(exited, 2000, null);
  // the leader may exit while a child ignores SIGTERM: wait out the rest of the grace for the others,
  // looking briskly at first (most children follow their leader within milliseconds)
  let left = tracker.alive();
  while (left.length > 0 && performance.now() - started < graceMs) {
    await sleep(performance.now() - started < 500 ? 10 : 50);
    left = tracker.alive();
  }
  const stubborn = left;
  killQuietly(-pgid, 'SIGKILL');
  for (const p of stubborn) killQuietly(p.pid, 'SIGKILL');
  const killed = stubborn.length || (leaderExit ? 0 : 1);
  const final = leaderExit ?? (await within(exited, 2000, { code: null, signal: 'SIGKILL' as NodeJS.Signals }));
  // wait until the kernel has really removed them, so "nothing survives" holds when we return; a
  // process forked between a listing and its kill is caught by the next round (with none alive at
  // the last listing, none can have forked since)
  const until = performance.now() + 2000;
  for (left = stubborn.length ? tracker.alive() : []; left.length > 0; left = tracker.alive()) {
    if (performance.now() > until) break;
    for (const p of left) killQuietly(p.pid, 'SIGKILL');
    await sleep(10);
  }
  // named while the subreaper still holds them: once it exits they would be init's
  const survivors = (left.length ? tracker.alive() : []).map((p) => describeProcess(p.pid));
  const notContained = uncontained();
  await release();
  unregisterGroup(pgid);
  return {
    graceful: killed === 0 && leaderExit !== null,
    exitCode: final.code,
    signal: final.signal,
    killed,
    escaped,
    survivors,
    uncontained: notContained,
    durationMs: performance.now() - started,
  };
}
