// createApp(deps): the `pixie serve` HTTP API and dashboard as a Hono app with no port (serve.ts
// binds it; tests call app.request()). Paths and shapes follow existing Pixie (docs/http-api.md).
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import { streamSSE } from 'hono/streaming';
import { applyUpdates, planUpdates, type UpdatePlan } from '../reference/update.js';
import { listFixtureFiles } from '../reference/load.js';
import { loadManifest } from '../tool/manifest.js';
import { suggest } from '../util/did-you-mean.js';
import { validateTool } from '../validation/validate-tool.js';
import { ReportStore, type StoredReport } from './report-store.js';
import { RunManager, type Run, type RunEvent, type ValidateFn } from './run-manager.js';
import { ToolRegistry, type ToolEntry } from './tool-registry.js';
import { DASHBOARD_CSS, DASHBOARD_JS } from './views/assets.js';
import { indexPage, notFoundPage, toolPage, type ToolRow } from './views/pages.js';

export interface AppDeps {
  toolsDir: string;
  /** where .pixie/ lives (default: next to the tools directory) */
  stateDir?: string;
  /** when set, every request must carry it (Authorization: Bearer, ?token=, or the cookie) */
  token?: string;
  /** the validator (tests may wrap it) */
  validate?: ValidateFn;
  /** how stale a cached tool listing may be, in ms (default 250) */
  rescanMs?: number;
  /** request body limit in bytes (default 64 KiB) */
  maxBodyBytes?: number;
  /** reports kept per tool (default 50) */
  keepReports?: number;
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

class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 500,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

type FieldKind = 'string[]' | 'boolean' | 'string';

/** Parses an optional JSON object body, refusing unknown fields and wrong types with a 400. */
async function readBody<T extends Record<string, unknown>>(
  c: Context,
  fields: Record<string, FieldKind>,
): Promise<Partial<T>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type))
    throw new ApiError(
      415,
      `send the request body as JSON with Content-Type: application/json (got ${type || 'no Content-Type'})`,
    );
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw new ApiError(400, `request body is not valid JSON: ${(err as Error).message}`);
  }
  if (body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'request body must be a JSON object');
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const kind = fields[key];
    if (!kind) {
      const close = suggest(key, Object.keys(fields));
      throw new ApiError(
        400,
        `unknown field '${key}' in the request body${close ? ` — did you mean '${close}'?` : ''} (allowed: ${Object.keys(fields).join(', ')})`,
      );
    }
    if (value === null || value === undefined) continue;
    if (kind === 'boolean' && typeof value !== 'boolean') throw new ApiError(400, `'${key}' must be true or false`);
    if (kind === 'string' && typeof value !== 'string') throw new ApiError(400, `'${key}' must be a string`);
    if (kind === 'string[]' && (!Array.isArray(value) || !value.every((v) => typeof v === 'string')))
      throw new ApiError(400, `'${key}' must be a list of strings`);
    out[key] = value;
  }
  return out as Partial<T>;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase();
  return LOOPBACK_HOSTS.has(h) || /^127(\.\d{1,3}){3}$/.test(h) || h.endsWith('.localhost');
}

function sameToken(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function createApp(deps: AppDeps): PixieApp {
  const toolsDir = path.resolve(deps.toolsDir);
  const registry = new ToolRegistry(toolsDir, { rescanMs: deps.rescanMs });
  const store = new ReportStore(deps.stateDir ?? defaultStateDir(toolsDir), { keep: deps.keepReports });
  const runs = new RunManager(registry, store, deps.validate ?? validateTool);
  const token = deps.token || undefined;
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

  app.use('*', async (c, next) => {
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Frame-Options', 'DENY');
    const url = new URL(c.req.url);
    // without a token the service trusts loopback only: a page elsewhere that rebinds its DNS name
    // to 127.0.0.1 arrives with its own Host, and is refused
    if (!token && !isLoopback(url.hostname))
      return c.json(
        { detail: `host '${url.hostname}' is not allowed; pixie serve without --token answers only on localhost` },
        403,
      );
    const origin = c.req.header('origin');
    if (origin && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      let originHost = '';
      try {
        originHost = new URL(origin).host;
      } catch {
        /* unparseable: refused below */
      }
      if (originHost !== url.host) return c.json({ detail: `cross-origin request from ${origin} refused` }, 403);
    }
    if (token) {
      const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      const query = url.searchParams.get('token') ?? undefined;
      const cookie = getCookie(c, 'pixie_token');
      if (!sameToken(bearer, token) && !sameToken(query, token) && !sameToken(cookie, token)) {
        c.header('WWW-Authenticate', 'Bearer realm="pixie"');
        return c.json(
          {
            detail:
              'this pixie serve needs a token: send Authorization: Bearer <token>, or open the page with ?token=<token> once',
          },
          401,
        );
      }
      if (sameToken(query, token) && !sameToken(cookie, token)) {
        setCookie(c, 'pixie_token', token, { httpOnly: true, sameSite: 'Strict', path: '/' });
        if (c.req.method === 'GET' && !url.pathname.startsWith('/api/')) {
          // keep the token out of the address bar and history
          url.searchParams.delete('token');
          return c.redirect(url.pathname + url.search, 303);
        }
      }
    }
    await next();
  });

  app.use(
    '/api/*',
    bodyLimit({
      maxSize: deps.maxBodyBytes ?? 64 * 1024,
      onError: (c) => c.json({ detail: `request body too large (limit ${deps.maxBodyBytes ?? 64 * 1024} bytes)` }, 413),
    }),
  );

  const toolOr404 = (id: string): ToolEntry => {
    const entry = registry.get(id);
    if (!entry) throw new ApiError(404, `tool '${id}' not found`);
    return entry;
  };

  const rowOf = (e: ToolEntry): ToolRow => {
    const s = store.statusOf(e.id);
    return {
      id: e.id,
      name: e.name,
      category: e.category,
      validation: s.validation,
      stale: s.fingerprint !== null && s.fingerprint !== e.fingerprint,
      timestamp: s.timestamp,
      running: runs.busy(e.id),
    };
  };

  // ---------- API ----------

  // the listing is rebuilt only when the tools, the stored reports or the running set change
  let listing = { key: '', body: '' };
  app.get('/api/tools', (c) => {
    const entries = registry.list();
    const key = `${registry.generation}:${store.version}:${runs.version}`;
    if (listing.key !== key) {
      listing = {
        key,
        body: JSON.stringify(
          entries.map((e) => {
            const r = rowOf(e);
            return {
              id: r.id,
              name: r.name,
              category: r.category,
              validation: r.validation,
              stale: r.stale,
              last_run: r.timestamp,
              running: r.running,
            };
          }),
        ),
      };
    }
    return c.body(listing.body, 200, { 'Content-Type': 'application/json' });
  });

  app.get('/api/tools/:id', (c) => {
    const entry = toolOr404(c.req.param('id'));
    const r = rowOf(entry);
    return c.json({
      ...r,
      tool_path: entry.dir,
      active_run: runs.activeRun(entry.id)?.id ?? null,
      latest: store.newest(entry.id)?.report ?? null,
    });
  });

  const runValidate = async (c: Context) => {
    const entry = toolOr404(c.req.param('id')!);
    const body =
      c.req.method === 'POST'
        ? await readBody<{ fixtures: string[]; tags: string[] }>(c, { fixtures: 'string[]', tags: 'string[]' })
        : {};
    const started = runs.start(entry, { kind: 'validate', fixture: body.fixtures, tag: body.tags, whenBusy: 'queue' });
    if (!('run' in started)) throw new ApiError(409, `a run for '${entry.id}' is already in flight`);
    return c.json(await started.run.finished);
  };
  app.get('/api/tools/:id/validate', runValidate);
  app.post('/api/tools/:id/validate', runValidate);

  app.get('/api/tools/:id/reference-fixtures', (c) => {
    const entry = toolOr404(c.req.param('id'));
    const refDir = path.join(entry.dir, 'reference');
    const files = listFixtureFiles(refDir);
    const fixtures = files.map((filename) => {
      let raw: Record<string, unknown> = {};
      try {
        const parsed = JSON.parse(readFileSync(path.join(refDir, filename), 'utf8'));
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) raw = parsed;
      } catch {
        // unparseable files are still listed, with defaults (as existing Pixie does)
      }
      return {
        filename,
        name: typeof raw.name === 'string' ? raw.name : filename.replace(/\.json$/, ''),
        tags: Array.isArray(raw.tags) ? raw.tags.filter((t) => typeof t === 'string') : [],
        source: typeof raw.source === 'string' ? raw.source : null,
        skip_reason: typeof raw.skip_reason === 'string' ? raw.skip_reason : null,
      };
    });
    let hasReference = false;
    try {
      hasReference = statSync(refDir).isDirectory();
    } catch {
      /* no folder */
    }
    return c.json({
      tool_id: entry.id,
      tool_path: entry.dir,
      has_reference_folder: hasReference,
      fixtures,
      count: fixtures.length,
    });
  });

  app.post('/api/tools/:id/reference-check', async (c) => {
    const entry = toolOr404(c.req.param('id'));
    const body = await readBody<{ fixtures: string[]; tags: string[]; update_expected: boolean; yes: boolean }>(c, {
      fixtures: 'string[]',
      tags: 'string[]',
      update_expected: 'boolean',
      yes: 'boolean',
    });
    if (body.yes && !body.update_expected)
      throw new ApiError(
        400,
        '\'yes\' only confirms \'update_expected\'; send {"update_expected": true, "yes": true} to write fixtures',
      );
    let plan: UpdatePlan | null = null;
    let written: string[] = [];
    const started = runs.start(entry, {
      kind: 'reference-check',
      fixture: body.fixtures,
      tag: body.tags,
      whenBusy: 'refuse',
      after: body.update_expected
        ? (report) => {
            const load = loadManifest(entry.dir);
            plan = planUpdates(report, load.ok ? load.manifest : undefined, entry.dir);
            // a check-12-only run has no sample output, so it never creates fixture_sample.json
            plan.files = plan.files.filter((f) => !f.create);
            plan.notes = plan.notes.filter((n) => !n.includes('fixture_sample.json'));
            if (body.yes) {
              written = applyUpdates(plan, report, entry.dir);
              registry.invalidate();
            }
          }
        : undefined,
    });
    if (!('run' in started))
      throw new ApiError(
        409,
        `reference-check for '${entry.id}' already in flight`,
        started.busy ? { run_id: started.busy.id } : {},
      );
    const report = await started.run.finished;
    if (body.update_expected) {
      const p = plan as UpdatePlan | null;
      return c.json({
        tool_id: entry.id,
        tool_path: entry.dir,
        mode: body.yes ? 'update-fixtures' : 'update-fixtures-dry-run',
        result: {
          ran_at: report.timestamp,
          overall: report.overall,
          files: p?.files ?? [],
          blocked: p?.blocked ?? [],
          notes: p?.notes ?? [],
          written,
        },
      });
    }
    return c.json({
      tool_id: entry.id,
      tool_path: entry.dir,
      ran_at: report.timestamp,
      overall: report.overall,
      check: report.checks.find((x) => x.phase === 'fixtures') ?? null,
      report,
    });
  });

  app.get('/api/tools/:id/reports', (c) => {
    const entry = toolOr404(c.req.param('id'));
    const limitParam = c.req.query('limit');
    const limit = limitParam === undefined ? undefined : Number(limitParam);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1))
      throw new ApiError(400, "'limit' must be a whole number ≥ 1");
    return c.json(store.history(entry.id, limit).map((s) => s.report));
  });

  // starts a run and answers at once; progress follows on /api/runs/:runId/events
  app.post('/api/tools/:id/runs', async (c) => {
    const entry = toolOr404(c.req.param('id'));
    const body = await readBody<{ kind: string; fixtures: string[]; tags: string[] }>(c, {
      kind: 'string',
      fixtures: 'string[]',
      tags: 'string[]',
    });
    const kind = body.kind ?? 'validate';
    if (kind !== 'validate' && kind !== 'reference-check')
      throw new ApiError(
        400,
        `'kind' must be "validate" (all twelve checks) or "reference-check" (check 12 only), not ${JSON.stringify(kind)}`,
      );
    const started = runs.start(entry, { kind, fixture: body.fixtures, tag: body.tags, whenBusy: 'refuse' });
    if (!('run' in started))
      throw new ApiError(
        409,
        `a run for '${entry.id}' is already in flight`,
        started.busy ? { run_id: started.busy.id } : {},
      );
    started.run.finished.catch(() => {}); // a failed run is reported as an event
    return c.json(runJson(started.run), 202);
  });

  const runJson = (r: Run) => ({
    run_id: r.id,
    tool_id: r.toolId,
    kind: r.kind,
    state: r.state,
    started_at: r.startedAt,
    events_url: `/api/runs/${r.id}/events`,
    run_url: `/api/runs/${r.id}`,
    ...(r.report ? { overall: r.report.overall, report: r.report } : {}),
    ...(r.error ? { error: r.error } : {}),
  });

  app.get('/api/runs/:runId', (c) => {
    const run = runs.get(c.req.param('runId'));
    if (!run) throw new ApiError(404, `run '${c.req.param('runId')}' not found`);
    return c.json(runJson(run));
  });

  app.get('/api/runs/:runId/events', (c) => {
    const run = runs.get(c.req.param('runId'));
    if (!run) throw new ApiError(404, `run '${c.req.param('runId')}' not found`);
    const lastId = Number(c.req.header('last-event-id') ?? -1);
    const from = Number.isInteger(lastId) && lastId >= 0 ? lastId + 1 : 0;
    return streamSSE(c, async (stream) => {
      const queue: { e: RunEvent; i: number }[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = runs.subscribe(run, from, (e, i) => {
        queue.push({ e, i });
        wake?.();
      });
      let closed = false;
      stream.onAbort(() => {
        closed = true;
        wake?.();
      });
      try {
        for (;;) {
          while (queue.length) {
            const { e, i } = queue.shift()!;
            // 'error' is EventSource's own event name; a failed run is sent as 'failed'
            const event = e.type === 'error' ? 'failed' : e.type;
            await stream.writeSSE({ id: String(i), event, data: JSON.stringify(e) });
            if (e.type === 'done' || e.type === 'error') return;
          }
          if (closed) return;
          await new Promise<void>((resolve) => {
            wake = resolve;
            const t = setTimeout(resolve, 15_000);
            t.unref?.();
          });
          wake = null;
          if (!queue.length && !closed) await stream.write(': keep-alive\n\n');
        }
      } finally {
        unsubscribe();
      }
    });
  });

  // ---------- dashboard ----------

  app.get('/assets/dashboard.css', (c) =>
    c.body(DASHBOARD_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );
  app.get('/assets/dashboard.js', (c) =>
    c.body(DASHBOARD_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );

  const CSP =
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

  app.get('/', (c) => {
    c.header('Content-Security-Policy', CSP);
    return c.html(indexPage(registry.list().map(rowOf), toolsDir));
  });

  app.get('/tools/:id', (c) => {
    c.header('Content-Security-Policy', CSP);
    const entry = registry.get(c.req.param('id'));
    if (!entry) return c.html(notFoundPage(`No tool '${c.req.param('id')}' in ${toolsDir}.`), 404);
    const files = store.files(entry.id);
    const wanted = c.req.query('report');
    let stored: StoredReport | null = null;
    let file: string | null = null;
    if (wanted) {
      stored = files.includes(wanted) ? store.read(entry.id, wanted) : null;
      if (!stored) return c.html(notFoundPage(`No report '${wanted}' for ${entry.id}.`), 404);
      file = wanted;
    } else {
      for (const f of files) {
        stored = store.read(entry.id, f);
        if (stored) {
          file = f;
          break;
        }
      }
    }
    const row = rowOf(entry);
    const history = files.map((f) => ReportStore.describe(f)!).filter(Boolean);
    return c.html(
      toolPage({
        id: entry.id,
        name: entry.name,
        category: entry.category,
        toolPath: entry.dir,
        stale: stored !== null && stored.fingerprint !== entry.fingerprint,
        report: stored?.report ?? null,
        reportKind: stored?.kind ?? null,
        reportFile: file,
        history,
        activeRunId: runs.activeRun(entry.id)?.id ?? null,
        validation: row.validation,
      }),
    );
  });

  return { app, registry, store, runs };
}
