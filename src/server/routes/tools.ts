// The read-only API: the tool listing, one tool, its fixtures and its report history.
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { listFixtureFiles } from '../../reference/load.js';
import { readUserFile } from '../../source/user-file.js';
import { ApiError } from '../api-error.js';
import { rowOf, type ServeContext, toolOr404 } from '../context.js';
import { parseJson } from '../../util/python-json.js';

export function toolRoutes(app: Hono, ctx: ServeContext): void {
  const { registry, store, runs } = ctx;
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
            const r = rowOf(ctx, e);
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
    const entry = toolOr404(ctx, c.req.param('id'));
    return c.json({
      ...rowOf(ctx, entry),
      tool_path: entry.dir,
      active_run: runs.activeRun(entry.id)?.id ?? null,
      latest: store.newest(entry.id)?.report ?? null,
    });
  });

  app.get('/api/tools/:id/reference-fixtures', (c) => {
    const entry = toolOr404(ctx, c.req.param('id'));
    const refDir = path.join(entry.dir, 'reference');
    const fixtures = listFixtureFiles(refDir).map((filename) => {
      let raw: Record<string, unknown> = {};
      try {
        // as every file of a tool: never a link out of it, a FIFO or a device, and size-capped
        const read = readUserFile(entry.dir, `reference/${filename}`);
        const parsed: unknown = read.ok ? parseJson(read.text) : null;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) raw = parsed as Record<string, unknown>;
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

  app.get('/api/tools/:id/reports', (c) => {
    const entry = toolOr404(ctx, c.req.param('id'));
    const limitParam = c.req.query('limit');
    const limit = limitParam === undefined ? undefined : Number(limitParam);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1))
      throw new ApiError(400, "'limit' must be a whole number ≥ 1");
    return c.json(store.history(entry.id, limit).map((s) => s.report));
  });
}
