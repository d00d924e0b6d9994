// The dashboard pages and their assets, under a CSP that allows nothing from elsewhere.
import type { Hono } from 'hono';
import { rowOf, type ServeContext } from '../context.js';
import { ReportStore, type StoredReport } from '../report-store.js';
import { DASHBOARD_CSS, DASHBOARD_JS } from '../views/assets.js';
import { indexPage, notFoundPage, toolPage } from '../views/pages.js';

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function dashboardRoutes(app: Hono, ctx: ServeContext): void {
  const { registry, store, runs, toolsDir } = ctx;
  app.get('/assets/dashboard.css', (c) =>
    c.body(DASHBOARD_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );
  app.get('/assets/dashboard.js', (c) =>
    c.body(DASHBOARD_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );

  app.get('/', (c) => {
    c.header('Content-Security-Policy', CSP);
    return c.html(
      indexPage(
        registry.list().map((e) => rowOf(ctx, e)),
        toolsDir,
      ),
    );
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
    const row = rowOf(ctx, entry);
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
}
