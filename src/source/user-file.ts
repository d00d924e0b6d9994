// Reading a file from a tool folder, which may be hostile: after symbolic links it must be a regular
// file inside the folder (never /proc/self/environ, /dev/zero, a FIFO or a file elsewhere on the
// machine), it is opened without blocking and read only up to the size limit. Every reader of
// tool-folder files goes through here, so each refusal is one sentence naming the file.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  statfsSync,
} from 'node:fs';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { formatSize, limit, limitHint } from '../limits.js';
import { excerpt } from './excerpt.js';

/** Why a file was not read: missing (or a link to nothing), outside the tool, not a regular file, too large, unreadable. */
type UserFileProblemKind = 'missing' | 'outside' | 'not-file' | 'too-large' | 'unreadable';

interface UserFileProblem {
  ok: false;
  kind: UserFileProblemKind;
  /** a short code: ENOENT (absent), BROKEN_LINK, EISDIR, EACCES, FIFO, DEVICE, OUTSIDE, TOO_LARGE, … */
  code: string;
  /** what is wrong, as a clause about the file: "it is a directory, not a regular file" */
  reason: string;
  /** what to do about it */
  fix: string;
  /** the whole sentence, naming the file: "<rel> could not be read (<code>): <reason>; <fix>" */
  message: string;
}

export type UserFileCheck = { ok: true; realPath: string; size: number } | UserFileProblem;
export type UserFileRead = { ok: true; text: string } | UserFileProblem;

/** The tool folder as the file system sees it; a folder that is itself a link is followed once, here. */
function realRoot(toolDir: string): string {
  try {
    return realpathSync(toolDir);
  } catch {
    return path.resolve(toolDir);
  }
}

function inside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

function problem(rel: string, kind: UserFileProblemKind, code: string, reason: string, fix: string): UserFileProblem {
  return { ok: false, kind, code, reason, fix, message: `${rel} could not be read (${code}): ${reason}; ${fix}` };
}

function errnoProblem(rel: string, err: unknown): UserFileProblem {
  const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
  const reason =
    code === 'EACCES' || code === 'EPERM'
      ? 'permission denied'
      : code === 'ELOOP'
        ? 'too many levels of symbolic links'
        : `the system said ${excerpt((err as Error).message, 100)}`;
  return problem(rel, 'unreadable', code, reason, 'make it a readable file');
}

/** A failed lookup: the file is not there (nor a folder on its way), or the system refused. */
function absentOrUnreadable(rel: string, err: unknown): UserFileProblem {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR')
    return problem(rel, 'missing', 'ENOENT', 'it does not exist', 'create it');
  return errnoProblem(rel, err);
}

function notFile(rel: string, stats: Stats): UserFileProblem {
  const code = stats.isDirectory()
    ? 'EISDIR'
    : stats.isFIFO()
      ? 'FIFO'
      : stats.isCharacterDevice() || stats.isBlockDevice()
        ? 'DEVICE'
        : stats.isSocket()
          ? 'SOCKET'
          : 'NOT_FILE';
  return problem(rel, 'not-file', code, `it is ${kindOf(stats)}, not a regular file`, 'replace it with a regular file');
}

const OUTSIDE_FIX =
  'pixie reads only files inside the tool folder, so copy the file into the folder instead of linking to it';

/**
 * Where `rel` (relative to the tool folder) really is, without reading it: a regular file inside the
 * tool, under the size limit; else the problem.
 */
export function checkUserFile(toolDir: string, rel: string, maxBytes = limit('fileBytes')): UserFileCheck {
  const root = realRoot(toolDir);
  const full = path.resolve(root, rel);
  if (!inside(root, full))
    return problem(
      excerpt(rel),
      'outside',
      'OUTSIDE',
      'it is outside the tool folder',
      'move it into the tool folder and name it relative to the folder',
    );
  let link: Stats;
  try {
    link = lstatSync(full);
  } catch (err) {
    return absentOrUnreadable(rel, err);
  }
  let real: string;
  try {
    real = realpathSync(full);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return problem(
        rel,
        'missing',
        'BROKEN_LINK',
        'it is a symbolic link to a file that does not exist',
        'replace the link with the file itself',
      );
    return errnoProblem(rel, err);
  }
  if (!inside(root, real))
    return problem(
      rel,
      'outside',
      'OUTSIDE',
      `it ${link.isSymbolicLink() ? 'is a symbolic link to' : 'resolves to'} ${excerpt(real)}, outside the tool folder`,
      OUTSIDE_FIX,
    );
  const regular = regularFile(real, rel, maxBytes, 'a tool folder');
  return regular.ok ? { ok: true, realPath: real, size: regular.size } : regular;
}

/** Whether the file at `real` (its links resolved) is a regular file within `maxBytes`, and its size. */
function regularFile(
  real: string,
  label: string,
  maxBytes: number,
  from: Source,
): { ok: true; size: number } | UserFileProblem {
  let stats: Stats;
  try {
    stats = lstatSync(real);
  } catch (err) {
    return errnoProblem(label, err);
  }
  if (!stats.isFile()) return notFile(label, stats);
  if (stats.size > maxBytes) return tooLarge(label, stats.size, maxBytes, from);
  return { ok: true, size: stats.size };
}

/** Where a file came from, as a too-large message says it. */
type Source = 'a tool folder' | 'a file named to it';

function tooLarge(rel: string, size: number | null, maxBytes: number, from: Source): UserFileProblem {
  const limitWords =
    maxBytes === limit('fileBytes') ? limitHint('fileBytes') : `${formatSize(maxBytes)} (PIXIE_MAX_FILE_MB)`;
  return problem(
    rel,
    'too-large',
    'TOO_LARGE',
    `it is ${size === null ? 'larger than' : `${formatSize(size)}, above`} the ${limitWords} pixie reads from ${from}`,
    'make it smaller or raise the limit',
  );
}

/** Reads `rel` as UTF-8 text when it is a regular file inside the tool, at most `maxBytes` of it. */
export function readUserFile(toolDir: string, rel: string, maxBytes = limit('fileBytes')): UserFileRead {
  const read = readUserBytes(toolDir, rel, maxBytes);
  return read.ok ? { ok: true, text: read.bytes.toString('utf8') } : read;
}

export type UserFileBytes = { ok: true; bytes: Buffer } | UserFileProblem;

/** Reads `rel` as bytes (a PNG, a WAV) under the same rules as readUserFile. */
export function readUserBytes(toolDir: string, rel: string, maxBytes = limit('fileBytes')): UserFileBytes {
  const checked = checkUserFile(toolDir, rel, maxBytes);
  if (!checked.ok) return checked;
  return readRegular(checked.realPath, rel, maxBytes, 'a tool folder');
}

/**
 * Reads a file the user or the project names (pixie.config, a --json report, --durations, a stored
 * report): wherever its links lead (the user's choice, not a tool's), but only a regular file,
 * opened without blocking and read only up to `maxBytes`, so a FIFO, /dev/zero or a link to one is a
 * one-sentence refusal instead of a hang.
 */
export function readNamedFile(file: string, maxBytes = Number.POSITIVE_INFINITY): UserFileBytes {
  const shown = excerpt(file);
  let real: string;
  try {
    real = realpathSync(file);
  } catch (err) {
    return absentOrUnreadable(shown, err);
  }
  // /proc/self/environ and its kind are "regular files" of the kernel: never what a user meant
  if (onKernelFilesystem(real))
    return problem(
      shown,
      'not-file',
      'KERNEL_FILE',
      `it is ${excerpt(real)}, a file the kernel makes up (/proc, /sys), not a file of the project`,
      'name a file of the project',
    );
  const regular = regularFile(real, shown, maxBytes, 'a file named to it');
  return regular.ok ? readRegular(real, shown, maxBytes, 'a file named to it') : regular;
}

/** procfs and sysfs, by the magic numbers statfs(2) gives them */
const KERNEL_FILESYSTEMS = new Set([0x9fa0, 0x62656572]);

function onKernelFilesystem(file: string): boolean {
  try {
    return KERNEL_FILESYSTEMS.has(statfsSync(file).type);
  } catch {
    return false;
  }
}

/** Reads a regular file at `real` (checked before), at most `maxBytes`; `label` names it in a problem. */
function readRegular(real: string, label: string, maxBytes: number, from: Source): UserFileBytes {
  let fd: number;
  try {
    // O_NONBLOCK: were the file swapped for a FIFO after the check, opening it still cannot hang
    fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (err) {
    return errnoProblem(label, err);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return notFile(label, stats);
    // read at most one byte past the limit: a file that grows (or lies about its size) stops there
    const buffer = Buffer.allocUnsafe(Math.min(maxBytes, Math.max(stats.size, 0)) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) break;
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > maxBytes) return tooLarge(label, null, maxBytes, from);
    if (length === buffer.length && length <= maxBytes) {
      // the file grew past its stat size but not past the limit: read the rest, still bounded
      return readGrown(fd, buffer.subarray(0, length), label, maxBytes, from);
    }
    return { ok: true, bytes: buffer.subarray(0, length) };
  } catch (err) {
    return errnoProblem(label, err);
  } finally {
    closeSync(fd);
  }
}

function readGrown(fd: number, head: Buffer, rel: string, maxBytes: number, from: Source): UserFileBytes {
  const chunks = [head];
  let total = head.length;
  const chunk = Buffer.allocUnsafe(64 * 1024);
  for (;;) {
    const n = readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    total += n;
    if (total > maxBytes) return tooLarge(rel, null, maxBytes, from);
    chunks.push(Buffer.from(chunk.subarray(0, n)));
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}

export type UserDirList = { ok: true; names: string[] } | UserFileProblem;

/** Names in a folder of the tool (reference/), when it is a real folder inside the tool. */
export function listUserDir(toolDir: string, rel: string): UserDirList {
  const root = realRoot(toolDir);
  const full = path.resolve(root, rel);
  let real: string;
  try {
    real = realpathSync(full);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return problem(`${rel}/`, 'missing', 'ENOENT', 'it does not exist', `create ${rel}/`);
    return errnoProblem(`${rel}/`, err);
  }
  if (!inside(root, real))
    return problem(
      `${rel}/`,
      'outside',
      'OUTSIDE',
      `it resolves to ${excerpt(real)}, outside the tool folder`,
      `make ${rel}/ a real folder inside the tool`,
    );
  try {
    return { ok: true, names: readdirSync(real) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOTDIR')
      return problem(rel, 'not-file', 'ENOTDIR', 'it is not a folder', `make ${rel}/ a folder`);
    return errnoProblem(`${rel}/`, err);
  }
}
