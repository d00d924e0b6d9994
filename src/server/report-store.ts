// Report history on disk: <state>/reports/<tool-id>/<timestamp>-<kind>.json, each file written
// atomically (a crash leaves the old set, never half a file), the newest 50 per tool kept. The
// latest entry per tool is cached in memory, so the tool list never reads report files. The state
// folder may have come with the repository: its folders are pixie's own (util/own-folder.ts), a link
// in them is never written, listed or pruned through.
import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { limit as sizeLimit } from '../limits.js';
import { readUserFile } from '../source/user-file.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import { isRemovableEntry, ownFolder } from '../util/own-folder.js';
import { withPhases } from '../checks/index.js';
import { overallOf, type CheckPhase, type Report, type Status } from '../model/report.js';
import { parseJson, stringifyJson } from '../util/python-json.js';

export type RunKind = 'validate' | 'reference-check';

/** What one file holds: the report as the API returns it, plus what the service needs to judge it. */
export interface StoredReport {
  kind: RunKind;
  /** the tool's file fingerprint when the run started (see ToolRegistry) */
  fingerprint: string;
  /** the same without reference/: what decides whether the report's values are still the tool's (accept) */
  code_fingerprint?: string;
  report: Report;
}

export interface LatestInfo {
  file: string;
  kind: RunKind;
  fingerprint: string;
  timestamp: string;
  overall: Report['overall'];
  /** check statuses with their phase, to merge a newer fixtures-only run into the last full one */
  checks: { phase: CheckPhase; status: Status }[];
  /** what --explore concluded, when the run explored */
  explore?: Status;
}

const KEEP_REPORTS = 50;
// the name carries time, kind and overall, so the history list needs no file reads
const REPORT_FILE =
  /^(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-\d{3}Z-\d{4}-(validate|reference-check)-(pass|warn|fail)\.json$/;

export class ReportStore {
  readonly dir: string;
  private readonly stateDir: string;
  private readonly keep: number;
  /** per tool: newest first, at most one full and one reference-check entry we need for the status */
  private latest = new Map<string, { full: LatestInfo | null; ref: LatestInfo | null }>();
  private seq = 0;
  /** bumps on every save, so derived views (the tool list) know when to rebuild */
  version = 0;

  constructor(stateDir: string, opts: { keep?: number } = {}) {
    this.stateDir = stateDir;
    this.dir = path.join(stateDir, 'reports');
    this.keep = opts.keep ?? KEEP_REPORTS;
  }

  /**
   * The folder of one tool's reports, made with `make`; null when it is absent or not pixie's own (a
   * link, say). Ids come from folder names the registry read; one that could leave the folder is refused.
   */
  private toolDir(toolId: string, make = false): string | null {
    if (
      !toolId ||
      toolId.includes('/') ||
      toolId.includes('\\') ||
      toolId === '.' ||
      toolId === '..' ||
      toolId.includes('\0')
    )
      throw new Error(`refusing report path for tool id ${JSON.stringify(toolId)}`);
    const own = ownFolder(this.stateDir, ['reports', toolId], make);
    if (own.ok) return own.dir;
    if (make) throw new Error(`cannot keep reports: ${own.why}`);
    return null;
  }

  /** Report files of one tool, newest first (names sort by time). Leftover temporary files are ignored. */
  files(toolId: string): string[] {
    const dir = this.toolDir(toolId);
    if (!dir) return [];
    try {
      return readdirSync(dir)
        .filter((f) => REPORT_FILE.test(f))
        .sort()
        .reverse();
    } catch {
      return [];
    }
  }

  /** Time, kind and overall of a report file, from its name. */
  static describe(file: string): { file: string; timestamp: string; kind: RunKind; overall: Report['overall'] } | null {
    const m = REPORT_FILE.exec(file);
    return m
      ? {
          file,
          timestamp: `${m[1]} ${m[2]}:${m[3]}:${m[4]}Z`,
          kind: m[5] as RunKind,
          overall: m[6] as Report['overall'],
        }
      : null;
  }

  save(toolId: string, stored: StoredReport): string {
    const dir = this.toolDir(toolId, true)!;
    const stamp = new Date(stored.report.timestamp).toISOString().replace(/[:.]/g, '-');
    // the sequence number keeps two runs finishing in the same millisecond apart and in order
    this.seq = (this.seq + 1) % 10000;
    const name = `${stamp}-${String(this.seq).padStart(4, '0')}-${stored.kind}-${stored.report.overall}.json`;
    writeFileAtomic(path.join(dir, name), `${stringifyJson(stored)}\n`);
    this.version++;
    const info = infoOf(name, stored);
    const cur = this.latestOf(toolId);
    if (stored.kind === 'validate') this.latest.set(toolId, { full: info, ref: null });
    else this.latest.set(toolId, { full: cur.full, ref: info });
    this.prune(toolId);
    return name;
  }

  private prune(toolId: string): void {
    const dir = this.toolDir(toolId);
    if (!dir) return;
    const files = this.files(toolId);
    for (const f of files.slice(this.keep)) {
      try {
        if (isRemovableEntry(path.join(dir, f))) unlinkSync(path.join(dir, f));
      } catch {
        /* already gone */
      }
    }
    // temporary files of a writer that died mid-write (never renamed into place)
    try {
      // write-file-atomic names them <file>.<number>; a minute old, no writer is still on it
      const cutoff = Date.now() - 60_000;
      for (const f of readdirSync(dir)) {
        const base = f.replace(/\.\d+$/, '');
        if (base === f || !REPORT_FILE.test(base)) continue;
        try {
          const st = lstatSync(path.join(dir, f));
          if ((st.isFile() || st.isSymbolicLink()) && st.mtimeMs < cutoff) unlinkSync(path.join(dir, f));
        } catch {
          /* gone */
        }
      }
    } catch {
      /* no folder */
    }
  }

  read(toolId: string, file: string): StoredReport | null {
    if (!REPORT_FILE.test(file)) return null;
    try {
      // a regular file inside the store (a repository may bring a .pixie/ of its own), bounded
      const dir = this.toolDir(toolId);
      if (!dir) return null;
      const read = readUserFile(dir, file, sizeLimit('fileBytes') * 4);
      if (!read.ok) return null;
      const stored = parseJson(read.text) as StoredReport;
      return { ...stored, report: withPhases(stored.report) };
    } catch {
      return null;
    }
  }

  history(toolId: string, limit = this.keep): StoredReport[] {
    const out: StoredReport[] = [];
    for (const f of this.files(toolId)) {
      if (out.length >= limit) break;
      const r = this.read(toolId, f);
      if (r) out.push(r);
    }
    return out;
  }

  newest(toolId: string): StoredReport | null {
    for (const f of this.files(toolId)) {
      const r = this.read(toolId, f);
      if (r) return r;
    }
    return null;
  }

  /** The newest full run and any newer check-12-only run, read from disk once per tool, then kept. */
  latestOf(toolId: string): { full: LatestInfo | null; ref: LatestInfo | null } {
    const cached = this.latest.get(toolId);
    if (cached) return cached;
    let full: LatestInfo | null = null;
    let ref: LatestInfo | null = null;
    for (const f of this.files(toolId)) {
      const kind = ReportStore.describe(f)!.kind;
      if (kind === 'reference-check' && (ref || full)) continue;
      const r = this.read(toolId, f);
      if (!r) continue;
      if (kind === 'validate') {
        full = infoOf(f, r);
        break;
      }
      ref = infoOf(f, r);
    }
    const value = { full, ref };
    this.latest.set(toolId, value);
    return value;
  }

  /**
   * The status the tool list shows: the last full run, with check 12 taken from a newer check-12-only
   * run when there is one (so a passing reference-check cannot hide a failing contract check).
   */
  statusOf(toolId: string): {
    validation: Report['overall'] | 'unchecked';
    fingerprint: string | null;
    timestamp: string | null;
    kind: RunKind | null;
  } {
    const { full, ref } = this.latestOf(toolId);
    const newest = ref ?? full;
    if (!newest) return { validation: 'unchecked', fingerprint: null, timestamp: null, kind: null };
    let validation = newest.overall;
    if (full && ref) {
      const merged = [
        ...full.checks.filter((c) => c.phase === 'contract'),
        ...ref.checks.filter((c) => c.phase === 'fixtures'),
      ];
      // what exploring found in the full run stands until the next full run
      validation = overallOf([...merged.map((c) => c.status), ...(full.explore ? [full.explore] : [])]);
    }
    return { validation, fingerprint: newest.fingerprint, timestamp: newest.timestamp, kind: newest.kind };
  }
}

function infoOf(file: string, r: StoredReport): LatestInfo {
  return {
    file,
    kind: r.kind,
    fingerprint: r.fingerprint,
    timestamp: r.report.timestamp,
    overall: r.report.overall,
    checks: withPhases(r.report).checks.map((c) => ({ phase: c.phase, status: c.status })),
    ...(r.report.explore ? { explore: r.report.explore.status } : {}),
  };
}
