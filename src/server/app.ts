// createApp(deps): the `pixie serve` HTTP API and dashboard as a Hono app with no port (serve.ts
// binds it; tests call app.request()). Paths and shapes follow existing Pixie (docs/http-api.md).
import path from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { emptyProjectConfig } from '../project/config.js';
import type { Project } from '../project/project.js';
import { ApiError } from './api-error.js';
import type { ServeContext } from './context.js';
import { ReportStore } from './report-store.js';
import { acceptRoutes } from './routes/accept.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { runRoutes } from './routes/runs.js';
import { toolRoutes } from './routes/tools.js';
import { RunManager, type ValidateFn } from './run-manager.js';
import { securityMiddleware } from './security.js';
import { ToolRegistry } from './tool-registry.js';
import { notFoundPage } from './views/pages.js';

export { isLoopback } from './security.js';

export interface AppDeps {
  toolsDir: string;
  /** where .pixie/ lives (default: next to the tools directory) */
  stateDir?: string;
  /** when set, every request must carry it (Authorization: Bearer, ?token=, or the cookie) */
  token?: string;
  /** the project the tools belong to: its tolerances, environment and limits (default: none set) */
  project?: Project;
  /** the validator (tests may wrap it) */
  validate?: ValidateFn;
  /** how stale a cached tool listing may be, in ms (default 250) */
  rescanMs?: number;
  /** request body limit in bytes (default 64 KiB) */
  maxBodyBytes?: number;
  /** reports kept per tool (default 50) */
  keepReports?: number;
  /** tool runs at once across all tools (default: the number of CPUs) */
  jobs?: number;
  /** full validations a tool may have waiting behind its current run (default 4) */
  maxQueued?: number;
}

export interface PixieApp {
  app: Hono;
  registry: ToolRegistry;
  store: ReportStore;
  runs: RunManager;
}

export function defaultStateDir(toolsDir: string): string {
  return path.join(path.dirname(path.resolve(toolsDir)), '.pixie');
}

export function createApp(deps: AppDeps): PixieApp {
  const toolsDir = path.resolve(deps.toolsDir);
  const registry = new ToolRegistry(toolsDir, { rescanMs: deps.rescanMs });
  const store = new ReportStore(deps.stateDir ?? defaultStateDir(toolsDir), { keep: deps.keepReports });
  const project = deps.project ?? {
    root: { dir: path.dirname(toolsDir), configFile: null, foundBy: 'tools folder' as const },
    config: emptyProjectConfig(),
    toolsDir,
  };
  const runs = new RunManager(registry, store, project, { jobs: deps.jobs, maxQueued: deps.maxQueued }, deps.validate);
  const ctx: ServeContext = { toolsDir, registry, store, runs };
  const maxBody = deps.maxBodyBytes ?? 64 * 1024;
  const app = new Hono();

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json({ detail: err.message, ...err.extra }, err.status);
    const status = (err as { status?: number }).status;
    if (status === 413) return c.json({ detail: 'request body too large' }, 413);
    return c.json({ detail: `internal error in pixie: ${err.message}` }, 500);
  });
  app.notFound((c) => {
    if (c.req.path.startsWith('/api/'))
      return c.json({ detail: `no such endpoint: ${c.req.method} ${c.req.path}` }, 404);
    return c.html(notFoundPage(`Nothing at ${c.req.path}.`), 404);
  });
  app.use('*', securityMiddleware(deps.token || undefined));
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: maxBody,
      onError: (c) => c.json({ detail: `request body too large (limit ${maxBody} bytes)` }, 413),
    }),
  );
  toolRoutes(app, ctx);
  runRoutes(app, ctx);
  acceptRoutes(app, ctx);
  dashboardRoutes(app, ctx);
  return { app, registry, store, runs };
}
