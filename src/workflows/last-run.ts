// `pixie validate <tool> --last-failed` (docs/cli.md): each run of one tool records which of its
// fixtures failed in .pixie/last-run/<tool>.json (beside .pixie/pending, the user does not version
// it), and --last-failed re-runs those. A run of some fixtures only updates what it ran: a fixture
// that passed now is forgotten, one that failed now is added, the others keep their last verdict.
// A failing contract check (1–11) means the whole tool is run again.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Report } from '../model/report.js';
import { readUserFile } from '../source/user-file.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { ownFolder } from '../util/own-folder.js';

export interface LastRun {
  /** fixture files that failed (or were flaky) in the runs recorded */
  failed: string[];
  /** a contract check failed: everything runs again */
  checksFailed: boolean;
}

const place = (toolDir: string) => ({
  base: path.join(path.dirname(path.dirname(path.resolve(toolDir))), '.pixie'),
  file: `${path.basename(path.resolve(toolDir))}.json`,
});

/** What the last recorded run of the tool left failing, or null when none is recorded (or it cannot be read). */
export function readLastRun(toolDir: string): LastRun | null {
  const { base, file } = place(toolDir);
  const own = ownFolder(base, ['last-run'], false);
  if (!own.ok) return null;
  const read = readUserFile(own.dir, file, 4 * 1024 * 1024);
  if (!read.ok) return null;
  try {
    const data: unknown = JSON.parse(read.text);
    if (!isPlainObject(data) || !Array.isArray(data.failed)) return null;
    return {
      failed: data.failed.filter((f): f is string => typeof f === 'string' && /^fixture_[^/\\]*\.json$/.test(f)),
      checksFailed: data.checks_failed === true,
    };
  } catch {
    return null;
  }
}

/** Records a finished run; a problem writing it is returned (never thrown), as it must not change the verdict. */
export function recordLastRun(toolDir: string, report: Report): string | null {
  const before = readLastRun(toolDir);
  const ran = new Set(report.fixtures.map((f) => f.file));
  const failedNow = report.fixtures.filter((f) => f.status === 'fail' || f.status === 'flaky').map((f) => f.file);
  // fixtures that did not run this time keep their last verdict, while their file is still there
  const kept = (before?.failed ?? []).filter((f) => !ran.has(f) && existsSync(path.join(toolDir, 'reference', f)));
  const checksFailed = report.checks.some((k) => k.phase !== 'fixtures' && k.status === 'fail');
  const { base, file } = place(toolDir);
  const own = ownFolder(base, ['last-run'], true);
  if (!own.ok) return own.why;
  try {
    const body = {
      tool_id: report.tool_id,
      timestamp: report.timestamp,
      checks_failed: checksFailed,
      failed: [...new Set([...kept, ...failedNow])].sort(),
    };
    writeFileAtomic(path.join(own.dir, file), `${JSON.stringify(body, null, 2)}\n`);
    return null;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code ?? (err as Error).message;
  }
}
