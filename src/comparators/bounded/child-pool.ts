// The comparison processes (compare-child.ts): at most two, each comparing one output at a time,
// kept while idle for the next comparison and stopped with SIGKILL at the deadline, over the memory
// limit, or when pixie exits. A native decoder (librsvg's filters, a canvas) cannot be interrupted
// inside a thread of pixie's, and a terminated worker thread waits for it: a process can always be
// killed. Idle processes do not keep pixie alive.
import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readStat } from '../../tool/processes.js';
import { messages } from './messages.js';
import { CHILD_FLAG, type CompareReply, type CompareRequest, type WarmRequest } from './protocol.js';

const MAX_PROCESSES = 2;
const RSS_POLL_MS = 50;
/** a comparison process that is not ready within this long (a loaded machine, TypeScript through tsx) has failed */
const START_MS = 60_000;

/** How a comparison in a child ended when it did not answer. */
export type ChildOutcome =
  | { reply: CompareReply }
  | { stopped: 'time' }
  | { stopped: 'memory'; bytes: number }
  | { stopped: 'crashed'; why: string };

interface Child {
  process: ChildProcess;
  ready: Promise<boolean>;
  stderr: string;
  busy: boolean;
}

const idle: Child[] = [];
const all = new Set<Child>();
const waiting: ((c: Child) => void)[] = [];
let nextId = 1;
let exitHookInstalled = false;

/** The child's entry beside this module: its TypeScript source through tsx, or the built file. */
function childEntry(): { file: string; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
    return { file: fileURLToPath(new URL('./compare-child.ts', here)), execArgv: ['--import', tsx] };
  }
  return { file: fileURLToPath(new URL('./compare-child.js', here)), execArgv: [] };
}

function startChild(heapMb: number): Child {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const c of all) c.process.kill('SIGKILL');
    });
  }
  const entry = childEntry();
  const proc = fork(entry.file, [CHILD_FLAG], {
    execArgv: [...entry.execArgv, `--max-old-space-size=${heapMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const child: Child = { process: proc, ready: Promise.resolve(false), stderr: '', busy: false };
  proc.stderr?.on('data', (d: Buffer) => {
    child.stderr = (child.stderr + d.toString()).slice(-2000);
  });
  child.ready = new Promise((resolve) => {
    proc.once('message', () => resolve(true));
    proc.once('exit', () => resolve(false));
    proc.once('error', () => resolve(false));
  });
  proc.once('exit', () => forget(child));
  all.add(child);
  return child;
}

function forget(child: Child): void {
  all.delete(child);
  const i = idle.indexOf(child);
  if (i >= 0) idle.splice(i, 1);
}

function hold(child: Child, held: boolean): void {
  const channel = child.process.channel as { ref?(): void; unref?(): void } | undefined;
  const stderr = child.process.stderr as { ref?(): void; unref?(): void } | null;
  if (held) {
    child.process.ref();
    channel?.ref?.();
    stderr?.ref?.();
  } else {
    child.process.unref();
    channel?.unref?.();
    stderr?.unref?.();
  }
}

function acquire(heapMb: number): Promise<Child> {
  const free = idle.pop();
  if (free) return Promise.resolve(free);
  if (all.size < MAX_PROCESSES) return Promise.resolve(startChild(heapMb));
  return new Promise((resolve) => waiting.push(resolve));
}

function release(child: Child): void {
  child.busy = false;
  const next = waiting.shift();
  if (next) {
    next(child);
    return;
  }
  hold(child, false);
  idle.push(child);
}

/**
 * Runs one comparison in a comparison process. `deadlineMs` counts from the moment a ready process
 * takes it (not while it waits for one, nor while one starts); `maxBytes` bounds the process's
 * resident memory.
 */
export async function runInChild(
  input: CompareRequest['input'],
  deadlineMs: number,
  maxBytes: number,
): Promise<ChildOutcome> {
  const heapMb = Math.max(64, Math.floor(maxBytes / (1024 * 1024)));
  let child = await acquire(heapMb);
  // a process that died while idle (killed from outside) is replaced
  while (child.process.exitCode !== null || child.process.signalCode !== null) {
    forget(child);
    child = startChild(heapMb);
  }
  child.busy = true;
  hold(child, true);
  const proc = child.process;
  const id = nextId++;
  return new Promise<ChildOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: ChildOutcome, kill: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      proc.off('message', onMessage);
      proc.off('exit', onExit);
      if (kill) {
        proc.kill('SIGKILL');
        forget(child);
        const next = waiting.shift();
        if (next) next(startChild(heapMb));
      } else release(child);
      resolve(outcome);
    };
    const onMessage = (m: unknown) => {
      // a crossed limit answers while the comparison may still run: that process is not reused
      if ((m as CompareReply).id === id) finish({ reply: m as CompareReply }, 'crossed' in (m as CompareReply));
    };
    const onExit = (code: number | null, signal: string | null) => {
      const why = `${signal ?? `exit code ${code}`}${child.stderr.trim() ? `: ${child.stderr.trim().split('\n').slice(-3).join(' ')}` : ''}`;
      // V8 out of its heap (--max-old-space-size) ends the process with this on stderr
      if (/heap out of memory|allocation failed/i.test(child.stderr))
        finish({ stopped: 'memory', bytes: maxBytes }, true);
      else finish({ stopped: 'crashed', why }, true);
    };
    // the deadline counts from the moment the process has the comparison; its start has its own bound
    let timer = setTimeout(
      () => finish({ stopped: 'crashed', why: messages.noStart(START_MS / 1000) }, true),
      START_MS,
    );
    const poll = setInterval(() => {
      const rssKb = proc.pid === undefined ? undefined : readStat(proc.pid)?.rssKb;
      const rss = rssKb === undefined ? null : rssKb * 1024;
      if (rss !== null && rss > maxBytes) finish({ stopped: 'memory', bytes: rss }, true);
    }, RSS_POLL_MS);
    proc.on('message', onMessage);
    proc.on('exit', onExit);
    void child.ready.then((ok) => {
      if (settled) return;
      if (!ok) return onExit(proc.exitCode, proc.signalCode);
      clearTimeout(timer);
      timer = setTimeout(() => finish({ stopped: 'time' }, true), deadlineMs);
      try {
        proc.send({ id, input } satisfies CompareRequest, (err) => {
          if (err) finish({ stopped: 'crashed', why: err.message }, true);
        });
      } catch (err) {
        // a value the channel cannot carry: that comparison's failure, never pixie's crash
        finish({ stopped: 'crashed', why: (err as Error).message }, true);
      }
    });
  });
}

/**
 * Starts a comparison process ahead of the first comparison (while the tool starts), and has it load
 * what comparing `warm` will need; it waits idle, keeping nothing alive.
 */
export function prestart(heapMb: number, warm: WarmRequest['warm']): void {
  let child = idle[idle.length - 1];
  if (!child && all.size === 0) {
    child = startChild(heapMb);
    hold(child, false);
    idle.push(child);
  }
  const ready = child;
  void ready?.ready.then((ok) => {
    if (ok && ready.process.connected) ready.process.send({ warm } satisfies WarmRequest, () => undefined);
  });
}
