// The files `pixie new` writes. Kept as plain text so what a new author sees is exactly this.

function toolJson(id: string, entrypoint: string): string {
  return (
    JSON.stringify(
      {
        id,
        name: id
          .split('-')
          .map((w) => w[0]!.toUpperCase() + w.slice(1))
          .join(' '),
        description: 'Adds two numbers. Replace with what your tool does.',
        entrypoint,
        inputs: [
          { key: 'a', type: 'number', label: 'First number', default: 2 },
          { key: 'b', type: 'number', label: 'Second number', default: 3 },
        ],
        outputs: [
          { key: 'sum', type: 'number', label: 'Sum' },
          { key: 'explanation', type: 'text', label: 'Explanation' },
        ],
        max_runtime_seconds: 10,
      },
      null,
      2,
    ) + '\n'
  );
}

const fixture =
  JSON.stringify(
    {
      name: 'Two plus three',
      source: 'hand calculation: 2 + 3 = 5',
      inputs: { a: 2, b: 3 },
      expected_outputs: { sum: 5, explanation: '2 + 3 = 5' },
      tags: ['smoke'],
    },
    null,
    2,
  ) + '\n';

const nodeMain = `// A pixie tool: an HTTP server with /healthz, /schema and /run.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const schema = JSON.parse(readFileSync(new URL('./tool.json', import.meta.url), 'utf8'));
const portArg = process.argv.indexOf('--port');
const port = Number(portArg >= 0 ? process.argv[portArg + 1] : process.env.PORT ?? 8000);

const app = new Hono();
app.get('/healthz', (c) => c.json({ ok: true }));
app.get('/schema', (c) => c.json(schema));
app.post('/run', async (c) => {
  const body = await c.req.json().catch(() => null);
  const inputs = body?.inputs ?? body ?? {};
  const a = Number(inputs.a);
  const b = Number(inputs.b);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return c.json({ detail: 'a and b must be numbers' }, 422);
  return c.json({ sum: a + b, explanation: \`\${a} + \${b} = \${a + b}\` });
});

const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
`;

const nodePackage = (id: string) =>
  JSON.stringify(
    {
      name: id,
      private: true,
      type: 'module',
      dependencies: { '@hono/node-server': '^2.1.8', hono: '^4.13.19' },
    },
    null,
    2,
  ) + '\n';

const pythonMain = `"""A pixie tool: an HTTP server with /healthz, /schema and /run (standard library only)."""
import argparse
import json
import os
import signal
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "tool.json"), encoding="utf-8") as f:
    SCHEMA = json.load(f)


class Handler(BaseHTTPRequestHandler):
    def _send(self, status, body):
        data = json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/healthz":
            self._send(200, {"ok": True})
        elif self.path == "/schema":
            self._send(200, SCHEMA)
        else:
            self._send(404, {"detail": "not found"})

    def do_POST(self):
        if self.path != "/run":
            return self._send(404, {"detail": "not found"})
        length = int(self.headers.get("Content-Length") or 0)
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
            inputs = body.get("inputs", body)
            a, b = float(inputs["a"]), float(inputs["b"])
        except (ValueError, KeyError, TypeError, AttributeError):
            return self._send(422, {"detail": "a and b must be numbers"})
        total = a + b
        show = lambda x: int(x) if x == int(x) else x
        self._send(200, {"sum": show(total), "explanation": f"{show(a)} + {show(b)} = {show(total)}"})

    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    port = parser.parse_args().port
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    server.serve_forever()
    server.server_close()


if __name__ == "__main__":
    main()
`;

const pyproject = (id: string) => `[project]
name = "${id}"
version = "0.1.0"
requires-python = ">=3.10"
dependencies = []
`;

const readme = (id: string) => `# ${id}

Created by \`pixie new\`. Check it with \`npx pixie validate ${id}\` (from anywhere in the project).

- \`tool.json\` declares the inputs and outputs.
- \`reference/fixture_basic.json\` is a known input with its expected output (check 12).
`;

export function scaffoldFiles(id: string, runtime: 'node' | 'python'): Record<string, string> {
  const common = { 'reference/fixture_basic.json': fixture, 'README.md': readme(id) };
  return runtime === 'node'
    ? { 'tool.json': toolJson(id, 'main.ts'), 'main.ts': nodeMain, 'package.json': nodePackage(id), ...common }
    : { 'tool.json': toolJson(id, 'main.py'), 'main.py': pythonMain, 'pyproject.toml': pyproject(id), ...common };
}
