// `pixie validate <tool> --watch` (docs/cli.md): validate, then again whenever the tool's files change.
// When only reference/ changed, only check 12 runs again, against the tool that is still up; any
// other change stops the tool and runs every check. The tool stays up between runs, so check 11
// (clean_shutdown) is reported skipped; it runs in a normal validation. Ctrl-C stops the tool and
// exits 130, as any interrupted pixie does (tool/process-registry.ts).
import { type Dirent, type FSWatcher, readdirSync, watch } from 'node:fs';
import path from 'node:path';
import type { Colors } from '../report/colors.js';
import { exitCodeFor } from '../report/exit-code.js';
import { renderJson } from '../report/renderers/json.js';
import { renderPretty } from '../report/renderers/pretty.js';
import { renderSummary } from '../report/renderers/summary.js';
import type { ValidateRequest } from '../model/options.js';
import type { Project } from '../project/project.js';
import { ignoredByWatch as ignored, type WatchRun, WatchedTool } from '../workflows/watch-tool.js';
import { liveProgress } from './live-progress.js';
import { pendingNote } from './pending-note.js';
import { safeText } from '../report/safe-text.js';

/** edits settle for this long before a run starts (an editor writes a file in several steps) */
const SETTLE_MS = 150;

/**
 * Watches `dir` and its folders (not ignored ones: a tool's node_modules would cost thousands of
 * watches), calling `onChange` with paths relative to `dir`; folders made later are watched after
 * `refresh()`.
 */
function watchTree(dir: string, onChange: (rel: string) => void): { refresh(): void; close(): void } {
  const watchers = new Map<string, FSWatcher>();
  const add = (rel: string) => {
    if (watchers.has(rel)) return;
    try {
      const w = watch(path.join(dir, rel), (_event, name) => {
        if (name) onChange(rel ? path.join(rel, name.toString()) : name.toString());
      });
      w.on('error', () => {
        w.close();
        watchers.delete(rel);
      });
      watchers.set(rel, w);
    } catch {
      return; // removed meanwhile
    }
    let entries: Dirent[] = [];
    try {
      entries = readdirSync(path.join(dir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const child = rel ? path.join(rel, e.name) : e.name;
      if (e.isDirectory() && !ignored(child)) add(child);
    }
  };
  add('');
  return {
    refresh: () => add(''),
    close: () => {
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
  };
}

export interface WatchOptions {
  json: boolean;
  summary: boolean;
  c: Colors;
}

export async function watchCommand(
  project: Project,
  toolDir: string,
  request: ValidateRequest,
  opts: WatchOptions,
): Promise<number> {
  const out = process.stdout;
  const note = (text: string) => {
    if (!opts.json) process.stderr.write(`${opts.c.dim(`pixie --watch: ${safeText(text)}`)}\n`);
  };
  const tool = new WatchedTool(project, toolDir, request);
  let lastCode = 0;

  /** A run of `kind`, shown as it finishes. */
  const runAndShow = async (kind: 'full' | 'fixtures') => {
    const progress = opts.json ? null : liveProgress(process.stderr, opts.c);
    const { report, pending }: WatchRun = await tool[kind](progress?.onProgress);
    progress?.stop();
    if (opts.json) out.write(renderJson(report, { oneLine: true }));
    else out.write(opts.summary ? renderSummary(report, opts.c) : renderPretty(report, opts.c));
    for (const l of pendingNote(pending, opts.c)) process.stderr.write(`${l}\n`);
    lastCode = exitCodeFor([report]);
  };
  const fullRun = () => runAndShow('full');
  const fixturesRun = () => runAndShow('fixtures');

  const changed = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let watcher: ReturnType<typeof watchTree> | null = null;
  const launch = (work: () => Promise<void>) => {
    running = work()
      .catch((err: Error) => {
        process.stderr.write(`pixie: ${safeText(err.message)}\n`);
      })
      .finally(() => {
        running = null;
        watcher?.refresh();
        if (changed.size) runPending();
      });
  };
  const runPending = () => {
    timer = null;
    if (running || changed.size === 0) return;
    const files = [...changed];
    changed.clear();
    const onlyReference = files.every((f) => f.split(/[\\/]/)[0] === 'reference');
    note(
      `${files.length === 1 ? files[0] : `${files.length} files`} changed; ${onlyReference ? 'running check 12 again' : 'validating again'}`,
    );
    launch(onlyReference ? fixturesRun : fullRun);
  };

  try {
    // watching starts before the first run, so an edit made while it runs is not missed
    watcher = watchTree(toolDir, (rel) => {
      if (ignored(rel)) return;
      changed.add(rel);
      if (timer) clearTimeout(timer);
      timer = setTimeout(runPending, SETTLE_MS);
    });
    launch(fullRun);
    await running;
    note(`watching ${path.basename(toolDir)} for changes (Ctrl-C to stop)`);
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  } finally {
    watcher?.close();
    if (timer) clearTimeout(timer);
    await running;
    await tool.stop();
  }
  return lastCode;
}
