// What the routes share: the tool registry, the report store, the run manager, and the tool lookup.
import { ApiError } from './api-error.js';
import type { ReportStore } from './report-store.js';
import type { RunManager } from './run-manager.js';
import type { ToolEntry, ToolRegistry } from './tool-registry.js';
import type { ToolRow } from './views/pages.js';

export interface ServeContext {
  toolsDir: string;
  registry: ToolRegistry;
  store: ReportStore;
  runs: RunManager;
}

/** A discovered tool by id; anything else (including `../etc`) is a 404, never a path. */
export function toolOr404(ctx: ServeContext, id: string): ToolEntry {
  const entry = ctx.registry.get(id);
  if (!entry) throw new ApiError(404, `tool '${id}' not found`);
  return entry;
}

/** A tool's line in the listing: its latest status, staleness and whether a run is going. */
export function rowOf(ctx: ServeContext, e: ToolEntry): ToolRow {
  const s = ctx.store.statusOf(e.id);
  return {
    id: e.id,
    name: e.name,
    category: e.category,
    validation: s.validation,
    stale: s.fingerprint !== null && s.fingerprint !== e.fingerprint,
    timestamp: s.timestamp,
    running: ctx.runs.busy(e.id),
  };
}
