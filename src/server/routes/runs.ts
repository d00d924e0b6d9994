// The API that runs things: a full validation, check 12 alone (optionally updating fixtures, through
// the same workflow as the command line's), and asynchronous runs whose progress streams as
// Server-Sent Events.
import type { Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { ApiError, readBody } from '../api-error.js';
import { type ServeContext, toolOr404 } from '../context.js';
import type { Run, RunEvent, RunManager, StartResult } from '../run-manager.js';
import { sameOriginGet } from '../security.js';

function runJson(r: Run) {
  return {
    run_id: r.id,
    tool_id: r.toolId,
    kind: r.kind,
    state: r.state,
    started_at: r.startedAt,
    events_url: `/api/runs/${r.id}/events`,
    run_url: `/api/runs/${r.id}`,
    ...(r.report ? { overall: r.report.overall, report: r.report } : {}),
    ...(r.error ? { error: r.error } : {}),
  };
}

export function runRoutes(app: Hono, ctx: ServeContext): void {
  const { runs } = ctx;

  const runValidate = async (c: Context) => {
    const entry = toolOr404(ctx, c.req.param('id')!);
    const body =
      c.req.method === 'POST'
        ? await readBody<{ fixtures: string[]; tags: string[] }>(c, { fixtures: 'string[]', tags: 'string[]' })
        : {};
    const started = runs.start(entry, {
      kind: 'validate',
      fixture: body.fixtures,
      tag: body.tags,
      whenBusy: 'queue',
      signal: c.req.raw.signal, // a client that leaves while its run waits takes the run with it
    });
    return c.json(await startedOr409(started, entry.id).finished);
  };
  app.get('/api/tools/:id/validate', sameOriginGet, runValidate);
  app.post('/api/tools/:id/validate', runValidate);

  app.post('/api/tools/:id/reference-check', async (c) => {
    const entry = toolOr404(ctx, c.req.param('id'));
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
    const started = runs.start(entry, {
      kind: 'reference-check',
      fixture: body.fixtures,
      tag: body.tags,
      whenBusy: 'refuse',
      signal: c.req.raw.signal,
      ...(body.update_expected ? { update: { write: Boolean(body.yes) } } : {}),
    });
    if ('busy' in started)
      throw new ApiError(
        409,
        `reference-check for '${entry.id}' already in flight`,
        started.busy ? { run_id: started.busy.id } : {},
      );
    const run = startedOr409(started, entry.id);
    const report = await run.finished;
    if (body.update_expected) {
      const p = run.update?.plan;
      return c.json({
        tool_id: entry.id,
        tool_path: entry.dir,
        mode: body.yes ? 'update-fixtures' : 'update-fixtures-dry-run',
        result: {
          ran_at: report.timestamp,
          overall: report.overall,
          files: (p?.files ?? []).map((f) => ({
            file: f.file,
            create: f.create,
            changes: f.changes.map((ch) => ({
              key: ch.key,
              old: ch.old,
              new: ch.new,
              ...(ch.added ? { added: true } : {}),
            })),
          })),
          // a write that failed after planning blocks the update as a plan would
          blocked: [...(p?.blocked ?? []), ...(run.update?.applied?.ok === false ? [run.update.applied.message] : [])],
          skipped: p?.skipped ?? [],
          notes: p?.notes ?? [],
          written: run.update?.applied?.written ?? [],
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

  // starts a run and answers at once; progress follows on /api/runs/:runId/events
  app.post('/api/tools/:id/runs', async (c) => {
    const entry = toolOr404(ctx, c.req.param('id'));
    const body = await readBody<{ kind: string; fixtures: string[]; tags: string[]; explore: boolean }>(c, {
      kind: 'string',
      fixtures: 'string[]',
      tags: 'string[]',
      explore: 'boolean',
    });
    const kind = body.kind ?? 'validate';
    if (kind !== 'validate' && kind !== 'reference-check')
      throw new ApiError(
        400,
        `'kind' must be "validate" (all twelve checks) or "reference-check" (check 12 only), not ${JSON.stringify(kind)}`,
      );
    if (body.explore && kind !== 'validate')
      throw new ApiError(
        400,
        `'explore' goes with "kind": "validate" (a full validation), not ${JSON.stringify(kind)}`,
      );
    const started = runs.start(entry, {
      kind,
      fixture: body.fixtures,
      tag: body.tags,
      explore: body.explore,
      whenBusy: 'refuse',
    });
    return c.json(runJson(startedOr409(started, entry.id)), 202);
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
    return streamSSE(c, (stream) => relayEvents(runs, run, from, stream));
  });
}

/** The started run, or the 409 that says why none was started. */
function startedOr409(started: StartResult, toolId: string): Run {
  if ('run' in started) return started.run;
  if ('full' in started)
    throw new ApiError(
      409,
      `'${toolId}' already has ${started.full} full validation(s) waiting behind its current run (the limit, set by pixie serve --max-queued); try again when one has finished`,
    );
  throw new ApiError(
    409,
    `a run for '${toolId}' is already in flight`,
    started.busy ? { run_id: started.busy.id } : {},
  );
}

type SseStream = Parameters<Parameters<typeof streamSSE>[1]>[0];

/** A run's events from `from` on, as they come; a keep-alive comment every 15 s of silence. */
async function relayEvents(runs: RunManager, run: Run, from: number, stream: SseStream): Promise<void> {
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
}
