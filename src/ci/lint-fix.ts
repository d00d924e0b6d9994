// `pixie lint --fix`: applies the edits findings carry (docs/cli.md#pixie-lint) to tool.json and
// fixtures, changing only the value at each edit's path, so every other byte of the file (key order,
// indentation, line endings, one-line objects) stays as the author wrote it (source/json-edit.ts);
// the result must parse and hold the new value, or nothing is written.
import { lstatSync } from 'node:fs';
import path from 'node:path';
import type { Finding, FindingEdit } from '../model/finding.js';
import { setJsonValue } from '../source/json-edit.js';
import { readUserFile } from '../source/user-file.js';
import { writeFileAtomic } from '../util/atomic-write.js';

interface FixResult {
  /** relative to the tool folder */
  file: string;
  description: string;
  /** what the fix answers: the findings (file line: message) that suggested it */
  because: Finding[];
}

interface FixSkipped {
  file: string;
  description: string;
  reason: string;
}

export interface FixOutcome {
  applied: FixResult[];
  skipped: FixSkipped[];
}

/** Only the files a finding may point an edit at: tool.json and the fixtures. */
const EDITABLE = /^(tool\.json|reference\/fixture_[^/]*\.json)$/;
const BOM = '\ufeff';

/** Applies every edit carried by `findings` to the files of `toolDir`; one edit per path (conflicts are skipped). */
export function applyFixes(toolDir: string, findings: readonly Finding[]): FixOutcome {
  const byFile = new Map<string, Map<string, { edit: FindingEdit; because: Finding[]; conflict: boolean }>>();
  for (const f of findings) {
    if (!f.edit) continue;
    const edits = byFile.get(f.edit.file) ?? byFile.set(f.edit.file, new Map()).get(f.edit.file)!;
    const at = JSON.stringify(f.edit.path);
    const seen = edits.get(at);
    if (!seen) edits.set(at, { edit: f.edit, because: [f], conflict: false });
    else {
      seen.because.push(f);
      if (JSON.stringify(seen.edit.value) !== JSON.stringify(f.edit.value)) seen.conflict = true;
    }
  }
  const outcome: FixOutcome = { applied: [], skipped: [] };
  for (const [file, edits] of byFile) {
    const skipAll = (reason: string) => {
      for (const { edit } of edits.values()) outcome.skipped.push({ file, description: edit.description, reason });
    };
    const full = path.resolve(toolDir, file);
    const inside = path.relative(toolDir, full).split(path.sep).join('/');
    if (!EDITABLE.test(inside) || inside !== file) {
      skipAll('pixie only edits tool.json and reference/fixture_*.json');
      continue;
    }
    try {
      // a symlink may lead out of the tool folder: never write through one
      if (!lstatSync(full).isFile()) throw new Error('not a regular file');
    } catch (err) {
      skipAll(`could not read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
      continue;
    }
    // read as every loader reads it: inside the tool, size-capped
    const read = readUserFile(toolDir, inside);
    if (!read.ok) {
      skipAll(`could not read it (${read.reason})`);
      continue;
    }
    const original = read.text;
    const bom = original.startsWith(BOM) ? BOM : '';
    let text = original.slice(bom.length);
    const done: FixResult[] = [];
    for (const { edit, because, conflict } of edits.values()) {
      if (conflict) {
        outcome.skipped.push({ file, description: edit.description, reason: 'findings suggest different values here' });
        continue;
      }
      const next = setJsonValue(text, edit.path, edit.value, {
        what: 'fix',
        since: 'the file changed since lint read it',
      });
      if (typeof next !== 'string') {
        outcome.skipped.push({ file, description: edit.description, reason: next.reason });
        continue;
      }
      text = next;
      done.push({ file, description: edit.description, because });
    }
    if (done.length === 0) continue;
    writeFileAtomic(full, bom + text);
    outcome.applied.push(...done);
  }
  return outcome;
}
