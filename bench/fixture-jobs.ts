// Issue 3: 50 fixtures against a tool that takes 100 ms per run: --jobs 4 vs --jobs 1 (aim ≥ 3×).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runValidation } from '../src/workflows/validation-run.js';

const TOOL_JSON = {
  id: 'slow-adder',
  name: 'Slow adder',
  entrypoint: 'main.py',
  inputs: [{ key: 'a', type: 'number', label: 'a', default: 1 }],
  outputs: [{ key: 'double', type: 'number', label: 'double' }],
  max_runtime_seconds: 5,
};

const MAIN = `import json, os, sys, time, threading, signal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
SCHEMA = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tool.json")))
class H(BaseHTTPRequestHandler):
    def send(self, code, body):
        data = json.dumps(body).encode()
        self.send_response(code); self.send_header("Content-Type", "application/json"); self.send_header("Content-Length", str(len(data))); self.end_headers(); self.wfile.write(data)
    def do_GET(self):
        self.send(200, SCHEMA if self.path == "/schema" else {"ok": True})
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        time.sleep(0.1)
        self.send(200, {"double": body["inputs"]["a"] * 2})
    def log_message(self, *a): pass
port = int(sys.argv[sys.argv.index("--port") + 1])
s = ThreadingHTTPServer(("127.0.0.1", port), H)
signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=s.shutdown).start())
s.serve_forever()
`;

function makeTool(): string {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'pixie-bench-')), 'slow-adder');
  mkdirSync(path.join(dir, 'reference'), { recursive: true });
  writeFileSync(path.join(dir, 'tool.json'), JSON.stringify(TOOL_JSON, null, 2));
  writeFileSync(path.join(dir, 'main.py'), MAIN);
  writeFileSync(path.join(dir, 'pyproject.toml'), '[project]\nname = "slow-adder"\nversion = "0"\ndependencies = []\n');
  for (let i = 0; i < 50; i++) {
    writeFileSync(
      path.join(dir, 'reference', `fixture_${String(i).padStart(2, '0')}.json`),
      JSON.stringify({ name: `a=${i}`, inputs: { a: i }, expected_outputs: { double: 2 * i } }),
    );
  }
  return dir;
}

async function check12Ms(toolDir: string, jobs: number): Promise<number> {
  const report = await runValidation({ toolDir, referenceOnly: true, jobs });
  const c12 = report.checks[11]!;
  if (c12.status !== 'pass') throw new Error(`check 12 ${c12.status}: ${c12.message}`);
  return c12.duration_ms;
}

export async function benchFixtureJobs(): Promise<void> {
  const dir = makeTool();
  try {
    const one = await check12Ms(dir, 1);
    const four = await check12Ms(dir, 4);
    console.log(`  50 fixtures × 100 ms, --jobs 1: ${one} ms`);
    console.log(`  50 fixtures × 100 ms, --jobs 4: ${four} ms`);
    console.log(`  speed-up --jobs 4 vs --jobs 1: ${(one / four).toFixed(2)}× (aim ≥ 3×)`);
  } finally {
    rmSync(path.dirname(dir), { recursive: true, force: true });
  }
}
