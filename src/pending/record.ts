// Recording a run's pending results (store.ts has the layout). Full new values arrive fixture by
// fixture while the run goes on and are written at once, so none is held until the end; the entries
// (comparison, old value, diff images) are written from the finished report. Each value is kept
// whole up to the size pixie reads back from a file (PIXIE_MAX_FILE_MB), and one run writes at most
// PIXIE_MAX_OUTPUT_MB in all; past either a value is recorded as too large, and accepting it is
// refused. Recording never changes a verdict: a folder that cannot be written is a note, not a failure.
// Every folder written is pixie's own (a link in .pixie/ is replaced, never written through), and the
// sweep removes only files named as pixie names them, one by one.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { canonicalJson } from '../comparators/kit/value.js';
import { formatSize, limit, limitHint } from '../limits.js';
import { isMediaType } from '../model/output-types.js';
import { isNewExpectation, type Report } from '../model/report.js';
import { createValueCap, isTruncatedValue } from '../report/value-cap.js';
import { extensionOf, mediaBytesOf } from '../reference/file-refs.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import type { FailingOutputs } from '../model/options.js';
import type { OwnFolder } from '../util/own-folder.js';
import {
  fixtureFolder,
  keyFileName,
  type PendingEntry,
  pendingFolder,
  pendingToolDir,
  removePendingFiles,
} from './store.js';
import { stringifyJson } from '../util/python-json.js';

const MAX_DIFFERENCES = 200;

interface Taken {
  name: string;
  /** of the expected value; null for a new expectation, which has none */
  sha: string | null;
  files: { expected?: string; actual?: string };
}

export interface Recorded {
  /** the tool's pending folder */
  root: string;
  /** how a pasted command names the tool (ValidateOptions.toolRef) */
  ref: string;
  /** changes recorded by this run */
  count: number;
  /** diff images written for failing media outputs, absolute paths */
  diffImages: string[];
  /** what could not be written, one sentence each */
  problems: string[];
}

export class PendingRecorder {
  readonly root: string;
  private readonly taken = new Map<string, Taken>();
  private readonly written = new Set<string>();
  /** each fixture's folder, made (or found unusable) once per run */
  private readonly folders = new Map<string, OwnFolder>();
  private used = 0;
  private readonly problems: string[] = [];

  constructor(
    private readonly toolDir: string,
    private readonly ref = path.basename(toolDir),
  ) {
    this.root = pendingToolDir(toolDir);
  }

  /** The real folder of one fixture's pending results, by its name; null (and a problem noted) when it cannot be had. */
  private folder(fixtureDir: string): string | null {
    let own = this.folders.get(fixtureDir);
    if (!own) {
      own = pendingFolder(this.toolDir, true, fixtureDir);
      this.folders.set(fixtureDir, own);
      if (!own.ok) this.problems.push(`could not record pending results: ${own.why}`);
    }
    return own.ok ? own.dir : null;
  }

  private write(fixtureDir: string, name: string, content: string | Buffer): boolean {
    const dir = this.folder(fixtureDir);
    if (!dir) return false;
    const file = path.join(dir, name);
    try {
      writeFileAtomic(file, content);
      this.written.add(file);
      this.used += content.length;
      return true;
    } catch (err) {
      this.problems.push(`could not write ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
      return false;
    }
  }

  /** The full values of one fixture's failing outputs, written now (ValidateOptions.onFailingOutputs). */
  readonly take = (failing: FailingOutputs): void => {
    const dir = fixtureFolder(failing.file);
    const total = limit('outputBytes');
    for (const o of failing.outputs) {
      const name = keyFileName(o.key);
      // a value is kept whole up to what pixie reads back from a file, and while the run's total lasts
      const cap = createValueCap({
        valueChars: limit('fileBytes'),
        totalChars: Math.max(0, total - this.used),
        depth: limit('depth'),
      });
      const kept = cap.keep(o.actual);
      if (isTruncatedValue(kept)) {
        const full = this.used + kept.$truncated.json_chars > total;
        kept.$truncated.why = full
          ? `this run's pending results had already used the ${limitHint('outputBytes')} a run records`
          : `it is larger than the ${limitHint('fileBytes')} pixie reads back from a file`;
        if (full)
          this.problems.push(
            `pending results of this run reached ${formatSize(total)} (PIXIE_MAX_OUTPUT_MB); later values are recorded as too large`,
          );
      }
      if (!this.write(dir, `${name}.new.json`, stringifyJson(kept))) continue;
      const files: Taken['files'] = {};
      if (isMediaType(o.type)) {
        for (const side of ['expected', 'actual'] as const) {
          const bytes = mediaBytesOf(o.type, o[side]);
          if (!bytes.ok || this.used + bytes.bytes.length > total) continue;
          const file = `${name}.${side}.${extensionOf(bytes.bytes, bytes.mime)}`;
          if (this.write(dir, file, bytes.bytes)) files[side] = file;
        }
      }
      const sha = o.added ? null : createHash('sha256').update(canonicalJson(o.expected)).digest('hex');
      this.taken.set(`${failing.file}\0${o.key}`, { name, sha, files });
    }
  };

  /** Writes the entries of the finished run and removes what earlier runs left for the fixtures it ran. */
  finish(report: Report): Recorded {
    const diffImages: string[] = [];
    let count = 0;
    for (const f of report.fixtures) {
      const dir = fixtureFolder(f.file);
      for (const o of f.outputs) {
        const taken = this.taken.get(`${f.file}\0${o.key}`);
        const added = isNewExpectation(o);
        if (!taken || (o.status !== 'fail' && !added)) continue;
        const diffs: string[] = [];
        for (const a of o.artifacts ?? []) {
          if (a.role && a.role !== 'diff') continue;
          const bytes = mediaBytesOf('image', a.data_url);
          if (!bytes.ok) continue;
          const file = `${taken.name}.diff${diffs.length ? `-${diffs.length + 1}` : ''}.png`;
          if (this.write(dir, file, bytes.bytes)) {
            diffs.push(file);
            diffImages.push(path.join(this.root, dir, file));
          }
        }
        const entry: PendingEntry = {
          pixie_pending: 1,
          tool_id: report.tool_id,
          fixture: f.file,
          output: o.key,
          type: o.type,
          recorded_at: report.timestamp,
          comparison: {
            comparator: o.comparator,
            status: o.status,
            score: o.score,
            metric: o.metric,
            rule: o.rule,
            tolerance: o.tolerance,
            ...(o.differences ? { differences: o.differences.slice(0, MAX_DIFFERENCES) } : {}),
          },
          // a new expectation has no old value, only the new one
          ...(added ? { kind: 'new' as const } : { old: o.expected }),
          ...(taken.sha !== null ? { old_sha256: taken.sha } : {}),
          new_file: `${taken.name}.new.json`,
          ...(taken.files.expected || taken.files.actual || diffs.length
            ? { files: { ...taken.files, ...(diffs.length ? { diffs } : {}) } }
            : {}),
        };
        if (this.write(dir, `${taken.name}.json`, `${stringifyJson(entry, 2)}\n`)) count++;
      }
      this.sweep(dir);
    }
    return { root: this.root, ref: this.ref, count, diffImages, problems: [...new Set(this.problems)] };
  }

  /**
   * What earlier runs left in a fixture's folder that this run did not write: those changes are gone.
   * The folder is looked at only when it is a real one (a link there is never listed or deleted through).
   */
  private sweep(fixtureDir: string): void {
    const own = this.folders.get(fixtureDir) ?? pendingFolder(this.toolDir, false, fixtureDir);
    if (own.ok) removePendingFiles(own.dir, (name) => !this.written.has(path.join(own.dir, name)));
  }
}
