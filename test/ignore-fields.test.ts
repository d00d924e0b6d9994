// ignore_fields over a real tool (docs/comparators.md#ignored-fields): a kv output whose
// `generated_at` changes on every run passes when tolerance.yaml, the fixture or pixie.config leaves
// that field out, the report says which fields were left out, and check 8 does not call it news.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { tempDir } from './helpers/hostile.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

const SHARED = JSON.stringify(path.join(REPO_ROOT, 'test', 'tools', '_shared', 'tool-server.mjs'));
const root = tempDir('fields');
const dir = path.join(root, 'tools', 'stamp');
const reference = path.join(dir, 'reference');

const FIXTURE = {
  name: 'receipt',
  inputs: { n: 2 },
  expected_outputs: {
    receipt: { total: 4, generated_at: '2020-01-01T00:00:00.000Z', request: { id: 'r-0', by: 'me' } },
  },
};

beforeAll(() => {
  mkdirSync(reference, { recursive: true });
  // every answer carries the time and a fresh request id
  writeFileSync(
    path.join(dir, 'main.js'),
    `import { serveTool } from ${SHARED};
let runs = 0;
serveTool({ dir: import.meta.dirname, run: async (inputs) => ({
  receipt: { total: inputs.n * 2, generated_at: new Date(Date.now() + ++runs).toISOString(), request: { id: 'r-' + runs, by: 'me' } },
}) });
`,
  );
  writeFileSync(path.join(dir, 'package.json'), '{"name":"stamp","type":"module","private":true,"dependencies":{}}\n');
  writeFileSync(
    path.join(dir, 'tool.json'),
    JSON.stringify({
      id: 'stamp',
      name: 'Stamp',
      version: '1.0.0',
      max_runtime_seconds: 10,
      inputs: [{ key: 'n', type: 'number', label: 'N', default: 1 }],
      outputs: [{ key: 'receipt', type: 'kv', label: 'Receipt' }],
    }),
  );
});

afterAll(() => {
  expect(processesUnder(root)).toEqual([]);
  rmSync(root, { recursive: true, force: true });
});

async function validate(): Promise<{ code: number; report: Report }> {
  const r = await runPixie(['validate', 'stamp', '--json'], { cwd: root });
  return { code: r.code, report: JSON.parse(r.stdout) as Report };
}

const receiptOf = (report: Report) => report.fixtures[0]!.outputs.find((o) => o.key === 'receipt')!;
const check8 = (report: Report) => report.checks.find((c) => c.name === 'sample_run_succeeds')!;

describe('a kv output whose generated_at changes on every run', () => {
  it('fails without ignore_fields, and check 8 reports the output as changing', async () => {
    writeFileSync(path.join(reference, 'fixture_receipt.json'), JSON.stringify(FIXTURE));
    const { code, report } = await validate();
    expect(code).toBe(1);
    expect(receiptOf(report)).toMatchObject({ status: 'fail' });
    expect(receiptOf(report).differences!.map((d) => d.path)).toEqual(['generated_at', 'request.id']);
    expect(check8(report).status).toBe('warn');
  });

  it('passes with ignore_fields in tolerance.yaml; the report names what was ignored and check 8 passes', async () => {
    writeFileSync(path.join(reference, 'tolerance.yaml'), 'receipt: { ignore_fields: [generated_at, request.id] }\n');
    const { code, report } = await validate();
    expect(receiptOf(report)).toMatchObject({
      status: 'pass',
      rule: 'key by key, numbers abs 0.000001; ignoring fields generated_at, request.id',
      ignored_fields: ['generated_at', 'request.id'],
    });
    // the report keeps the values as they came
    expect((receiptOf(report).actual as { generated_at: string }).generated_at).not.toBe('2020-01-01T00:00:00.000Z');
    expect(check8(report)).toMatchObject({
      status: 'pass',
      message: expect.stringMatching(/changed only 'receipt', as tolerance\.yaml expects/),
    });
    expect(code).toBe(0);
  });

  it('passes with ignore_fields as a JSON pointer in the fixture’s own tolerance', async () => {
    rmSync(path.join(reference, 'tolerance.yaml'));
    writeFileSync(
      path.join(reference, 'fixture_receipt.json'),
      JSON.stringify({ ...FIXTURE, tolerance: { receipt: { ignore_fields: ['/generated_at', '/request/id'] } } }),
    );
    const { report } = await validate();
    expect(receiptOf(report)).toMatchObject({ status: 'pass', ignored_fields: ['generated_at', 'request.id'] });
  });

  it("passes with ignore_fields in pixie.config's tolerances for kv outputs", async () => {
    writeFileSync(path.join(reference, 'fixture_receipt.json'), JSON.stringify(FIXTURE));
    writeFileSync(
      path.join(root, 'pixie.config.json'),
      JSON.stringify({ tolerances: { kv: { ignore_fields: ['generated_at', 'request.id'] } } }),
    );
    const { code, report } = await validate();
    expect(receiptOf(report)).toMatchObject({ status: 'pass', ignored_fields: ['generated_at', 'request.id'] });
    expect(code).toBe(0);
    rmSync(path.join(root, 'pixie.config.json'));
  });

  it('a malformed pattern stops check 12 with the file, the path and the fix', async () => {
    writeFileSync(path.join(reference, 'tolerance.yaml'), 'receipt: { ignore_fields: [request..id] }\n');
    const { code, report } = await validate();
    expect(code).toBe(1);
    const fixtures = report.checks.find((c) => c.name === 'reference_fixtures_match')!;
    expect(JSON.stringify(fixtures)).toContain(
      "ignore_fields for receipt (kv) [0] 'request..id' has an empty step; write steps separated by single dots (a.b.c) or slashes (/a/b/c)",
    );
    rmSync(path.join(reference, 'tolerance.yaml'));
  });
});
