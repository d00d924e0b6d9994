// Runs of validateTool started by the service: one at a time per tool (a second full validation
// queues, a second reference-check is refused), any number across tools. Every run keeps its
// progress events so a page that subscribes late (or reconnects) replays them, then follows live.
import { randomUUID } from 'node:crypto';
import type { ProgressEvent, ValidateOptions } from '../validation/options.js';
import type { Report } from '../report/model.js';
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
  state: 'queued' | 'running' | 'done' | 'error';
  events: RunEvent[];
  report: Report | null;
  error: string | null;
  /** settles with the report (or the error) when the run ends */
  finished: Promise<Report>;
}

export type ValidateFn = (options: ValidateOptions) => Promise<Report>;

export interface RunRequest {
  kind: RunKind;
  fixture?: string[];
  tag?: string[];
  /** also explore the tool's inputs (--explore, default budget) */
  explore?: boolean;
  /** 'queue' waits for the tool's current run; 'refuse' returns the busy run instead of starting */
  whenBusy: 'queue' | 'refuse';
  /** runs after the report is saved, still holding the tool's lock (fixture updates) */
  after?: (report: Report, entry: ToolEntry) => Promise<void> | void;
}

// finished runs stay subscribable (a page reloading mid-run replays them); each holds its report
const KEEP_FINISHED_RUNS = 50;

export class RunManager {
  private runs = new Map<string, Run>();
  private listeners = new Map<string, Set<(e: RunEvent) => void>>();
  /** per tool: the tail of its queue, and the run holding it */
  private tails = new Map<string, Promise<unknown>>();
  private active = new Map<string, Run>();
  private pending = new Map<string, number>();
  /** bumps whenever a tool becomes busy or idle */
  version = 0;

  constructor(
    private readonly registry: ToolRegistry,
    private readonly store: ReportStore,
    private readonly validate: ValidateFn,
    private readonly validateDefaults: Partial<ValidateOptions> = {},
  ) {}

  get(runId: string): Run | undefined {
    return this.runs.get(runId);
  }

  /** The run holding the tool now (running), if any. */
  activeRun(toolId: string): Run | undefined {
    return this.active.get(toolId);
  }

  busy(toolId: string): boolean {
    return (this.pending.get(toolId) ?? 0) > 0;
  }

  /** Starts (or queues) a run; `{busy}` when `whenBusy: 'refuse'` and the tool has one in flight. */
  start(entry: ToolEntry, req: RunRequest): { run: Run } | { busy: Run | undefined } {
    if (req.whenBusy === 'refuse' && this.busy(entry.id)) return { busy: this.active.get(entry.id) };
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
    this.runs.set(run.id, run);
    this.pruneFinished();
    this.pending.set(entry.id, (this.pending.get(entry.id) ?? 0) + 1);
    this.version++;
    const previous = this.tails.get(entry.id) ?? Promise.resolve();
    run.finished = previous.catch(() => {}).then(() => this.execute(run, entry, req));
    const tail = run.finished.catch(() => {});
    this.tails.set(entry.id, tail);
    void tail.then(() => {
      const left = (this.pending.get(entry.id) ?? 1) - 1;
      if (left > 0) this.pending.set(entry.id, left);
      else {
        this.pending.delete(entry.id);
        this.version++;
      }
      if (this.tails.get(entry.id) === tail) this.tails.delete(entry.id);
    });
    return { run };
  }

  private async execute(run: Run, entry: ToolEntry, req: RunRequest): Promise<Report> {
    run.state = 'running';
    this.active.set(entry.id, run);
    this.emit(run, { type: 'started', run_id: run.id, tool_id: run.toolId, kind: run.kind, started_at: run.startedAt });
    try {
      // the fingerprint of the files as this run sees them; an edit during the run makes it stale
      const fingerprint = this.registry.fingerprintNow(entry);
      const report = await this.validate({
        ...this.validateDefaults,
        toolDir: entry.dir,
        referenceOnly: req.kind === 'reference-check',
        fixture: req.fixture?.length ? req.fixture : undefined,
        tag: req.tag?.length ? req.tag : undefined,
        explore: req.explore ? {} : undefined,
        onProgress: (e) => this.emit(run, { type: 'progress', ...e }),
      });
      this.store.save(run.toolId, { kind: run.kind, fingerprint, report });
      if (req.after) await req.after(report, entry);
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
      if (this.active.get(entry.id) === run) this.active.delete(entry.id);
      this.listeners.delete(run.id);
    }
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
    if (run.state === 'done' || run.state === 'error') return () => {};
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
      if (r.state === 'done' || r.state === 'error') this.runs.delete(id);
    }
  }
}
