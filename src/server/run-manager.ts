// Runs of validateTool started by the service: one at a time per tool (a second full validation
// queues, up to a cap; a second reference-check is refused), at most `jobs` tool runs at once across
// all tools, and a queued run whose client left is dropped before it starts (docs/http-api.md). Every
// run keeps its progress events so a page that subscribes late (or reconnects) replays them.
// The scheduler is written here rather than taken from a queue library because its rule is the
// service's own: FIFO, never two runs of one tool, N overall, any waiting run cancellable.
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { ProgressEvent, ValidateRequest } from '../model/options.js';
import type { Report } from '../model/report.js';
import type { Project } from '../project/project.js';
import { type ToolUpdate, updateFixtures } from '../workflows/update-fixtures.js';
import { type ValidateFn, validateToolDir } from '../workflows/validate-tool.js';
import { ApiError } from './api-error.js';
import type { ReportStore, RunKind } from './report-store.js';
import type { ToolEntry, ToolRegistry } from './tool-registry.js';

export type RunEvent =
  | ({ type: 'progress' } & ProgressEvent)
  | { type: 'started'; run_id: string; tool_id: string; kind: RunKind; started_at: string }
  | { type: 'done'; run_id: string; tool_id: string; overall: Report['overall']; report: Report }
  | { type: 'error'; run_id: string; tool_id: string; detail: string };

export interface Run {
  id: string;
  toolId: string;
  kind: RunKind;
  startedAt: string;
  state: 'queued' | 'running' | 'done' | 'error' | 'cancelled';
  events: RunEvent[];
  report: Report | null;
  error: string | null;
  /** settles with the report (or the error) when the run ends */
  finished: Promise<Report>;
  /** what an update run planned and wrote */
  update?: ToolUpdate;
}

export type { ValidateFn } from '../workflows/validate-tool.js';

export interface RunRequest {
  kind: RunKind;
  fixture?: string[];
  tag?: string[];
  /** also explore the tool's inputs (--explore, default budget) */
  explore?: boolean;
  /** 'queue' waits for the tool's current run; 'refuse' returns the busy run instead of starting */
  whenBusy: 'queue' | 'refuse';
  /** update the fixtures from this run (workflows/update-fixtures.ts); `write: false` only plans */
  update?: { write: boolean };
  /** aborts when the client that waits for this run goes away: a run not yet started is dropped */
  signal?: AbortSignal;
}

export interface RunLimits {
  /** tool runs (tool processes) at once across all tools; default: the number of CPUs */
  jobs?: number;
  /** full validations a tool may have waiting behind its current run; default 4 */
  maxQueued?: number;
}

const DEFAULT_MAX_QUEUED = 4;

export type StartResult = { run: Run } | { busy: Run | undefined } | { full: number };

interface Waiting {
  run: Run;
  entry: ToolEntry;
  req: RunRequest;
  resolve: (r: Report) => void;
  reject: (e: Error) => void;
}

// finished runs stay subscribable (a page reloading mid-run replays them); each holds its report
const KEEP_FINISHED_RUNS = 50;

export class RunManager {
  private runs = new Map<string, Run>();
  private listeners = new Map<string, Set<(e: RunEvent) => void>>();
  /** runs waiting to start, oldest first */
  private waiting: Waiting[] = [];
  /** per tool, the run holding it */
  private active = new Map<string, Run>();
  private readonly jobs: number;
  private readonly maxQueued: number;
  /** bumps whenever a tool becomes busy or idle */
  version = 0;

  constructor(
    private readonly registry: ToolRegistry,
    private readonly store: ReportStore,
    private readonly project: Project,
    limits: RunLimits = {},
    /** a stand-in for the validator (the service's tests give one) */
    private readonly validate?: ValidateFn,
  ) {
    this.jobs = Math.max(1, limits.jobs ?? availableParallelism());
    this.maxQueued = Math.max(0, limits.maxQueued ?? DEFAULT_MAX_QUEUED);
  }

  get(runId: string): Run | undefined {
    return this.runs.get(runId);
  }

  /** The run holding the tool now (running), if any. */
  activeRun(toolId: string): Run | undefined {
    return this.active.get(toolId);
  }

  busy(toolId: string): boolean {
    return this.active.has(toolId) || this.waiting.some((w) => w.run.toolId === toolId);
  }

  /**
   * Queues a run and starts it when the tool is free and a job slot is; `{busy}` when `whenBusy:
   * 'refuse'` and the tool has one in flight, `{full}` when the tool's queue is at its cap.
   */
  start(entry: ToolEntry, req: RunRequest): StartResult {
    if (req.whenBusy === 'refuse' && this.busy(entry.id))
      return { busy: this.active.get(entry.id) ?? this.waiting.find((w) => w.run.toolId === entry.id)?.run };
    const queued = this.waiting.filter((w) => w.run.toolId === entry.id).length;
    if (queued + (this.active.has(entry.id) ? 1 : 0) > this.maxQueued) return { full: queued };
    const run: Run = {
      id: randomUUID(),
      toolId: entry.id,
      kind: req.kind,
      startedAt: new Date().toISOString(),
      state: 'queued',
      events: [],
      report: null,
      error: null,
      finished: null as unknown as Promise<Report>,
    };
    run.finished = new Promise<Report>((resolve, reject) => {
      this.waiting.push({ run, entry, req, resolve, reject });
    });
    run.finished.catch(() => {}); // a failed or cancelled run is reported as an event
    this.runs.set(run.id, run);
    this.pruneFinished();
    this.version++;
    req.signal?.addEventListener('abort', () => this.cancel(run), { once: true });
    this.pump();
    return { run };
  }

  /** Drops a run that has not started; a running one goes on (its report is still stored). */
  private cancel(run: Run): void {
    const i = this.waiting.findIndex((w) => w.run === run);
    if (i < 0) return;
    const [w] = this.waiting.splice(i, 1);
    run.state = 'cancelled';
    run.error = 'cancelled: the client left before the run started';
    this.emit(run, { type: 'error', run_id: run.id, tool_id: run.toolId, detail: run.error });
    this.listeners.delete(run.id);
    this.version++;
    w!.reject(new Error(run.error));
  }

  /** Starts waiting runs, oldest first, while job slots are free, never two of one tool. */
  private pump(): void {
    for (let i = 0; i < this.waiting.length && this.active.size < this.jobs; ) {
      const w = this.waiting[i]!;
      if (this.active.has(w.run.toolId)) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      this.active.set(w.run.toolId, w.run);
      void this.execute(w.run, w.entry, w.req)
        .then(w.resolve, w.reject)
        .finally(() => {
          if (this.active.get(w.run.toolId) === w.run) this.active.delete(w.run.toolId);
          this.version++;
          this.pump();
        });
    }
  }

  private async execute(run: Run, entry: ToolEntry, req: RunRequest): Promise<Report> {
    run.state = 'running';
    this.emit(run, { type: 'started', run_id: run.id, tool_id: run.toolId, kind: run.kind, started_at: run.startedAt });
    try {
      // the fingerprint of the files as this run sees them; an edit during the run makes it stale
      const fingerprint = this.registry.fingerprintNow(entry);
      const codeFingerprint = this.registry.codeFingerprintNow(entry);
      const request: ValidateRequest = {
        referenceOnly: req.kind === 'reference-check',
        fixture: req.fixture?.length ? req.fixture : undefined,
        tag: req.tag?.length ? req.tag : undefined,
        explore: req.explore ? {} : undefined,
        onProgress: (e) => this.emit(run, { type: 'progress', ...e }),
      };
      const report = req.update
        ? await this.updateFrom(run, entry, request, req.update)
        : await this.validateOnly(entry, request);
      this.store.save(run.toolId, { kind: run.kind, fingerprint, code_fingerprint: codeFingerprint, report });
      run.report = report;
      run.state = 'done';
      this.emit(run, { type: 'done', run_id: run.id, tool_id: run.toolId, overall: report.overall, report });
      return report;
    } catch (err) {
      run.state = 'error';
      run.error = (err as Error).message;
      this.emit(run, { type: 'error', run_id: run.id, tool_id: run.toolId, detail: run.error });
      throw err;
    } finally {
      this.listeners.delete(run.id);
    }
  }

  private async validateOnly(entry: ToolEntry, request: ValidateRequest): Promise<Report> {
    return (await validateToolDir(this.project, entry.dir, request, this.validate)).report;
  }

  /** An update run: the same workflow as the command line's, under the same lock; refused (409) while another updater holds it. */
  private async updateFrom(run: Run, entry: ToolEntry, request: ValidateRequest, update: { write: boolean }) {
    const [u] = await updateFixtures(
      [entry.dir],
      { ...request, project: this.project, write: update.write },
      { many: false, command: 'pixie serve', validate: this.validate },
    );
    run.update = u!;
    if (update.write) this.registry.invalidate();
    if (!u!.report) throw new ApiError(409, u!.refused ?? 'the update did not run');
    return u!.report;
  }

  private emit(run: Run, event: RunEvent): void {
    run.events.push(event);
    for (const l of this.listeners.get(run.id) ?? []) {
      try {
        l(event);
      } catch {
        /* a broken subscriber must not break the run */
      }
    }
  }

  /** Replays the run's events from `fromIndex`, then follows it live; returns an unsubscribe. */
  subscribe(run: Run, fromIndex: number, listener: (e: RunEvent, index: number) => void): () => void {
    let next = fromIndex;
    const deliver = (e: RunEvent) => listener(e, next++);
    for (; next < run.events.length; ) deliver(run.events[next]!);
    if (run.state === 'done' || run.state === 'error' || run.state === 'cancelled') return () => {};
    let set = this.listeners.get(run.id);
    if (!set) this.listeners.set(run.id, (set = new Set()));
    set.add(deliver);
    return () => {
      set!.delete(deliver);
    };
  }

  private pruneFinished(): void {
    if (this.runs.size <= KEEP_FINISHED_RUNS) return;
    for (const [id, r] of this.runs) {
      if (this.runs.size <= KEEP_FINISHED_RUNS) break;
      if (r.state === 'done' || r.state === 'error' || r.state === 'cancelled') this.runs.delete(id);
    }
  }
}
