// Several files replaced together: every new content is first written and synced beside its file
// under a temporary name, and only when all are staged are they renamed into place. A failure while
// staging leaves every file as it was; a crash leaves each file whole (old or new) and at most some
// temporaries, which the next writer sweeps. write-file-atomic does this for one file only.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fsyncSync,
  openSync,
  readdirSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { pidAlive } from './pid-alive.js';

export interface StagedWrite {
  /** absolute path of the file to create or replace */
  file: string;
  /** text (written as UTF-8) or bytes */
  content: string | Buffer;
  /** permission bits for the new file (a replaced file keeps its own) */
  mode: number;
}

const TEMPORARY = /^\..+\.pixie-(\d+)-[0-9a-f]+\.tmp$/;

/** Whether a name in a folder is one of these temporaries (live or left by a killed writer). */
export function isStagedTemporary(name: string): boolean {
  return TEMPORARY.test(name);
}

/** Removes temporaries in `dir` whose writer is gone; returns their names. */
export function sweepStaged(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const swept: string[] = [];
  for (const name of names) {
    const pid = TEMPORARY.exec(name)?.[1];
    if (pid === undefined || (Number(pid) !== process.pid && pidAlive(Number(pid)))) continue;
    try {
      unlinkSync(path.join(dir, name));
      swept.push(name);
    } catch {
      // already gone, or not ours to remove: the next sweep tries again
    }
  }
  return swept;
}

/** A temporary name beside `file`, carrying this process's pid (so a sweep knows when its writer is gone). */
export function temporaryBeside(file: string): string {
  return path.join(
    path.dirname(file),
    `.${path.basename(file)}.pixie-${process.pid}-${randomBytes(4).toString('hex')}.tmp`,
  );
}

function stage(write: StagedWrite): string {
  const temp = temporaryBeside(write.file);
  const fd = openSync(
    temp,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    write.mode,
  );
  try {
    fchmodSync(fd, write.mode); // exactly the replaced file's mode, whatever the umask
    const data = typeof write.content === 'string' ? Buffer.from(write.content, 'utf8') : write.content;
    for (let at = 0; at < data.length; ) at += writeSync(fd, data, at, data.length - at);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return temp;
}

function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, constants.O_RDONLY);
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // some file systems cannot sync a folder; the renames are still atomic
  }
}

/**
 * Writes every file or none: stages all, then renames all. Throws (with every temporary removed)
 * when staging fails; a rename that fails after others succeeded throws with `written` on the error.
 */
export function writeFilesTogether(writes: readonly StagedWrite[]): void {
  const staged: { temp: string; file: string }[] = [];
  try {
    for (const w of writes) staged.push({ temp: stage(w), file: w.file });
  } catch (err) {
    for (const s of staged) unlinkQuietly(s.temp);
    throw err;
  }
  const written: string[] = [];
  try {
    for (const s of staged) {
      renameSync(s.temp, s.file);
      written.push(s.file);
    }
  } catch (err) {
    for (const s of staged.slice(written.length)) unlinkQuietly(s.temp);
    throw Object.assign(err as Error, { written });
  }
  for (const dir of new Set(staged.map((s) => path.dirname(s.file)))) syncDir(dir);
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // a temporary that cannot be removed is swept by the next writer
  }
}
