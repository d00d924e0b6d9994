// The irreducible work of validating a tool, with no validator around it: start the tool exactly as
// pixie does (under pixie's subreaper, src/tool/subreaper.py, run by the Python pixie would pick
// (src/tool/launch.ts, subreaperPython) when python3 is on PATH, else directly
// in its own process group), poll /healthz, GET /schema, POST the sample /run and every fixture's
// /run (four at a time, as pixie does), then stop it (SIGTERM to its group, wait for it to exit).
// The sample /run is sent twice, as check 8 does by default (its determinism run, left out only
// when the first took over 5 s or with --no-determinism): that second request is pixie's contract,
// so it is part of the floor. Prints each tool's time as {"tool_ms": [...]} for the bench.
// Plain JavaScript on node:http, run with bare `node`, so its own start-up is only Node's.
// Usage: node bench/floor.mjs PLAN.json   (bench/floor-plan.ts writes plans)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function request(agent, port, method, path, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        const parts = [];
        res.setEncoding('utf8');
        res.on('data', (c) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode, text: parts.join('') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Lines the subreaper writes, one at a time. */
function lines(stream) {
  const queue = [];
  let partial = '';
  let wake = null;
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop();
    queue.push(...parts);
    wake?.();
  });
  return async () => {
    while (!queue.length) await new Promise((r) => (wake = r));
    return queue.shift();
  };
}

/** the interpreter the subreaper reported, used for later tools (as pixie skips a python3 shim) */
let resolvedPython = null;

async function start(tool, port) {
  const args = [...tool.args, '--port', String(port)];
  const env = { ...tool.env, PORT: String(port) };
  if (!tool.subreaper) {
    const child = spawn(tool.command, args, {
      cwd: tool.cwd,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    child.stderr.resume();
    const exited = new Promise((r) => child.once('exit', r));
    return { pid: child.pid, exited, release: async () => {} };
  }
  const child = spawn(resolvedPython ?? tool.subreaper.python, ['-I', '-S', tool.subreaper.script], {
    cwd: process.cwd(),
    env: tool.baseEnv,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  child.stderr.resume();
  const next = lines(child.stdout);
  let line = await next();
  for (; !/^(contained|uncontained)/.test(line); line = await next())
    if (line.startsWith('python /')) resolvedPython ??= line.slice('python '.length);
  // "isolated" or "shared <why>": the tool runs in namespaces of its own where pixie's would
  line = await next();
  child.stdin.write(`${JSON.stringify({ argv: [tool.command, ...args], cwd: tool.cwd, env })}\n`);
  line = await next();
  if (!line.startsWith('pid ')) throw new Error(line);
  const exited = (async () => {
    for (;;) if ((await next()).startsWith('exit ')) return;
  })();
  const reaperExit = new Promise((r) => child.once('exit', r));
  return {
    pid: Number(line.split(' ')[1]),
    exited,
    release: async () => {
      child.stdin.end();
      await reaperExit;
    },
  };
}

/** Check 10's work: a run posted while its /stream is read, until an event says done. */
function streamRun(agent, port, body) {
  const stream = new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: `/stream?run_id=${encodeURIComponent(body.run_id)}`,
        agent,
        headers: { accept: 'text/event-stream' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          text += c;
          if (/"done"\s*:\s*true/.test(text)) {
            res.destroy();
            resolve();
          }
        });
        res.on('end', resolve);
        res.on('close', resolve);
      },
    );
    req.on('error', reject);
    req.end();
  });
  return Promise.all([stream, request(agent, port, 'POST', '/run', body)]);
}

async function runTool(tool) {
  const port = await freePort();
  const agent = new http.Agent({ keepAlive: true });
  const proc = await start(tool, port);
  for (;;) {
    try {
      if ((await request(agent, port, 'GET', '/healthz')).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await request(agent, port, 'GET', '/schema');
  const t0 = performance.now();
  await request(agent, port, 'POST', '/run', tool.sample);
  // check 8's determinism run: the same input again, unless the first took over 5 s
  if (performance.now() - t0 <= 5000)
    await request(agent, port, 'POST', '/run', { ...tool.sample, run_id: tool.sampleAgain });
  if (tool.stream) await streamRun(agent, port, tool.stream);
  const queue = [...tool.fixtures];
  const worker = async () => {
    for (let body = queue.shift(); body; body = queue.shift()) {
      const res = await request(agent, port, 'POST', '/run', body);
      if (res.status !== 200) throw new Error(`fixture /run returned ${res.status}: ${res.text.slice(0, 200)}`);
      JSON.parse(res.text);
    }
  };
  await Promise.all(Array.from({ length: tool.concurrent === false ? 1 : 4 }, worker));
  agent.destroy();
  process.kill(-proc.pid, 'SIGTERM');
  await proc.exited;
  await proc.release();
}

// each tool's time, so the bench can set it beside the duration of pixie's report for that tool
const toolMs = [];
for (const tool of plan.tools) {
  const t0 = performance.now();
  await runTool(tool);
  toolMs.push(Math.round(performance.now() - t0));
}
process.stdout.write(`${JSON.stringify({ tool_ms: toolMs })}\n`);
