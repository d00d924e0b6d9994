// A correct pixie tool server in plain node:http, shared by the catalogue of misbehaving tools.
// Each catalogue tool passes the one hook it breaks (a route, the host, SIGTERM handling) and keeps
// every other default, so exactly one check fails. good-node proves the defaults pass all checks.
// This folder has no tool.json and no main.*, so it is not itself a tool.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The port pixie gives on the command line (`--port <p>`), else PORT. */
export function portFromArgs() {
  const i = process.argv.indexOf('--port');
  const raw = i >= 0 ? process.argv[i + 1] : process.env.PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`no usable port: pass --port <p> or PORT (got ${raw})`);
  return port;
}

export function readManifest(dir) {
  // a byte-order mark (editors on Windows write one) is not JSON
  return JSON.parse(readFileSync(path.join(dir, 'tool.json'), 'utf8').replace(/^\uFEFF/, ''));
}

export function sendJson(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Server-Sent Events: one `data:` line per event, each a JSON {output_key, value, done}. */
export function openEventStream(res) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  return {
    send: (data) => res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`),
    end: () => res.end(),
  };
}

async function readBody(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * options:
 *   dir        the tool folder (tool.json is read from it)
 *   run        (inputs, body) => outputs object, for POST /run
 *   stream     optional async (events, runId) => void, for GET /stream (events.send / events.end)
 *   routes     overrides: { 'GET /healthz': (req, res, ctx) => ... } with ctx = { url, body }
 *   host       default 127.0.0.1
 *   port       default portFromArgs()
 *   sigterm    default: close and exit 0; pass false to keep Node's default, or a function
 */
export function serveTool(options) {
  const manifest = readManifest(options.dir);
  const routes = {
    'GET /healthz': (_req, res) => sendJson(res, 200, { status: 'ok' }),
    'GET /schema': (_req, res) => sendJson(res, 200, manifest),
    'POST /run': async (_req, res, { body }) => {
      // pixie sends {run_id, inputs} and also copies each input to the top level for older tools
      const inputs = body.inputs ?? body;
      sendJson(res, 200, await options.run(inputs, body));
    },
    ...(options.stream
      ? {
          'GET /stream': async (_req, res, { url }) => {
            const events = openEventStream(res);
            await options.stream(events, url.searchParams.get('run_id'));
          },
        }
      : {}),
    ...options.routes,
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://tool.invalid');
    const handler = routes[`${req.method} ${url.pathname}`];
    try {
      if (!handler) return sendJson(res, 404, { detail: `no route ${req.method} ${url.pathname}` });
      const body = req.method === 'POST' ? await readBody(req) : null;
      await handler(req, res, { url, body });
    } catch (err) {
      if (!res.headersSent) sendJson(res, 500, { detail: err.message });
      else res.destroy();
    }
  });
  server.listen(options.port ?? portFromArgs(), options.host ?? '127.0.0.1');
  if (typeof options.sigterm === 'function') process.on('SIGTERM', options.sigterm);
  else if (options.sigterm !== false) {
    process.on('SIGTERM', () => {
      server.close();
      process.exit(0);
    });
  }
  return server;
}
