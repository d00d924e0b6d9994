// One fixture updater per tool at a time (two CLIs, or the CLI and `pixie serve`): the updater writes
// its pid to a file of its own and hard-links it to reference/.pixie-update.lock, which fails when the
// lock exists, so a lock is never seen half-written (with O_EXCL and a write after it, a second
// updater could read the lock empty in between, take it for a dead writer's and take it over; where
// the file system has no hard links, that is still the way). A lock whose process is gone (a killed
// run) is stale and taken over at once; proper-lockfile would make the next run wait
// out a staleness timeout instead, and needs a timer refreshing the lock during a long validation.
import {
  closeSync,
  constants,
  linkSync,
  mkdirSync,
  openSync,
  readSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listUserDir } from '../source/user-file.js';
import { pidAlive } from '../util/pid-alive.js';
import { temporaryBeside } from '../util/staged-files.js';

export const LOCK_FILE = '.pixie-update.lock';

/** A lock older than this is stale even when its pid is alive (pids are reused). */
const MAX_LOCK_AGE_MS = 24 * 60 * 60 * 1000;

interface LockOwner {
  pid: number;
  host: string;
  started_at: string;
  command: string;
}

export type LockResult = { ok: true; release(): void } | { ok: false; message: string };

function readOwner(file: string): LockOwner | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch {
    return null;
  }
  try {
    const buffer = Buffer.alloc(4096);
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    const owner = JSON.parse(buffer.toString('utf8', 0, n)) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' && typeof owner.started_at === 'string'
      ? { pid: owner.pid, host: owner.host, started_at: owner.started_at, command: String(owner.command ?? '') }
      : null;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

function stale(owner: LockOwner | null): boolean {
  if (!owner) return true; // unreadable or half-written: its writer died between open and write
  const age = Date.now() - Date.parse(owner.started_at);
  if (!(age < MAX_LOCK_AGE_MS)) return true;
  return owner.host === os.hostname() && !pidAlive(owner.pid);
}

/**
 * Takes the update lock in the tool's reference/ for `command` (how a waiting user sees the holder).
 * A missing reference/ is created for it, and removed again on release when nothing was written there.
 */
export function acquireUpdateLock(toolDir: string, command: string): LockResult {
  const referenceDir = path.join(toolDir, 'reference');
  const folder = listUserDir(toolDir, 'reference');
  let created = false;
  if (!folder.ok && folder.kind === 'missing') {
    try {
      mkdirSync(referenceDir);
      created = true;
    } catch (err) {
      return { ok: false, message: lockError(toolDir, (err as NodeJS.ErrnoException).code) };
    }
  } else if (!folder.ok) return { ok: false, message: folder.message };
  const file = path.join(referenceDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: os.hostname(), started_at: new Date().toISOString(), command };
  // no write bit at all is read-only even for root, who could otherwise write there regardless
  try {
    if ((statSync(referenceDir).mode & 0o222) === 0) return { ok: false, message: lockError(toolDir, 'EACCES') };
  } catch (err) {
    return { ok: false, message: lockError(toolDir, (err as NodeJS.ErrnoException).code) };
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const code = publish(file, JSON.stringify(me));
    if (code === 'EEXIST') {
      const owner = readOwner(file);
      if (stale(owner)) {
        try {
          unlinkSync(file);
        } catch {
          // someone else removed it first; try again
        }
        continue;
      }
      return {
        ok: false,
        message: `another pixie is updating the fixtures of this tool (${owner!.command}, pid ${owner!.pid} on ${owner!.host}, since ${owner!.started_at}); wait for it to finish, or delete reference/${LOCK_FILE} if that process is gone`,
      };
    }
    if (code) return { ok: false, message: lockError(toolDir, code) };
    return {
      ok: true,
      release() {
        // remove it only while it is still ours
        if (readOwner(file)?.pid === me.pid && readOwner(file)?.started_at === me.started_at) {
          try {
            unlinkSync(file);
          } catch {
            // gone already
          }
        }
        if (created) {
          try {
            rmdirSync(referenceDir); // only succeeds while it is still empty
          } catch {
            // fixtures were written there: it stays
          }
        }
      },
    };
  }
  return { ok: false, message: `could not take reference/${LOCK_FILE}; try again` };
}

/** Creates `file` holding `text`, whole or not at all; the error code when it cannot (EEXIST: it exists). */
function publish(file: string, text: string): string | null {
  // named as the staged writes' temporaries are: left by a killed writer, it is swept, never a stray file
  const own = temporaryBeside(file);
  try {
    writeExclusive(own, text);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code ?? 'EIO';
  }
  try {
    linkSync(own, file);
    return null;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
    if (code === 'EEXIST' || !['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(code)) return code;
  } finally {
    try {
      unlinkSync(own);
    } catch {
      // gone already
    }
  }
  // no hard links here: create the lock itself
  try {
    writeExclusive(file, text);
    return null;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code ?? 'EIO';
  }
}

function writeExclusive(file: string, text: string): void {
  const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

function lockError(toolDir: string, code: string | undefined): string {
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return `reference/ is read-only (${code === 'EROFS' ? 'read-only file system' : 'no write permission'}), so no fixture can be updated; make it writable (chmod u+w ${path.basename(toolDir)}/reference) and run again`;
  return `could not take reference/${LOCK_FILE} (${code ?? 'unknown error'})`;
}
