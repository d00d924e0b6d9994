// Recording a run's pending results (store.ts has the layout). Full new values arrive fixture by
// fixture while the run goes on and are written at once, so none is held until the end; the entries
// (comparison, old value, diff images) are written from the finished report. Each value is kept
// whole up to the size pixie reads back from a file (PIXIE_MAX_FILE_MB), and one run writes at most
// PIXIE_MAX_OUTPUT_MB in all; past either a value is recorded as too large, and accepting it is
// refused. Recording never changes a verdict: a folder that cannot be written is a note, not a failure.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmdirSync } from 'node:fs';
import path from 'node:path';
import { canonicalJson } from '../comparators/kit/value.js';
import { formatSize, limit, limitHint } from '../limits.js';
import { isMediaType } from '../model/output-types.js';
import type { Report } from '../model/report.js';
import { createValueCap, isTruncatedValue } from '../report/value-cap.js';
import { extensionOf, mediaBytesOf } from '../reference/file-refs.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import type { FailingOutputs } from '../model/options.js';
import { fixtureFolder, keyFileName, type PendingEntry, pendingToolDir, rmQuietly } from './store.js';

const MAX_DIFFERENCES = 200;

interface Taken {
  name: string;
  sha: string;
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
  private used = 0;
  private readonly problems: string[] = [];

  constructor(
    toolDir: string,
    private readonly ref = path.basename(toolDir),
  ) {
    this.root = pendingToolDir(toolDir);
  }

  private write(file: string, content: string | Buffer): boolean {
    try {
      mkdirSync(path.dirname(file), { recursive: true });
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
    const dir = path.join(this.root, fixtureFolder(failing.file));
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
      if (!this.write(path.join(dir, `${name}.new.json`), JSON.stringify(kept))) continue;
      const files: Taken['files'] = {};
      if (isMediaType(o.type)) {
        for (const side of ['expected', 'actual'] as const) {
          const bytes = mediaBytesOf(o.type, o[side]);
          if (!bytes.ok || this.used + bytes.bytes.length > total) continue;
          const file = `${name}.${side}.${extensionOf(bytes.bytes, bytes.mime)}`;
          if (this.write(path.join(dir, file), bytes.bytes)) files[side] = file;
        }
      }
      const sha = createHash('sha256').update(canonicalJson(o.expected)).digest('hex');
      this.taken.set(`${failing.file}\0${o.key}`, { name, sha, files });
    }
  };

  /** Writes the entries of the finished run and removes what earlier runs left for the fixtures it ran. */
  finish(report: Report): Recorded {
    const diffImages: string[] = [];
    let count = 0;
    for (const f of report.fixtures) {
      const dir = path.join(this.root, fixtureFolder(f.file));
      for (const o of f.outputs) {
        const taken = this.taken.get(`${f.file}\0${o.key}`);
        if (!taken || o.status !== 'fail') continue;
        const diffs: string[] = [];
        for (const a of o.artifacts ?? []) {
          if (a.role && a.role !== 'diff') continue;
          const bytes = mediaBytesOf('image', a.data_url);
          if (!bytes.ok) continue;
          const file = `${taken.name}.diff${diffs.length ? `-${diffs.length + 1}` : ''}.png`;
          if (this.write(path.join(dir, file), bytes.bytes)) {
            diffs.push(file);
            diffImages.push(path.join(dir, file));
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
          old: o.expected,
          old_sha256: taken.sha,
          new_file: `${taken.name}.new.json`,
          ...(taken.files.expected || taken.files.actual || diffs.length
            ? { files: { ...taken.files, ...(diffs.length ? { diffs } : {}) } }
            : {}),
        };
        if (this.write(path.join(dir, `${taken.name}.json`), `${JSON.stringify(entry, null, 2)}\n`)) count++;
      }
      this.sweep(dir);
    }
    return { root: this.root, ref: this.ref, count, diffImages, problems: [...new Set(this.problems)] };
  }

  /** What earlier runs left in a fixture's folder that this run did not write: those changes are gone. */
  private sweep(dir: string): void {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const file = path.join(dir, name);
      if (!this.written.has(file)) rmQuietly(file);
    }
    try {
      if (readdirSync(dir).length === 0) rmdirSync(dir);
    } catch {
      // written to meanwhile, or gone
    }
  }
}
