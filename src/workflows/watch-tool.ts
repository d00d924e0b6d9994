// The runs of `pixie validate <tool> --watch` (docs/cli.md): the tool stays up between runs; a run is
// every check against a freshly started tool, or check 12 alone against the running one when only
// reference/ changed. Check 11 is reported skipped, as the tool is kept up.
import type { ProgressEvent, ValidateRequest } from '../model/options.js';
import type { Report } from '../model/report.js';
import { PendingRecorder, type Recorded } from '../pending/record.js';
import type { Project } from '../project/project.js';
import { LOCK_FILE } from '../reference/update-lock.js';
import { isStagedTemporary } from '../util/staged-files.js';
import { validateOptionsFor } from './options.js';
import { ValidationRun } from './validation-run.js';

const KEPT_UP =
  'skipped: --watch keeps the tool running between runs; pixie validate without --watch checks its shutdown';

/** Files whose changes never start a run: pixie's own, caches, dependencies, version control. */
export function ignoredByWatch(rel: string): boolean {
  const parts = rel.split(/[\\/]/);
  const name = parts[parts.length - 1] ?? '';
  return (
    parts.some((p) => p.startsWith('.') || p === 'node_modules' || p === '__pycache__') ||
    name === LOCK_FILE ||
    isStagedTemporary(name) ||
    /\.(pyc|swp|tmp)$|~$/.test(name)
  );
}

export interface WatchRun {
  report: Report;
  pending: Recorded;
}

export class WatchedTool {
  private current: ValidationRun | null = null;

  constructor(
    private readonly project: Project,
    private readonly toolDir: string,
    private readonly request: ValidateRequest,
  ) {}

  /** how pasted commands name the tool */
  private ref(): string | undefined {
    return validateOptionsFor(this.project, this.request, this.toolDir).toolRef;
  }

  private options(onProgress: ((e: ProgressEvent) => void) | undefined, pending: PendingRecorder) {
    return {
      ...validateOptionsFor(this.project, this.request, this.toolDir),
      onProgress,
      onFailingOutputs: pending.take,
    };
  }

  /** Every check against a freshly started tool, which is then kept up. */
  async full(onProgress?: (e: ProgressEvent) => void): Promise<WatchRun> {
    await this.current?.stop();
    const pending = new PendingRecorder(this.toolDir, this.ref());
    const run = new ValidationRun(this.options(onProgress, pending));
    this.current = run;
    await run.startTool({ early: false });
    await run.contract();
    await run.fixtures();
    await run.shutdown(KEPT_UP);
    const report = run.report();
    return { report, pending: pending.finish(report) };
  }

  /** Check 12 alone against the tool that is up; every check when it is not up any more. */
  async fixtures(onProgress?: (e: ProgressEvent) => void): Promise<WatchRun> {
    const prev = this.current;
    if (!prev?.state.tool || prev.state.tool.exitStatus() !== null) return this.full(onProgress);
    const pending = new PendingRecorder(this.toolDir, this.ref());
    const run = prev.continueWith(this.options(onProgress, pending));
    this.current = run;
    await run.fixtures();
    const report = run.report();
    return { report, pending: pending.finish(report) };
  }

  async stop(): Promise<void> {
    await this.current?.stop();
  }
}
