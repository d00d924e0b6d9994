// Every live tool group pixie started, so that Ctrl-C, a fatal error or pixie's own death stops them.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { killQuietly } from './processes.js';

const live = new Map<number, string>(); // pgid -> marker
let reaper: ChildProcess | null = null;
let handlersInstalled = false;

function reaperProcess(): ChildProcess | null {
  if (reaper || process.platform === 'win32') return reaper;
  try {
    reaper = spawn(process.execPath, [fileURLToPath(new URL('./reaper.cjs', import.meta.url))], {
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true, // outlives a signal sent to pixie's own process group
    });
    reaper.on('error', () => {
      reaper = null;
    });
    reaper.stdin!.on('error', () => {});
    reaper.unref();
    (reaper.stdin as unknown as { unref?: () => void }).unref?.();
  } catch {
    reaper = null;
  }
  return reaper;
}

function killAllNow(signal: NodeJS.Signals): void {
  for (const pgid of live.keys()) killQuietly(-pgid, signal);
}

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  const onSignal = (signal: NodeJS.Signals, code: number) => {
    // ask every tool to stop, then leave at once: the reaper sees us go and sends SIGKILL to any
    // group still alive 1.5 s later; without a reaper the exit handler kills them outright
    if (live.size) process.stderr.write(`\npixie: ${signal}: stopping ${live.size} tool process group(s)\n`);
    killAllNow('SIGTERM');
    process.exit(code);
  };
  process.once('SIGINT', () => onSignal('SIGINT', 130));
  process.once('SIGTERM', () => onSignal('SIGTERM', 143));
  process.once('SIGHUP', () => onSignal('SIGHUP', 129));
  process.on('exit', () => {
    if (!reaper) killAllNow('SIGKILL');
  });
}

export function registerGroup(pgid: number, marker: string): void {
  installHandlers();
  live.set(pgid, marker);
  reaperProcess()?.stdin?.write(`+${pgid} ${marker}\n`);
}

export function unregisterGroup(pgid: number): void {
  live.delete(pgid);
  reaper?.stdin?.write(`-${pgid}\n`);
}

export function liveGroupCount(): number {
  return live.size;
}
