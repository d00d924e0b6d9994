// Folders of pixie's own state (.pixie/: pending results, the service's reports). A repository may
// ship a .pixie/ of its own, so what is in it is as untrusted as a tool folder: pixie writes only in
// real folders it walked to one name at a time, never through a link. Where a part of the path is a
// link, the link itself is removed (never what it points to) and a real folder made in its place;
// anything else that is not a folder is refused. Node has no openat(2), so this is a walk of
// lstat calls; a repository's files do not change under a run, which is what it guards against.
import { lstatSync, mkdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';

/** `missing`: the folder is not there (only when not making it), which is no problem to report. */
export type OwnFolder = { ok: true; dir: string } | { ok: false; missing: boolean; why: string };

/** A name pixie may use as one part of a state path: no separator, not `.` or `..`, no NUL. */
function isPlainName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !/[/\\\0]/.test(name);
}

function kindOf(file: string): 'missing' | 'folder' | 'link' | 'other' {
  try {
    const st = lstatSync(file);
    return st.isSymbolicLink() ? 'link' : st.isDirectory() ? 'folder' : 'other';
  } catch {
    return 'missing';
  }
}

/**
 * `base/parts…` as a real folder: `base` (the state folder itself) must be a real folder or absent
 * (then made); each part below it is walked with lstat. With `make`, missing parts are made and
 * links replaced; without (reading), a missing part or a link is an answer of its own.
 */
export function ownFolder(base: string, parts: readonly string[], make: boolean): OwnFolder {
  const top = kindOf(base);
  const refuse = (why: string): OwnFolder => ({ ok: false, missing: false, why });
  if (top === 'link')
    return refuse(`${base} is a symbolic link; pixie keeps its state only in a real folder, so remove the link`);
  if (top === 'other') return refuse(`${base} is not a folder; remove it`);
  if (top === 'missing') {
    if (!make) return { ok: false, missing: true, why: `${base} does not exist` };
    try {
      mkdirSync(base, { recursive: true });
    } catch (err) {
      return refuse(`could not make ${base} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
    }
  }
  let dir = base;
  for (const part of parts) {
    if (!isPlainName(part)) return refuse(`${JSON.stringify(part)} cannot name a folder of ${base}`);
    dir = path.join(dir, part);
    const kind = kindOf(dir);
    if (kind === 'folder') continue;
    if (kind === 'other') return refuse(`${dir} is not a folder pixie made; remove it`);
    if (!make)
      return kind === 'link'
        ? refuse(`${dir} is a symbolic link, which pixie never follows; remove it`)
        : { ok: false, missing: true, why: `${dir} does not exist` };
    try {
      if (kind === 'link') unlinkSync(dir); // the link alone: what it points to is left as it is
      mkdirSync(dir);
    } catch (err) {
      return refuse(`could not make ${dir} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
    }
  }
  return { ok: true, dir };
}

/** A regular file or a link (removing a link never touches its target), as opposed to a folder or a device. */
export function isRemovableEntry(file: string): boolean {
  const kind = kindOf(file);
  if (kind === 'link') return true;
  try {
    return kind === 'other' && lstatSync(file).isFile();
  } catch {
    return false;
  }
}
