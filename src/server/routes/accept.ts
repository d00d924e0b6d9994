// POST /api/tools/:id/accept (docs/http-api.md): the dashboard's Accept writes the values of the
// report the user is looking at (a stored report, by its file name), for one output or a whole
// fixture, never a fresh run's. A report whose tool changed since it ran is stale and refused; so is
// a value the report did not keep whole, or one whose fixture was edited since.
import type { Hono } from 'hono';
import { loadManifest } from '../../tool/manifest.js';
import { ApiError, readBody } from '../api-error.js';
import { type ServeContext, toolOr404 } from '../context.js';
import { acceptChanges, changesOfStoredReport } from '../../workflows/decide-changes.js';

export function acceptRoutes(app: Hono, ctx: ServeContext): void {
  const { registry, store } = ctx;
  app.post('/api/tools/:id/accept', async (c) => {
    const entry = toolOr404(ctx, c.req.param('id'));
    const body = await readBody<{ report: string; fixture: string; output: string }>(c, {
      report: 'string',
      fixture: 'string',
      output: 'string',
    });
    if (!body.report)
      throw new ApiError(
        400,
        "'report' must name the stored report whose values to accept (its file, as the page's ?report= or GET /api/tools/:id/reports say)",
      );
    if (!body.fixture) throw new ApiError(400, '\'fixture\' must name the fixture file, e.g. "fixture_basic.json"');
    const stored = store.files(entry.id).includes(body.report) ? store.read(entry.id, body.report) : null;
    if (!stored) throw new ApiError(404, `no stored report '${body.report}' for '${entry.id}'`);
    const stale = stored.code_fingerprint
      ? stored.code_fingerprint !== registry.codeFingerprintNow(entry)
      : stored.fingerprint !== registry.fingerprintNow(entry);
    if (stale)
      throw new ApiError(
        409,
        `report ${body.report} is stale: the tool's files changed since it ran, so its values may not be what the tool returns now; run it again and accept from the new report`,
      );
    const changes = changesOfStoredReport(stored.report, body.fixture, body.output);
    if (changes.length === 0)
      throw new ApiError(
        404,
        `report ${body.report} has no out-of-tolerance output${body.output ? ` '${body.output}'` : ''} in ${body.fixture}`,
      );
    const load = loadManifest(entry.dir);
    if (!load.ok) throw new ApiError(409, `${entry.id}/tool.json cannot be loaded now; fix it and run again`);
    const result = acceptChanges(entry.dir, load.manifest, changes, 'pixie serve');
    registry.invalidate();
    if (!result.ok) throw new ApiError(409, result.problems[0]!, { problems: result.problems });
    return c.json({
      tool_id: entry.id,
      report: body.report,
      accepted: changes.map((ch) => ({ fixture: ch.fixture, output: ch.output })),
      written: result.written,
    });
  });
}
