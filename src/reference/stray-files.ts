// reference/ holds only fixtures, tolerance.yaml, README.md and the media files fixtures name
// (`{"$file": "badge.png"}`): a stray `fixture_a.json.bak`, `tolerance.yml` or an `expected.png` no
// fixture names is never read, so it silently asserts nothing. Found here as findings; they fail
// check 12 only under --strict (docs/fixtures.md).
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { finding, type Finding } from '../model/finding.js';
import { excerpt } from '../source/excerpt.js';
import { listUserDir, readUserFile } from '../source/user-file.js';
import { isStagedTemporary } from '../util/staged-files.js';
import { referencedNames } from './file-refs.js';
import { LOCK_FILE } from './update-lock.js';

const READ_BY_PIXIE = /^(fixture_.*\.json|tolerance\.yaml|README\.md)$/;

/** Entries of reference/ that pixie never reads, each with the fix. */
export function strayReferenceFiles(toolDir: string): Finding[] {
  const dir = path.join(toolDir, 'reference');
  // a reference/ that links out of the tool is reported by the loaders; its names are not listed here
  const listed = listUserDir(toolDir, 'reference');
  if (!listed.ok) return [];
  const out: Finding[] = [];
  let referenced: Set<string> | null = null;
  for (const name of listed.names.sort()) {
    // the update lock and staged writes of a running (or killed, to be swept) updater are pixie's own
    if (name === LOCK_FILE || isStagedTemporary(name)) continue;
    if (READ_BY_PIXIE.test(name)) {
      let isDir = false;
      try {
        isDir = lstatSync(path.join(dir, name)).isDirectory();
      } catch {
        /* gone */
      }
      if (!isDir) continue;
    }
    // fixtures are read for their file references only when there is a candidate
    referenced ??= referencedFiles(toolDir, listed.names);
    if (referenced.has(name) && isRegularFile(path.join(dir, name))) continue;
    out.push(finding('stray-reference-file', { file: `reference/${excerpt(name)}`, message: strayMessage(name) }));
  }
  return out;
}

/** Every name a fixture's `{"$file": …}` refers to. */
function referencedFiles(toolDir: string, names: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const name of names) {
    if (!/^fixture_.*\.json$/.test(name)) continue;
    const read = readUserFile(toolDir, `reference/${name}`);
    if (read.ok) for (const ref of referencedNames(read.text)) out.add(ref);
  }
  return out;
}

function isRegularFile(file: string): boolean {
  try {
    return lstatSync(file).isFile();
  } catch {
    return false;
  }
}

function strayMessage(name: string): string {
  const fix = 'pixie reads only fixture_*.json, tolerance.yaml and README.md there';
  if (/^tolerance\.(yml|json)$/i.test(name) || /^tolerance/i.test(name))
    return `not read by pixie: rename it to reference/tolerance.yaml (${fix})`;
  if (/^fixture_.*\.json\..+$/.test(name) || /\.(bak|orig|tmp|swp)$|~$/.test(name))
    return `leftover copy of a fixture, never run: delete it (${fix})`;
  if (/\.json$/.test(name))
    return `never run as a fixture: rename it to fixture_${name.replace(/^fixture[-_]?/i, '')} or delete it (${fix})`;
  return `not a fixture: delete it or move it out of reference/ (${fix})`;
}
