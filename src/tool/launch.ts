// Starting a tool's process: under pixie's subreaper (subreaper.py) when the machine allows it,
// else directly in its own process group. Under the subreaper every process the tool ever starts
// stays a descendant of one known process, whatever it does (double fork, setsid, an empty
// environment, chdir, closed fds); directly, a process that leaves the group and drops the
// PIXIE_RUN_ID marker can be lost, and check 11 says so (docs/checks.md, shutdown). Under the
// subreaper the tool also runs, where the kernel allows, in a PID and mount namespace of its own, so
// it cannot see pixie's processes nor read their environment; where it cannot, check 6 says so.
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, closeSync, constants as fsConstants, openSync, readSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { within } from '../util/timer.js';
import { baseEnvironment } from './environment.js';
import { isRunning, isStopped } from './processes.js';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface LaunchSpec {
  command: string;
  args: string[];
  cwd: string;
  /** the tool's environment */
  env: NodeJS.ProcessEnv;
  /** every chunk the tool writes to stderr, from its first */
  onStderr(chunk: Buffer): void;
}

interface Launched {
  /** the tool's own process, leader of its own process group */
  pid: number;
  /** the subreaper every process of the tool descends from; null when the tool runs uncontained */
  reaperPid: number | null;
  /** the process every process of the tool descends from, itself not one of them: the namespace's init, the subreaper, or the tool */
  treeRoot: number;
  /** why the tool shares pixie's process namespace (and can read pixie's environment); null when it has its own */
  shared: string | null;
  /** why the tool runs without a subreaper (null while it has one); set too if the subreaper is killed early */
  uncontained(): string | null;
  /** the tool's own process exited */
  exited: Promise<Exit>;
  /** every holder of the tool's stderr pipe closed it */
  drained: Promise<void>;
  /** After the tool was stopped: lets the subreaper sweep and exit, and drops every handle so none keeps pixie alive. */
  release(): Promise<void>;
}

export type LaunchResult = { ok: true; launched: Launched } | { ok: false; error: string };

const SUBREAPER = fileURLToPath(new URL('./subreaper.py', import.meta.url));
/** found on pixie's PATH; never a tool's own .venv interpreter, which is the tool's code */
const PYTHON = 'python3';
/** the interpreter behind PYTHON once one launch reported it: later ones skip a shim (pyenv's costs ~0.25 s) */
let resolvedPython: string | null = null;
/** the first PYTHON on PATH that is a program, not a version manager's shim script (set once looked up) */
let programPython: string | null = null;

const ELF = Buffer.from([0x7f, 0x45, 0x4c, 0x46]);

/**
 * The subreaper needs any Python 3 (it runs with -I -S, standard library only), so the first
 * PYTHON on PATH that is a compiled program is taken over a shim before it (pyenv's, asdf's: shell
 * scripts that cost ~0.1–0.25 s per start); PYTHON itself when there is none.
 */
export function subreaperPython(): string {
  if (programPython) return programPython;
  programPython = PYTHON;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!path.isAbsolute(dir)) continue;
    const file = path.join(dir, PYTHON);
    try {
      accessSync(file, fsConstants.X_OK);
      const fd = openSync(file, 'r');
      const head = Buffer.alloc(4);
      try {
        readSync(fd, head, 0, 4, 0);
      } finally {
        closeSync(fd);
      }
      if (!head.equals(ELF)) continue;
      programPython = file;
      break;
    } catch {
      // not there, or not ours to run
    }
  }
  return programPython;
}
/**
 * Set only by pixie's own tests: the subreaper runs tools in pixie's process namespace, as on a
 * machine that allows no namespaces, so that path is tested too (README, Limits and safety).
 */
const SHARED_FOR_TESTS = 'PIXIE_TEST_SHARED_PROCESSES';

/** how long the subreaper may take to start Python and report the tool's pid */
const HANDSHAKE_MS = 15_000;

const SIGNAL_NAMES = new Map<number, NodeJS.Signals>(
  Object.entries(constants.signals).map(([name, n]) => [n, name as NodeJS.Signals]),
);

function endOf(stream: Readable): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || stream.readableEnded) return resolve();
    stream.once('close', () => resolve());
    stream.once('end', () => resolve());
  });
}

/** Drops a child's handles: its pipes are destroyed and it no longer keeps the event loop alive. */
function letGo(child: ChildProcess): void {
  for (const s of [child.stdin, child.stdout, child.stderr]) s?.destroy();
  child.unref();
}

export async function launch(spec: LaunchSpec): Promise<LaunchResult> {
  if (process.platform !== 'linux') return direct(spec, 'a subreaper needs Linux');
  const attempt = await underSubreaper(spec);
  return 'fallback' in attempt ? direct(spec, attempt.fallback) : attempt;
}

/** The subreaper's report lines, one at a time; null once it ended or the deadline passed. */
class LineReader {
  private queue: string[] = [];
  private partial = '';
  private ended = false;
  private wake: (() => void) | null = null;
  onLine: ((line: string) => void) | null = null;

  constructor(child: ChildProcess) {
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      const parts = (this.partial + chunk).split('\n');
      this.partial = parts.pop()!;
      for (const line of parts) {
        if (this.onLine) this.onLine(line);
        else this.queue.push(line);
      }
      this.wake?.();
    });
    const end = () => {
      this.ended = true;
      this.wake?.();
    };
    child.stdout!.once('close', end);
    child.once('error', end);
  }

  async next(deadline: number): Promise<string | null> {
    while (!this.queue.length && !this.ended) {
      const left = deadline - performance.now();
      if (left <= 0) return null;
      await within(new Promise<void>((r) => (this.wake = r)), left, null);
      this.wake = null;
    }
    return this.queue.shift() ?? null;
  }
}

/** A subreaper started and waiting for its tool. */
interface Subreaper {
  child: ChildProcess;
  python: string;
  reader: LineReader;
  spawnError: NodeJS.ErrnoException | null;
  /** what it wrote to stderr before a tool was given (Python's own complaints), a few chunks */
  early: Buffer[];
  onStderr: ((chunk: Buffer) => void) | null;
  exit: { code: number | null; signal: NodeJS.Signals | null } | null;
  onExit: ((code: number | null, signal: NodeJS.Signals | null) => void) | null;
}

/** Started ahead of a tool by prepareLauncher(); taken by the next launch. */
let waiting: Subreaper | null = null;
/** start another once the waiting one is taken (validate --all: the next tool's is ready too) */
let keepOneWaiting = false;

function startSubreaper(): Subreaper | null {
  const python = resolvedPython ?? subreaperPython();
  let cwd = '/';
  try {
    cwd = process.cwd(); // a version manager picks the interpreter the user gets here
  } catch {
    // pixie's folder was removed: any interpreter does
  }
  let child: ChildProcess;
  try {
    const args = ['-I', '-S', SUBREAPER, ...(process.env[SHARED_FOR_TESTS] ? ['--shared'] : [])];
    child = spawn(python, args, {
      cwd,
      env: baseEnvironment(),
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true, // its own session: a Ctrl-C to pixie's group never reaches it
    });
  } catch {
    return null;
  }
  const s: Subreaper = {
    child,
    python,
    reader: new LineReader(child),
    spawnError: null,
    early: [],
    onStderr: null,
    exit: null,
    onExit: null,
  };
  child.once('error', (err) => {
    s.spawnError = err;
  });
  child.stdin!.on('error', () => {}); // it may be gone when we end its input
  // attached at once, so nothing the tool writes early is missed
  child.stderr!.on('data', (c: Buffer) => {
    if (s.onStderr) s.onStderr(c);
    else if (s.early.length < 8) s.early.push(c);
  });
  child.once('exit', (code, signal) => {
    s.exit = { code, signal };
    s.onExit?.(code, signal);
  });
  return s;
}

/** Lets a process and its pipes wait without keeping pixie alive (or holds them again). */
function hold(s: Subreaper, held: boolean): void {
  for (const h of [s.child, s.child.stdin, s.child.stdout, s.child.stderr] as ({
    ref?(): void;
    unref?(): void;
  } | null)[])
    held ? h?.ref?.() : h?.unref?.();
}

/**
 * Starts a subreaper now, before the tool it will run is known, so that Python's start-up (and a
 * version manager's shim, ~0.25 s with pyenv) overlaps pixie's own loading and static checks; with
 * `keep`, another is started each time one is taken. One waiting and never used exits with pixie.
 */
export function prepareLauncher(opts: { keep?: boolean } = {}): void {
  if (process.platform !== 'linux') return;
  keepOneWaiting ||= Boolean(opts.keep);
  if (waiting) return;
  waiting = startSubreaper();
  if (waiting) hold(waiting, false);
}

function takeSubreaper(): Subreaper | null {
  const taken = waiting;
  waiting = null;
  if (taken) hold(taken, true);
  if (keepOneWaiting) prepareLauncher();
  return taken && !taken.exit ? taken : (startSubreaper() ?? null);
}

async function underSubreaper(spec: LaunchSpec): Promise<LaunchResult | { fallback: string }> {
  const sub = takeSubreaper();
  if (!sub) return { fallback: `${PYTHON} could not be started` };
  const { child, reader } = sub;
  let exit: Exit | null = null;
  let settle!: (e: Exit) => void;
  const exited = new Promise<Exit>((resolve) => {
    settle = (e) => {
      exit ??= e;
      resolve(exit);
    };
  });
  let releasing = false;
  let lost: string | null = null;
  let toolPid: number | null = null;
  // ending before pixie let it go (a tool may kill its parent) leaves the tool's orphans to init, and
  // the tool's own end unreported: then it is watched for in /proc
  const reaperExit = new Promise<void>((resolve) => {
    sub.onExit = (code, signal) => {
      if (!releasing) lost = `its subreaper was ended by ${signal ?? `exit code ${code}`} before the tool was stopped`;
      resolve();
      if (toolPid === null || exit) return settle({ code, signal });
      const watch = setInterval(() => {
        if (isRunning(toolPid!)) return;
        clearInterval(watch);
        settle({ code: null, signal: null });
      }, 100);
      watch.unref();
    };
    if (sub.exit) sub.onExit(sub.exit.code, sub.exit.signal);
  });
  const stderrHead = [...sub.early];
  for (const c of sub.early) spec.onStderr(c);
  sub.onStderr = (c) => {
    if (stderrHead.length < 8) stderrHead.push(c);
    spec.onStderr(c);
  };
  const giveUp = (why: string) => {
    try {
      child.kill('SIGKILL');
    } catch {
      /* already gone */
    }
    letGo(child);
    return { fallback: why };
  };

  const deadline = performance.now() + HANDSHAKE_MS;
  let first = await reader.next(deadline);
  if (first?.startsWith('python /')) {
    resolvedPython ??= first.slice('python '.length);
    first = await reader.next(deadline);
  }
  if (sub.spawnError) {
    letGo(child);
    if (sub.python !== PYTHON) {
      // moved or removed since: look it up on PATH again
      resolvedPython = null;
      programPython = PYTHON;
      return underSubreaper(spec);
    }
    const e = sub.spawnError as NodeJS.ErrnoException;
    return {
      fallback: e.code === 'ENOENT' ? `${PYTHON} was not found on PATH` : `${PYTHON} failed: ${e.message}`,
    };
  }
  if (first === null || !/^(contained|uncontained )/.test(first)) {
    const said = Buffer.concat(stderrHead).toString('utf8').trim().split('\n').pop()?.slice(0, 200) ?? '';
    return giveUp(`${PYTHON} could not run the subreaper${said ? ` (${said})` : ''}`);
  }
  const refused = first.startsWith('uncontained ') ? first.slice('uncontained '.length) : null;
  const isolation = await reader.next(deadline);
  if (isolation === null || !/^(isolated$|shared )/.test(isolation))
    return giveUp(`the subreaper did not say whether the tool runs in namespaces of its own`);
  const shared = isolation === 'isolated' ? null : isolation.slice('shared '.length);
  child.stdin!.write(`${JSON.stringify({ argv: [spec.command, ...spec.args], cwd: spec.cwd, env: spec.env })}\n`);
  const second = await reader.next(deadline);
  if (second?.startsWith('error ')) {
    child.stdin!.end();
    await within(reaperExit, 2000, null);
    letGo(child);
    return { ok: false, error: second.slice('error '.length) };
  }
  const ids = second ? /^pid (\d+)(?: (\d+))?$/.exec(second) : null;
  if (!ids) return giveUp(`the subreaper did not report the tool's pid`);
  const pid = Number(ids[1]);
  toolPid = pid;

  // every later line is "exit <code|-> <signal|->", sent when the tool's own process ends
  reader.onLine = (line) => {
    const m = /^exit (\S+) (\S+)$/.exec(line);
    if (m)
      settle({
        code: m[1] === '-' ? null : Number(m[1]),
        signal: m[2] === '-' ? null : (SIGNAL_NAMES.get(Number(m[2])) ?? null),
      });
  };
  for (let line = await reader.next(0); line !== null; line = await reader.next(0)) reader.onLine(line);
  const drained = endOf(child.stderr!);
  watchLive(child);
  return {
    ok: true,
    launched: {
      pid,
      reaperPid: child.pid!,
      treeRoot: ids[2] ? Number(ids[2]) : child.pid!,
      shared,
      uncontained: () => (refused ? `no subreaper: ${refused}` : lost),
      exited,
      drained,
      release: async () => {
        releasing = true;
        child.stdin!.end();
        // a tool may have stopped it (SIGSTOP): it must go on to see its input end, or be ended
        resume(child);
        if ((await within(reaperExit, 3000, 'late')) === 'late') child.kill('SIGKILL');
        await within(drained, 500, null);
        live.delete(child);
        letGo(child);
      },
    },
  };
}

/** Subreapers with a tool, continued when pixie exits so that a stopped one still sees its input end and sweeps. */
const live = new Set<ChildProcess>();
let exitHook = false;

function resume(child: ChildProcess): void {
  try {
    child.kill('SIGCONT');
  } catch {
    // gone
  }
}

function watchLive(child: ChildProcess): void {
  live.add(child);
  if (exitHook) return;
  exitHook = true;
  process.on('exit', () => {
    for (const c of live) resume(c);
  });
}

/** Continues the subreaper `pid` if a tool stopped it (SIGSTOP): pixie's sampler asks every 200 ms. */
export function resumeIfStopped(pid: number): void {
  for (const c of live) if (c.pid === pid && isStopped(pid)) resume(c);
}

async function direct(spec: LaunchSpec, why: string): Promise<LaunchResult> {
  let child: ChildProcess;
  try {
    child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true, // own process group: killpg reaches the tool's children
    });
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const early = await within(spawnError, 0, null);
  if (early || child.pid === undefined) {
    const err = early ?? (await spawnError);
    letGo(child);
    return { ok: false, error: err.message };
  }
  child.stderr!.on('data', spec.onStderr);
  const drained = endOf(child.stderr!);
  return {
    ok: true,
    launched: {
      pid: child.pid,
      reaperPid: null,
      treeRoot: child.pid,
      shared: `no subreaper: ${why}`,
      uncontained: () => `no subreaper: ${why}`,
      exited,
      drained,
      release: async () => {
        // a process that escaped may still hold the stderr pipe: stop reading it rather than wait
        await within(drained, 500, null);
        letGo(child);
      },
    },
  };
}
