// word-stream: streams a text back word by word over Server-Sent Events, then counts its words.
//
// Streaming protocol (pixie's docs/tool-format.md): POST /run {"run_id", "inputs"} and GET /stream?run_id= may arrive
// in either order. Every run keeps a buffer of its events:
//   - /stream for a run that has not started yet waits for it (up to 10 s);
//   - /stream for a run in progress replays what was sent so far, then follows live;
//   - /stream for a finished run replays everything, ending with the done event.
// Buffers are dropped a minute after the run ends. /run answers once the last word is streamed,
// with the whole text as the final value of the streaming output.
//
// Counting: a word is a run of letters or digits, optionally joined by apostrophes ("don't").
// Words are lower-cased unless case_sensitive. Ranking: count descending, then word in code-point
// order, so ties never depend on the input order.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';

const here = fileURLToPath(new URL('.', import.meta.url));
const manifest = JSON.parse(readFileSync(`${here}tool.json`, 'utf8'));

class InputError extends Error {}

// ---- per-run event buffers ----

interface StreamEvent {
  output_key: string;
  value: string;
  done: boolean;
}
interface RunBuffer {
  events: StreamEvent[];
  done: boolean;
  listeners: Set<() => void>;
}

const STREAM_KEY = 'stream';
const runs = new Map<string, RunBuffer>();
const runWaiters = new Map<string, Set<() => void>>(); // /stream requests waiting for a run to start
const RUN_WAIT_MS = 10_000;
const KEEP_FINISHED_MS = 60_000;

function startRun(runId: string): RunBuffer {
  const run: RunBuffer = { events: [], done: false, listeners: new Set() };
  runs.set(runId, run);
  for (const wake of runWaiters.get(runId) ?? []) wake();
  runWaiters.delete(runId);
  return run;
}

function emit(run: RunBuffer, event: StreamEvent) {
  run.events.push(event);
  if (event.done) run.done = true;
  for (const wake of run.listeners) wake();
}

function finishRun(runId: string, run: RunBuffer) {
  emit(run, { output_key: STREAM_KEY, value: '', done: true });
  setTimeout(() => {
    if (runs.get(runId) === run) runs.delete(runId);
  }, KEEP_FINISHED_MS).unref();
}

function waitForRun(runId: string, ms: number): Promise<RunBuffer | undefined> {
  const existing = runs.get(runId);
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve) => {
    const waiters = runWaiters.get(runId) ?? new Set();
    runWaiters.set(runId, waiters);
    const wake = () => {
      clearTimeout(timer);
      waiters.delete(wake);
      resolve(runs.get(runId));
    };
    const timer = setTimeout(wake, ms);
    waiters.add(wake);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- the computation ----

function intInput(inputs: Record<string, unknown>, key: string, min: number, max: number): number {
  const raw = inputs[key];
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InputError(`${key} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

function parseInputs(inputs: Record<string, unknown>) {
  const text = inputs.text;
  if (typeof text !== 'string') throw new InputError('text must be a string');
  if (text.length > 20000) throw new InputError('text must be at most 20000 characters');
  const caseSensitive = inputs.case_sensitive;
  if (typeof caseSensitive !== 'boolean') throw new InputError('case_sensitive must be true or false');
  return {
    text,
    topN: intInput(inputs, 'top_n', 1, 20),
    caseSensitive,
    delayMs: intInput(inputs, 'delay_ms', 0, 200),
  };
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
/** The whole stream lasts at most this long: a long text at the slowest pace must still end within max_runtime_seconds. */
const STREAM_BUDGET_MS = 10_000;
const cell = (s: string) => s.replace(/\|/g, '\\|');

function analyse(text: string, topN: number, caseSensitive: boolean, requestedDelayMs: number) {
  const tokens = text.split(/\s+/).filter(Boolean); // what gets streamed, punctuation included
  const delayMs = Math.min(requestedDelayMs, Math.floor(STREAM_BUDGET_MS / Math.max(1, tokens.length)));
  const words = (text.match(WORD) ?? []).map((w) => (caseSensitive ? w : w.toLowerCase()));
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const top = ranked.slice(0, topN);
  let longest = '';
  for (const w of words) if ([...w].length > [...longest].length) longest = w;

  const shown = ranked.slice(0, 50);
  const frequencies = ranked.length
    ? [
        '| # | Word | Count |',
        '|---:|---|---:|',
        ...shown.map(([w, n], i) => `| ${i + 1} | ${cell(w)} | ${n} |`),
        ...(ranked.length > shown.length ? ['', `…and ${ranked.length - shown.length} more.`] : []),
      ].join('\n')
    : '_No words._';

  const stats = words.length
    ? `${words.length} words (${counts.size} distinct) in ${[...text].length} characters. Longest word: ${longest} (${[...longest].length} characters).`
    : `0 words in ${[...text].length} characters.`;

  const log = [
    { level: 'info', message: `received ${[...text].length} characters`, t: 0 },
    { level: 'info', message: `streaming ${tokens.length} tokens, ${delayMs} ms apart`, t: 0 },
    words.length
      ? { level: 'info', message: `counted ${words.length} words, ${counts.size} distinct`, t: tokens.length * delayMs }
      : { level: 'warn', message: 'no words found', t: tokens.length * delayMs },
  ];

  return {
    tokens,
    delayMs,
    outputs: {
      stream: tokens.join(' '),
      frequencies,
      top_words: { x: top.map(([w]) => w), series: [{ name: 'count', y: top.map(([, n]) => n) }] },
      log: { lines: log },
      stats,
      progress: 1, // /run answers only after every token has been streamed
    },
  };
}

// ---- HTTP contract (pixie's docs/tool-format.md) ----

let anonymousRuns = 0;
const app = new Hono();
app.get('/healthz', (c) => c.json({ status: 'ok' }));
app.get('/schema', (c) => c.json(manifest));

app.post('/run', async (c) => {
  let body: Record<string, unknown>;
  try {
    body = await c.req.json();
  } catch {
    return c.json({ detail: 'request body must be JSON' }, 422);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return c.json({ detail: 'request body must be a JSON object' }, 422);
  // Newer clients send {"inputs": {...}}; older ones copy inputs to the top level as well.
  const given =
    body.inputs && typeof body.inputs === 'object' && !Array.isArray(body.inputs)
      ? (body.inputs as Record<string, unknown>)
      : body;
  const inputs: Record<string, unknown> = {};
  for (const spec of manifest.inputs) inputs[spec.key] = given[spec.key] ?? body[spec.key] ?? spec.default;
  let parsed: ReturnType<typeof parseInputs>;
  try {
    parsed = parseInputs(inputs);
  } catch (err) {
    if (err instanceof InputError) return c.json({ detail: err.message }, 422);
    throw err;
  }
  const runId = typeof body.run_id === 'string' && body.run_id ? body.run_id : `anonymous-${++anonymousRuns}`;
  const { tokens, delayMs, outputs } = analyse(parsed.text, parsed.topN, parsed.caseSensitive, parsed.delayMs);

  const run = startRun(runId);
  for (let i = 0; i < tokens.length; i++) {
    if (delayMs > 0) await sleep(delayMs);
    // chunks concatenate to exactly the final value: words joined by single spaces
    emit(run, { output_key: STREAM_KEY, value: i === 0 ? tokens[i] : ` ${tokens[i]}`, done: false });
  }
  finishRun(runId, run);
  return c.json(outputs);
});

app.get('/stream', async (c) => {
  const runId = c.req.query('run_id');
  if (!runId) return c.json({ detail: 'run_id query parameter is required' }, 422);
  const run = await waitForRun(runId, RUN_WAIT_MS);
  if (!run) return c.json({ detail: `no run ${runId} started within ${RUN_WAIT_MS / 1000} s` }, 404);

  const encoder = new TextEncoder();
  let sent = 0;
  let cancelled = false;
  let pending: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>({
    // Called whenever the client can take more: send what is buffered, or wait for the next event.
    async pull(controller) {
      while (sent >= run.events.length && !cancelled) {
        await new Promise<void>((resolve) => {
          pending = resolve;
          run.listeners.add(resolve);
        });
        run.listeners.delete(pending!);
        pending = undefined;
      }
      if (cancelled) return;
      while (sent < run.events.length) {
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(run.events[sent++])}\n\n`));
      }
      if (run.done) controller.close(); // the done event was the last one buffered
    },
    cancel() {
      // the client went away
      cancelled = true;
      pending?.();
    },
  });
  return new Response(body, {
    headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' },
  });
});

function portFromArgs(): number {
  const i = process.argv.indexOf('--port');
  const raw = i >= 0 ? process.argv[i + 1] : process.env.PORT;
  const port = Number(raw ?? 8000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    console.error(`invalid port: ${raw}`);
    process.exit(2);
  }
  return port;
}

const server = serve({ fetch: app.fetch, port: portFromArgs(), hostname: '127.0.0.1' }, (info) => {
  console.log(`word-stream listening on http://127.0.0.1:${info.port}`);
});

function shutdown() {
  server.close(() => process.exit(0));
  // Drop keep-alive and open SSE connections so close() finishes now; never linger past 500 ms.
  (server as import('node:http').Server).closeAllConnections?.();
  setTimeout(() => process.exit(0), 500).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
