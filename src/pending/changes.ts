// Changes waiting for a decision, from the pending results of a run (this machine's, or a CI
// artifact copied here) or from a `--json` report, without running the tool again. Accepting one
// writes exactly its value (workflows/decide-changes.ts), refused when the value is unusable (null,
// the wrong shape, not kept whole) or the fixture's expected value changed since the run that found
// it. A new expectation (a fixture that asserted no outputs) is accepted while the fixture still does
// not assert that output. Rejecting forgets a pending change.
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { canonicalJson } from '../comparators/kit/value.js';
import { PixieError } from '../errors.js';
import { limit } from '../limits.js';
import { isNewExpectation, NEW_EXPECTATION, type OutputComparison, type Report } from '../model/report.js';
import type { MessageTable } from '../util/message-table.js';
import { isTruncatedValue } from '../report/value-cap.js';
import { isFileRef, readFileRef } from '../reference/file-refs.js';
import { selectFixtures } from '../reference/select.js';
import { unusable } from '../reference/update.js';
import type { FileChange } from '../reference/update-write.js';
import { readNamedFile, readUserFile } from '../source/user-file.js';
import type { Manifest } from '../model/manifest.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { listPending, listToolPending, mediaPaths, readNewValue, removeEntry, type StoredEntry } from './store.js';
import { parseJson } from '../util/python-json.js';

export interface Change {
  fixture: string;
  output: string;
  type: string;
  /** a new expectation: the fixture asserted no outputs, and this value would be its first */
  added: boolean;
  /** the expected value the run compared against (as its report kept it); undefined for a new expectation */
  old: unknown;
  oldSha?: string;
  comparison: OutputComparison;
  /** the full new value, read when needed */
  newValue(): { ok: true; value: unknown } | { ok: false; why: string };
  /** when it came from a pending folder: the entry to remove once decided */
  stored?: StoredEntry;
  media?: { expected?: string; actual?: string; diffs?: string[] };
}

export interface ChangeSource {
  changes: Change[];
  /** the pending folder or the report file they came from */
  where: string;
  kind: 'pending' | 'report';
  problems: string[];
}

function fromEntry(stored: StoredEntry): Change {
  const e = stored.entry;
  let cached: ReturnType<Change['newValue']> | undefined;
  const newValue = () => (cached ??= readNewValue(stored));
  const added = e.kind === 'new';
  return {
    fixture: e.fixture,
    output: e.output,
    type: e.type,
    added,
    old: added ? undefined : e.old,
    ...(typeof e.old_sha256 === 'string' ? { oldSha: e.old_sha256 } : {}),
    comparison: {
      key: e.output,
      type: e.type,
      ...e.comparison,
      ...(added
        ? { comparator: NEW_EXPECTATION, status: 'warn', expected: null }
        : { status: 'fail', expected: e.old }),
      get actual() {
        const v = newValue();
        return v.ok ? v.value : undefined;
      },
    } as OutputComparison,
    newValue,
    stored,
    media: mediaPaths(stored),
  };
}

/** Out-of-tolerance outputs and new expectations of one tool's report, as changes (values as the report kept them). */
export function changesOfReport(report: Report): Change[] {
  const out: Change[] = [];
  for (const f of report.fixtures ?? []) {
    for (const o of f.outputs ?? []) {
      const added = isNewExpectation(o);
      if ((o.status !== 'fail' && !added) || o.actual === undefined || o.type === 'unknown') continue;
      out.push({
        fixture: f.file,
        output: o.key,
        type: o.type,
        added,
        old: added ? undefined : o.expected,
        comparison: o,
        newValue: () => ({ ok: true, value: o.actual }),
      });
    }
  }
  return out;
}

/** The report of `toolId` in a report file (one report, or the array of --all and report merge). */
function reportOf(file: string, toolId: string): Report {
  const read = readNamedFile(file, limit('fileBytes') * 4);
  if (!read.ok)
    throw new PixieError('USER_FILE', `cannot read ${file}: ${read.reason}`, 'pass the pending folder instead');
  let data: unknown;
  try {
    data = parseJson(read.bytes.toString('utf8'));
  } catch {
    throw new PixieError(
      'USER_FILE',
      `${file} is not a JSON report`,
      'pass a pixie validate --json report or a pending folder',
    );
  }
  const reports = (Array.isArray(data) ? data : [data]).filter(
    (r): r is Report => isPlainObject(r) && Array.isArray(r.fixtures) && typeof r.tool_id === 'string',
  );
  const report = reports.find((r) => r.tool_id === toolId || path.basename(String(r.tool_path ?? '')) === toolId);
  if (!report)
    throw new PixieError(
      'USER_FILE',
      `${file} has no report of '${toolId}'${reports.length ? ` (it has ${reports.map((r) => r.tool_id).join(', ')})` : ''}`,
      'pass the report of this tool',
    );
  return report;
}

/**
 * The changes of the tool in `toolDir`: from its pending folder, or from `from` (a pending folder
 * copied from elsewhere, the `.pixie/pending` above it, or a --json report file).
 */
export function loadChanges(toolDir: string, from?: string, manifestId?: string): ChangeSource {
  const toolId = path.basename(toolDir);
  // a run records tool.json's id; the tool is found by its folder, whose name may differ
  const ours = (id: string | undefined) => !id || id === toolId || id === manifestId;
  if (from && existsSync(from) && statSync(from).isFile()) {
    return { changes: changesOfReport(reportOf(from, toolId)), where: from, kind: 'report', problems: [] };
  }
  let listed: { root: string; entries: StoredEntry[]; problems: string[] };
  if (from) {
    if (!existsSync(from))
      throw new PixieError('USAGE', `--from ${from} does not exist`, 'pass a pending folder or a --json report');
    // a folder the user names is followed as named; the folders in it are not (listPending)
    const root = existsSync(path.join(from, toolId)) ? path.join(from, toolId) : path.resolve(from);
    listed = { root, ...listPending(root) };
  } else listed = listToolPending(toolDir);
  const { root, entries, problems } = listed;
  return {
    changes: entries.filter((e) => ours(e.entry.tool_id)).map(fromEntry),
    where: root,
    kind: 'pending',
    problems,
  };
}

/** The changes --fixture (tokens as for validate) and --output pick; tokens that pick nothing come back. */
export function selectChanges(
  changes: readonly Change[],
  sel: { fixture?: readonly string[]; output?: readonly string[] },
): { selected: Change[]; unmatched: string[] } {
  const files = [...new Set(changes.map((ch) => ch.fixture))].map((file) => ({ file, tags: [] as string[] }));
  const picked = selectFixtures(files, { fixture: sel.fixture });
  const fileSet = new Set(picked.selected.map((f) => f.file));
  const outputs = new Set(sel.output ?? []);
  const selected = changes.filter((ch) => fileSet.has(ch.fixture) && (outputs.size === 0 || outputs.has(ch.output)));
  const unmatchedOutputs = [...outputs]
    .filter((o) => !selected.some((ch) => ch.output === o))
    .map((o) => `--output ${o}`);
  return { selected, unmatched: [...picked.unmatched.map((t) => `--fixture ${t}`), ...unmatchedOutputs] };
}

const messages = {
  noLongerAsserts: (rel: string, key: string) => `${rel} no longer asserts '${key}'`,
  assertsNow: (rel: string, key: string) =>
    `${rel} asserts '${key}' now, so the new expectation found before was not written; run pixie validate again`,
  noObject: (rel: string) =>
    `${rel} has an expected_outputs that is not an object now; fix it and run pixie validate again`,
} satisfies MessageTable;

const sha = (v: unknown) => createHash('sha256').update(canonicalJson(v)).digest('hex');

/** The fixture's expected value for `key` as the comparators see it now (a file reference read), or why not. */
function currentExpected(
  toolDir: string,
  fixture: string,
  key: string,
): { ok: true; value: unknown } | { ok: false; why: string } {
  const rel = `reference/${fixture}`;
  const read = readUserFile(toolDir, rel);
  if (!read.ok) return { ok: false, why: read.message };
  let data: unknown;
  try {
    data = parseJson(read.text.replace(/^\ufeff/, ''));
  } catch {
    return { ok: false, why: `${rel} is not valid JSON now` };
  }
  const expected = isPlainObject(data) && isPlainObject(data.expected_outputs) ? data.expected_outputs : null;
  if (!expected || !Object.hasOwn(expected, key)) return { ok: false, why: messages.noLongerAsserts(rel, key) };
  const value = expected[key];
  if (!isFileRef(value)) return { ok: true, value };
  const file = readFileRef(toolDir, value.$file);
  return file.ok ? { ok: true, value: file.value } : { ok: false, why: file.why };
}

/** Why a new expectation can no longer be accepted (the fixture is gone, or asserts that output now), or null. */
function stillMissing(toolDir: string, fixture: string, key: string): string | null {
  const rel = `reference/${fixture}`;
  const read = readUserFile(toolDir, rel);
  if (!read.ok) return read.message;
  let data: unknown;
  try {
    data = JSON.parse(read.text.replace(/^\ufeff/, ''));
  } catch {
    return `${rel} is not valid JSON now`;
  }
  if (!isPlainObject(data)) return `${rel} is not a fixture now`;
  const expected = data.expected_outputs ?? {};
  if (!isPlainObject(expected)) return messages.noObject(rel);
  return Object.hasOwn(expected, key) ? messages.assertsNow(rel, key) : null;
}

/**
 * The fixture writes that accept `changes`, or every reason they cannot all be accepted (a value that
 * is unusable or cannot be read, an output tool.json no longer declares, a fixture edited since the run).
 */
export function planAcceptance(
  toolDir: string,
  manifest: Manifest,
  changes: readonly Change[],
  /** how a pasted command names the tool (ValidateOptions.toolRef) */
  ref = path.basename(toolDir),
): { ok: true; files: FileChange[] } | { ok: false; problems: string[] } {
  const specs = new Map(manifest.outputs.map((o) => [o.key, o]));
  const problems: string[] = [];
  const byFile = new Map<string, FileChange>();
  for (const ch of changes) {
    const where = `${ch.fixture}: output '${ch.output}'`;
    const spec = specs.get(ch.output);
    if (!spec) {
      problems.push(`${where}: tool.json no longer declares it`);
      continue;
    }
    const value = ch.newValue();
    if (!value.ok) {
      problems.push(`${where}: the new value cannot be read: ${value.why}`);
      continue;
    }
    const rerun = `pixie validate ${ref} --update-fixtures --yes`;
    const why = unusable(
      spec,
      value.value,
      ch.stored
        ? { keeps: 'pixie records in pending results', from: 'them', rerun }
        : { keeps: 'the report keeps', from: 'this report', rerun },
    );
    if (why) {
      problems.push(`${where}: ${why}`);
      continue;
    }
    if (ch.added) {
      const still = stillMissing(toolDir, ch.fixture, ch.output);
      if (still) problems.push(`${where}: ${still}`);
      else {
        const file = byFile.get(ch.fixture) ?? { file: ch.fixture, create: false, changes: [] };
        file.changes.push({ key: ch.output, type: spec.type, old: undefined, new: value.value, added: true });
        byFile.set(ch.fixture, file);
      }
      continue;
    }
    const now = currentExpected(toolDir, ch.fixture, ch.output);
    if (!now.ok) {
      problems.push(`${where}: ${now.why}`);
      continue;
    }
    const same = ch.oldSha ? sha(now.value) === ch.oldSha : isTruncatedValue(ch.old) || sha(now.value) === sha(ch.old);
    if (!same) {
      problems.push(
        `${where}: the expected value in reference/${ch.fixture} changed since the run that found this change; run pixie validate again`,
      );
      continue;
    }
    const file = byFile.get(ch.fixture) ?? { file: ch.fixture, create: false, changes: [] };
    file.changes.push({ key: ch.output, type: spec.type, old: ch.old, new: value.value });
    byFile.set(ch.fixture, file);
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, files: [...byFile.values()] };
}

/** Forgets pending changes without touching the fixtures; returns how many were removed. */
export function rejectChanges(changes: readonly Change[]): number {
  let n = 0;
  for (const ch of changes) {
    if (!ch.stored) continue;
    removeEntry(ch.stored);
    n++;
  }
  return n;
}
