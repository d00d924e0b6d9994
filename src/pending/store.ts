// Pending results on disk (docs/fixtures.md, "Pending results"): every out-of-tolerance output a
// run finds is kept as a change waiting for review, insta's `.snap.new` idea. They live in
// `.pixie/pending/<tool-id>/` next to the folder that holds the tool (for ./tools/adder,
// ./.pixie/pending/adder/), which the user does not version and CI can upload as an artifact:
//
//   <fixture file stem>/<output>.json        the change: fixture, output, old value (or kind: new), comparison
//   <fixture file stem>/<output>.new.json    the full new value
//   <fixture file stem>/<output>.expected.png, .actual.png, .diff.png   media, to look at
//
// Entries are read back through the one safe reader, as if the folder were a tool's (it may come
// from another machine): regular files inside it, size-capped. The folders are pixie's own
// (util/own-folder.ts): a link in .pixie/ is never written, listed or deleted through, and only
// files named as pixie names them are ever removed, one by one.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, realpathSync, rmdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import type { Difference } from '../model/report.js';
import { readUserFile } from '../source/user-file.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { isRemovableEntry, type OwnFolder, ownFolder } from '../util/own-folder.js';
import { parseJson } from '../util/python-json.js';

/** What one pending change says; `new_file` holds the value itself. */
export interface PendingEntry {
  pixie_pending: 1;
  tool_id: string;
  /** fixture file name, e.g. fixture_basic.json */
  fixture: string;
  output: string;
  type: string;
  recorded_at: string;
  comparison: {
    comparator: string;
    status: string;
    score: number;
    metric: string;
    rule: string;
    tolerance: unknown;
    differences?: Difference[];
  };
  /** `new`: the fixture asserted no outputs, and this output's value would be its first expectation */
  kind?: 'new';
  /** the expected value the run compared against, as the report kept it (absent for a new expectation) */
  old?: unknown;
  /** SHA-256 of the full expected value's canonical JSON, to notice a fixture edited since */
  old_sha256?: string;
  /** file (in the entry's folder) with the full new value as JSON */
  new_file: string;
  /** media files beside the entry, to look at: names in the entry's folder */
  files?: { expected?: string; actual?: string; diffs?: string[] };
}

/**
 * Where pending results of the tool in `toolDir` are kept, as a state folder and the names below it:
 * PIXIE_PENDING_DIR (a folder the user names, links in its own path followed), else .pixie/pending
 * beside the tools folder.
 */
function pendingPlace(toolDir: string): { base: string; parts: string[] } {
  const tool = path.basename(path.resolve(toolDir));
  const fromEnv = process.env.PIXIE_PENDING_DIR;
  if (fromEnv?.trim()) {
    let base = path.resolve(fromEnv);
    try {
      base = realpathSync(base);
    } catch {
      // not made yet
    }
    return { base, parts: [tool] };
  }
  return { base: path.join(path.dirname(path.dirname(path.resolve(toolDir))), '.pixie'), parts: ['pending', tool] };
}

export function pendingToolDir(toolDir: string): string {
  const { base, parts } = pendingPlace(toolDir);
  return path.join(base, ...parts);
}

/** The tool's pending folder, or a fixture's folder in it, as a real folder (made, with `make`). */
export function pendingFolder(toolDir: string, make: boolean, fixtureDir?: string): OwnFolder {
  const { base, parts } = pendingPlace(toolDir);
  return ownFolder(base, fixtureDir === undefined ? parts : [...parts, fixtureDir], make);
}

/** A fixture's folder name: its file name without `.json`. */
export const fixtureFolder = (fixture: string): string => fixture.replace(/\.json$/, '');

/** An output key as a file name: itself when it is plain, else a readable form with a hash to keep it unique. */
export function keyFileName(key: string): string {
  if (/^[A-Za-z0-9_-]{1,80}$/.test(key)) return key;
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 8);
  return `${key.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60)}-${hash}`;
}

/** A pending change read from disk, with where it is. */
export interface StoredEntry {
  entry: PendingEntry;
  /** the tool's pending folder */
  root: string;
  /** relative to `root`: <fixture folder>/<key>.json */
  rel: string;
}

function validEntry(data: unknown): data is PendingEntry {
  return (
    isPlainObject(data) &&
    data.pixie_pending === 1 &&
    typeof data.fixture === 'string' &&
    /^fixture_[^/\\]*\.json$/.test(data.fixture) &&
    typeof data.output === 'string' &&
    typeof data.type === 'string' &&
    typeof data.new_file === 'string' &&
    isPlainObject(data.comparison)
  );
}

/** The pending changes of the tool in `toolDir`, from its own pending folder (never through a link). */
export function listToolPending(toolDir: string): { root: string; entries: StoredEntry[]; problems: string[] } {
  const own = pendingFolder(toolDir, false);
  if (!own.ok) return { root: pendingToolDir(toolDir), entries: [], problems: own.missing ? [] : [own.why] };
  return { root: own.dir, ...listPending(own.dir) };
}

/** Every pending change in a tool's pending folder, by fixture file and then output, in file-name order. */
export function listPending(root: string): { entries: StoredEntry[]; problems: string[] } {
  const entries: StoredEntry[] = [];
  const problems: string[] = [];
  let folders: string[];
  try {
    folders = readdirSync(root).sort();
  } catch {
    return { entries, problems };
  }
  for (const folder of folders) {
    if (!folder.startsWith('fixture_')) continue;
    if (!isRealFolder(path.join(root, folder))) {
      problems.push(`${folder} in ${root} is not a folder pixie made (a link, say); remove it`);
      continue;
    }
    let names: string[];
    try {
      names = readdirSync(path.join(root, folder)).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      if (!name.endsWith('.json') || name.endsWith('.new.json')) continue;
      const rel = `${folder}/${name}`;
      const read = readUserFile(root, rel, 4 * 1024 * 1024);
      if (!read.ok) {
        problems.push(read.message);
        continue;
      }
      try {
        const data: unknown = parseJson(read.text);
        if (validEntry(data) && fixtureFolder(data.fixture) === folder) entries.push({ entry: data, root, rel });
        else problems.push(`${rel} is not a pending result pixie wrote; delete it`);
      } catch {
        problems.push(`${rel} is not valid JSON; delete it`);
      }
    }
  }
  return { entries, problems };
}

/** The full new value of a stored entry, or why it cannot be read. */
export function readNewValue(stored: StoredEntry): { ok: true; value: unknown } | { ok: false; why: string } {
  const rel = path.posix.join(path.posix.dirname(stored.rel), stored.entry.new_file);
  if (path.posix.dirname(rel) !== path.posix.dirname(stored.rel))
    return { ok: false, why: `${rel} is outside its folder` };
  const read = readUserFile(stored.root, rel);
  if (!read.ok) return { ok: false, why: read.message };
  try {
    return { ok: true, value: parseJson(read.text) as unknown };
  } catch {
    return { ok: false, why: `${rel} is not valid JSON` };
  }
}

/** Absolute paths of an entry's media files (expected, actual, diffs), for printing. */
export function mediaPaths(stored: StoredEntry): { expected?: string; actual?: string; diffs?: string[] } {
  const dir = path.join(stored.root, path.dirname(stored.rel));
  const inside = (name: unknown): string | undefined =>
    typeof name === 'string' && name === path.basename(name) && !name.startsWith('.')
      ? path.join(dir, name)
      : undefined;
  const f = stored.entry.files ?? {};
  const diffs = (Array.isArray(f.diffs) ? f.diffs : []).map(inside).filter((p): p is string => Boolean(p));
  return {
    ...(inside(f.expected) ? { expected: inside(f.expected) } : {}),
    ...(inside(f.actual) ? { actual: inside(f.actual) } : {}),
    ...(diffs.length ? { diffs } : {}),
  };
}

function isRealFolder(dir: string): boolean {
  try {
    const st = lstatSync(dir);
    return st.isDirectory() && !st.isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * The names pixie gives the files of a pending change (<key>.json, .new.json, .expected/.actual.<ext>,
 * .diff[-n].png), and write-file-atomic's temporary files beside them: the only names it ever removes.
 */
const PENDING_FILE =
  /^[A-Za-z0-9_-]{1,80}\.(?:new\.json|json|(?:expected|actual)\.[a-z0-9]{1,8}|diff(?:-\d+)?\.png)(?:\.\d+)?$/;

/**
 * Removes from `dir` (a real folder, never a link) the files of pending changes that `keep` does
 * not want, one by one, then the folder when it is left empty. Folders and names pixie does not
 * give are left as they are.
 */
export function removePendingFiles(dir: string, remove: (name: string) => boolean): void {
  if (!isRealFolder(dir)) return;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    if (!PENDING_FILE.test(name) || !remove(name) || !isRemovableEntry(file)) continue;
    try {
      unlinkSync(file);
    } catch {
      // gone already: the next run replaces it
    }
  }
  try {
    if (readdirSync(dir).length === 0) rmdirSync(dir);
  } catch {
    // another writer put something there meanwhile
  }
}

/** Removes an entry and every file that belongs to it (its value and media). */
export function removeEntry(stored: StoredEntry): void {
  const base = path.basename(stored.rel, '.json');
  removePendingFiles(path.join(stored.root, path.dirname(stored.rel)), (name) => name.startsWith(`${base}.`));
}
