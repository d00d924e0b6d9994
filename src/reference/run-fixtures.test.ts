// runFixtures against a real tool: it says when the last request is answered, before the last
// comparison (runValidation begins the tool's shutdown there, so the tool stops while pixie compares).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparatorFor } from '../comparators/index.js';
import { emptyToleranceConfig } from '../tolerance/config.js';
import { loadManifest } from '../tool/manifest.js';
import type { Manifest } from '../model/manifest.js';
import { runtimeFor } from '../tool/runtime.js';
import { startTool, type ToolProcess } from '../tool/spawn.js';
import { runValidation } from '../workflows/validation-run.js';
import { parseFixtureText, type Fixture } from './load.js';
import { runFixtures } from './run-fixtures.js';

const TOOL = path.join(import.meta.dirname, '../../test/tools/good-node');
let tool: ToolProcess;
let manifest: Manifest;

beforeAll(async () => {
  const load = loadManifest(TOOL);
  if (!load.ok) throw new Error('good-node tool.json does not load');
  manifest = load.manifest;
  const started = await startTool({ toolDir: TOOL, entrypoint: 'main.js', runtime: runtimeFor(TOOL, 'main.js')! });
  if (!started.ok) throw new Error(started.message);
  tool = started.tool;
});
afterAll(async () => {
  await tool.stop();
});

function fixture(name: string, a: number, b: number, extra: Record<string, unknown> = {}): Fixture {
  const text = JSON.stringify({ name, inputs: { a, b }, expected_outputs: { total: a + b }, ...extra });
  const parsed = parseFixtureText(text, `fixture_${name}.json`, `fixture_${name}.json`, {
    manifest,
    comparatorFor,
  });
  if (!parsed.fixture) throw new Error(JSON.stringify(parsed.problems));
  return parsed.fixture;
}

describe('runFixtures', () => {
  it('tells onAllAnswered once, after the last answer and before its comparison, counting repeats and leaving out skipped fixtures', async () => {
    const events: string[] = [];
    const results = await runFixtures(
      [
        fixture('one', 1, 2),
        fixture('skipped', 1, 1, { skip_reason: 'not today' }),
        fixture('two', 3, 4, { repeat: 2 }),
      ],
      {
        manifest,
        client: tool.client,
        tolerance: emptyToleranceConfig(),
        jobs: 1,
        errors: [],
        onAllAnswered: () => events.push('all answered'),
        onFixtureDone: (r) => events.push(`${r.file} ${r.status}`),
      },
    );
    expect(results.map((r) => r.status)).toEqual(['pass', 'skip', 'pass']);
    expect(events).toEqual([
      'fixture_one.json pass',
      'fixture_skipped.json skip',
      'all answered',
      'fixture_two.json pass',
    ]);
  });

  it('tells it when a request fails too (the tool gone): nothing more will be asked', async () => {
    const events: string[] = [];
    const gone = await startTool({ toolDir: TOOL, entrypoint: 'main.js', runtime: runtimeFor(TOOL, 'main.js')! });
    if (!gone.ok) throw new Error(gone.message);
    await gone.tool.stop();
    const [r] = await runFixtures([fixture('one', 1, 2)], {
      manifest,
      client: gone.tool.client,
      tolerance: emptyToleranceConfig(),
      errors: [],
      onAllAnswered: () => events.push('all answered'),
    });
    expect(r!.status).toBe('fail');
    expect(events).toEqual(['all answered']);
  });
});

/** A tool whose one fixture takes pixie a while to compare (30 kB texts, Levenshtein), and that notes when SIGTERM came. */
function slowToCompareTool(): string {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'pixie-stop-early-')), 'slow-compare');
  mkdirSync(path.join(dir, 'reference'), { recursive: true });
  const story = (seed: number) => {
    let x = seed;
    return Array.from({ length: 30_000 }, () => String.fromCharCode(97 + ((x = (x * 16807) % 2147483647) % 26))).join(
      '',
    );
  };
  writeFileSync(
    path.join(dir, 'tool.json'),
    JSON.stringify({
      id: 'slow-compare',
      name: 'Slow to compare',
      entrypoint: 'main.js',
      inputs: [{ key: 'seed', type: 'number', label: 'Seed', default: 1 }],
      outputs: [{ key: 'story', type: 'text', label: 'Story' }],
    }),
  );
  writeFileSync(path.join(dir, 'package.json'), '{"name":"slow-compare","private":true,"type":"module"}\n');
  writeFileSync(
    path.join(dir, 'main.js'),
    `import http from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
const schema = readFileSync(new URL('./tool.json', import.meta.url), 'utf8');
const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
const story = ${story.toString()};
const server = http.createServer((req, res) => {
  if (req.url === '/healthz') return res.end('{"status":"ok"}');
  if (req.url === '/schema') return res.end(schema);
  let body = '';
  req.on('data', (c) => { body += c; });
  req.on('end', () => res.end(JSON.stringify({ story: story(JSON.parse(body).inputs.seed) })));
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  writeFileSync(new URL('./sigterm-at', import.meta.url), String(Date.now()));
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
`,
  );
  writeFileSync(
    path.join(dir, 'reference', 'fixture_story.json'),
    JSON.stringify({
      name: 'story',
      inputs: { seed: 7 },
      expected_outputs: { story: story(11) },
      tolerance: { story: { compare: 'levenshtein', min_similarity: 0 } },
    }),
  );
  return dir;
}

describe('runValidation', () => {
  it('stops the tool once the fixtures are answered, while it compares them; check 11 reports that stop', async () => {
    const dir = slowToCompareTool();
    let fixturesEnd = 0;
    const report = await runValidation({
      toolDir: dir,
      onProgress: (e) => {
        if (e.kind === 'check-end' && e.name === 'reference_fixtures_match') fixturesEnd = Date.now();
      },
    });
    expect(report.fixtures.map((f) => [f.file, f.status])).toEqual([['fixture_story.json', 'pass']]);
    const comparing = report.fixtures[0]!.duration_ms;
    const sigterm = Number(readFileSync(path.join(dir, 'sigterm-at'), 'utf8'));
    // the tool had SIGTERM while pixie still compared the 30 kB texts
    expect(fixturesEnd - sigterm).toBeGreaterThan(0);
    expect(comparing).toBeGreaterThan(fixturesEnd - sigterm);
    expect(report.checks.find((c) => c.name === 'clean_shutdown')).toMatchObject({
      status: 'pass',
      message: 'process group exited within 5 s of SIGTERM (exit=0)',
    });
  });

  it('with --explore, which asks the tool more after the fixtures, stops it only at check 11', async () => {
    const dir = slowToCompareTool();
    let fixturesEnd = 0;
    const report = await runValidation({
      toolDir: dir,
      explore: { runs: 5, seed: 1 },
      onProgress: (e) => {
        if (e.kind === 'check-end' && e.name === 'reference_fixtures_match') fixturesEnd = Date.now();
      },
    });
    expect(report.explore).toBeDefined();
    const sigterm = Number(readFileSync(path.join(dir, 'sigterm-at'), 'utf8'));
    expect(sigterm).toBeGreaterThanOrEqual(fixturesEnd);
  });
});
