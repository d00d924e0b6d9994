// Writing fixture updates (docs/fixtures.md, "Updating fixtures"): every file is staged, then all
// are renamed together, so an unwritable file refuses the whole update. In an existing fixture only
// the changed values' text is replaced (source/json-edit.ts), so every other field, key order and
// formatting survive; a value kept in a file beside the fixture (`{"$file": …}`) is written to that
// file as bytes; `source` records the last update once.
import { accessSync, constants, existsSync, lstatSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { isMediaType } from '../model/output-types.js';
import { setJsonValue } from '../source/json-edit.js';
import { checkUserFile, listUserDir, readUserFile } from '../source/user-file.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { setOwn } from '../util/own.js';
import { type StagedWrite, sweepStaged, writeFilesTogether } from '../util/staged-files.js';
import { extensionOf, fileRefNameProblem, isFileRef, mediaBytesOf } from './file-refs.js';
import { parseJson, stringifyJson } from '../util/python-json.js';

export interface ValueChange {
  key: string;
  /** the output type, which says whether a value can live in a file beside the fixture */
  type: string;
  old: unknown;
  new: unknown;
  /** the fixture did not assert this output yet */
  added?: boolean;
}

export interface FileChange {
  file: string;
  /** a new fixture file, with these inputs */
  create: boolean;
  inputs?: Record<string, unknown>;
  changes: ValueChange[];
}

export type ApplyResult = { ok: true; written: string[] } | { ok: false; message: string; written: string[] };

const STAMP = / \| updated \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g;

/** `source` with the last update recorded once: earlier ` | updated …` stamps are replaced, not kept. */
function stampSource(source: unknown, stamp: string): string {
  const base = typeof source === 'string' ? source.replace(STAMP, '').replace(/^updated \S+$/, '') : '';
  return `${base ? `${base} | ` : ''}updated ${stamp}`;
}

/** A file that has no write bit, or that this process may not write, is refused rather than replaced. */
function readOnly(file: string): boolean {
  try {
    if ((statSync(file).mode & 0o222) === 0) return true;
    accessSync(file, constants.W_OK);
    return false;
  } catch {
    return true;
  }
}

function writeError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'read-only file system';
  if (code === 'ENOSPC') return 'no space left on the device';
  return code ?? (err as Error).message;
}

const refused = (message: string): ApplyResult => ({ ok: false, message, written: [] });

/** A name for a new media file beside `fixture`: `<fixture name>.<output key>.<ext>`, not yet taken. */
function newFileName(referenceDir: string, fixture: string, key: string, ext: string, taken: Set<string>): string {
  const stem = fixture.replace(/^fixture_/, '').replace(/\.json$/, '');
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80) || 'value';
  for (let n = 1; ; n++) {
    const name = `${safe(stem)}.${safe(key)}${n > 1 ? `-${n}` : ''}.${ext}`;
    if (!taken.has(name) && !existsSync(path.join(referenceDir, name))) {
      taken.add(name);
      return name;
    }
  }
}

/** Where a media value's bytes go: the referenced file, checked to be a regular file inside the tool (or absent). */
function mediaWrite(
  toolDir: string,
  name: string,
  change: ValueChange,
  fixtureRel: string,
): StagedWrite | { message: string } {
  const problem = fileRefNameProblem(name);
  if (problem) return { message: `${fixtureRel}: the file reference of '${change.key}' cannot be written: ${problem}` };
  const rel = `reference/${name}`;
  const target = path.join(toolDir, rel);
  let mode = 0o644;
  if (existsSync(target) || isLink(target)) {
    const where = checkUserFile(toolDir, rel, Number.MAX_SAFE_INTEGER);
    if (!where.ok || isLink(target))
      return { message: `${rel} is not a regular file inside the tool, so it was not replaced` };
    if (readOnly(target))
      return {
        message: `${rel} is read-only, so it was not updated (nor any other file); make it writable (chmod u+w ${rel}) and run again`,
      };
    mode = statSync(target).mode & 0o7777;
  }
  const bytes = mediaBytesOf(change.type, change.new);
  if (!bytes.ok)
    return {
      message: `${fixtureRel}: output '${change.key}': the new value cannot be written as a file: ${bytes.why}`,
    };
  return { file: target, content: bytes.bytes, mode };
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** A new fixture file: its JSON, and the media files its outputs are kept in. */
function createFixture(
  toolDir: string,
  change: FileChange,
  stamp: string,
  taken: Set<string>,
): StagedWrite[] | { message: string } {
  const referenceDir = path.join(toolDir, 'reference');
  const writes: StagedWrite[] = [];
  const expected: Record<string, unknown> = {};
  for (const c of change.changes) {
    if (isMediaType(c.type)) {
      const bytes = mediaBytesOf(c.type, c.new);
      if (bytes.ok) {
        const name = newFileName(referenceDir, change.file, c.key, extensionOf(bytes.bytes, bytes.mime), taken);
        writes.push({ file: path.join(referenceDir, name), content: bytes.bytes, mode: 0o644 });
        expected[c.key] = { $file: name };
        continue;
      }
    }
    expected[c.key] = c.new;
  }
  const fixture = {
    name: 'Sample inputs',
    source: `pixie --update-fixtures from the validator's sample inputs | updated ${stamp}`,
    inputs: change.inputs ?? {},
    expected_outputs: expected,
    tags: ['sample'],
  };
  writes.push({
    file: path.join(referenceDir, change.file),
    content: `${stringifyJson(fixture, 2)}\n`,
    mode: 0o644,
  });
  return writes;
}

/** The staged writes for one existing fixture: its text with the changed values, and its media files. */
function updateFixture(
  toolDir: string,
  change: FileChange,
  stamp: string,
  taken: Set<string>,
): StagedWrite[] | { message: string } {
  const rel = `reference/${change.file}`;
  // the file as it is now (another editor may have touched it), and only a regular file inside the tool
  const where = checkUserFile(toolDir, rel);
  const read = where.ok ? readUserFile(toolDir, rel) : where;
  if (!where.ok || !read.ok) return { message: read.ok ? '' : read.message };
  if (readOnly(where.realPath))
    return {
      message: `${rel} is read-only, so it was not updated (nor any other file); make it writable (chmod u+w ${rel}) and run again`,
    };
  let raw: Record<string, unknown>;
  try {
    raw = parseJson(read.text.replace(/^\ufeff/, '')) as Record<string, unknown>;
  } catch {
    return { message: `${rel} is no longer valid JSON; fix it and run again` };
  }
  // a fixture may leave expected_outputs out: it asserts nothing yet
  const expected = raw.expected_outputs ?? {};
  if (!isPlainObject(expected)) return { message: `${rel} no longer has an expected_outputs object; run again` };
  const writes: StagedWrite[] = [];
  let text = read.text;
  const set = (at: string[], value: unknown, layout?: 'indented'): string | null => {
    const next = setJsonValue(text, at, value, layout ? { layout } : {});
    if (typeof next !== 'string') return `${rel}: ${next.reason}; run again`;
    text = next;
    return null;
  };
  /** A value the fixture did not assert yet: media in a file of its own beside the fixture. */
  const addedValue = (c: ValueChange): unknown => {
    if (!isMediaType(c.type)) return c.new;
    const bytes = mediaBytesOf(c.type, c.new);
    if (!bytes.ok) return c.new;
    const referenceDir = path.join(toolDir, 'reference');
    const name = newFileName(referenceDir, change.file, c.key, extensionOf(bytes.bytes, bytes.mime), taken);
    writes.push({ file: path.join(referenceDir, name), content: bytes.bytes, mode: 0o644 });
    return { $file: name };
  };
  // a fixture that asserts nothing gets every new expectation at once, spread over lines as a new fixture's are
  const filling = Object.keys(expected).length === 0 && change.changes.every((c) => c.added);
  if (filling) {
    const filled: Record<string, unknown> = {};
    for (const c of change.changes) setOwn(filled, c.key, addedValue(c));
    const problem = set(['expected_outputs'], filled, 'indented');
    if (problem) return { message: problem };
  }
  for (const c of filling ? [] : change.changes) {
    const current = expected[c.key];
    if (isFileRef(current)) {
      // the value lives in its own file: the bytes change, the fixture's reference stays
      const media = mediaWrite(toolDir, current.$file, c, rel);
      if ('message' in media) return media;
      writes.push(media);
      continue;
    }
    const problem = set(['expected_outputs', c.key], c.added ? addedValue(c) : c.new);
    if (problem) return { message: problem };
  }
  const problem = set(['source'], stampSource(raw.source, stamp));
  if (problem) return { message: problem };
  writes.push({ file: where.realPath, content: text, mode: statSync(where.realPath).mode & 0o7777 });
  return writes;
}

/**
 * Writes the changes: every file staged first, then all renamed into place, so an unwritable file
 * refuses the whole update. Call it holding the tool's update lock (update-lock.ts).
 */
export function applyChanges(files: readonly FileChange[], toolDir: string, now = new Date()): ApplyResult {
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const referenceDir = path.join(toolDir, 'reference');
  const folder = listUserDir(toolDir, 'reference');
  if (!folder.ok && folder.kind !== 'missing') return refused(folder.message);
  try {
    if (!folder.ok && files.length) mkdirSync(referenceDir);
  } catch (err) {
    return refused(`could not create reference/ (${writeError(err)})`);
  }
  // temporaries of a run killed between staging and renaming
  sweepStaged(referenceDir);
  const writes: StagedWrite[] = [];
  const taken = new Set<string>();
  for (const change of files) {
    const staged = change.create
      ? createFixture(toolDir, change, stamp, taken)
      : updateFixture(toolDir, change, stamp, taken);
    if ('message' in staged) return refused(staged.message);
    writes.push(...staged);
  }
  try {
    writeFilesTogether(writes);
  } catch (err) {
    const written = ((err as { written?: string[] }).written ?? []).map((f) => path.basename(f));
    return {
      ok: false,
      message: `could not write reference/ (${writeError(err)}); ${written.length ? `only ${written.join(', ')} were updated` : 'no file was changed'}`,
      written,
    };
  }
  return { ok: true, written: writes.map((w) => path.basename(w.file)) };
}
