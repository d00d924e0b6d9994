// Every live tool group pixie started, so that Ctrl-C, a fatal error or pixie's own death stops them.
// A group under a live subreaper is guarded by it (it stops everything once pixie's pipe closes); the
// others are guarded by the reaper, a small Node process started for the first of them.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { killQuietly } from './processes.js';

/** pgid -> marker, and whether its subreaper guards it */
const live = new Map<number, { marker: string; guarded: boolean }>();
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

function killAllNow(signal: NodeJS.Signals, onlyUnguarded = false): void {
  for (const [pgid, g] of live) if (!onlyUnguarded || !g.guarded) killQuietly(-pgid, signal);
}

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  const onSignal = (signal: NodeJS.Signals, code: number) => {
    // ask every tool to stop, then leave at once: its subreaper or the reaper sees us go and sends
    // SIGKILL to what is still alive 1.5 s later; without either the exit handler kills them outright
    if (live.size) process.stderr.write(`\npixie: ${signal}: stopping ${live.size} tool process group(s)\n`);
    killAllNow('SIGTERM');
    process.exit(code);
  };
  process.once('SIGINT', () => onSignal('SIGINT', 130));
  process.once('SIGTERM', () => onSignal('SIGTERM', 143));
  process.once('SIGHUP', () => onSignal('SIGHUP', 129));
  process.on('exit', () => {
    if (!reaper) killAllNow('SIGKILL', true);
  });
}

/** `guarded`: the group runs under a live subreaper, which stops it if pixie dies. */
export function registerGroup(pgid: number, marker: string, guarded: boolean): void {
  installHandlers();
  live.set(pgid, { marker, guarded });
  if (!guarded) reaperProcess()?.stdin?.write(`+${pgid} ${marker}\n`);
}

/** The group's subreaper is gone (the tool ended it): the reaper takes over. */
export function unguardGroup(pgid: number): void {
  const g = live.get(pgid);
  if (!g?.guarded) return;
  g.guarded = false;
  reaperProcess()?.stdin?.write(`+${pgid} ${g.marker}\n`);
}

export function unregisterGroup(pgid: number): void {
  const g = live.get(pgid);
  live.delete(pgid);
  if (g && !g.guarded) reaper?.stdin?.write(`-${pgid}\n`);
}

export function liveGroupCount(): number {
  return live.size;
}
