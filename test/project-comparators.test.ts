// Project comparators (docs/comparators.md#project-comparators) over a real tool and the real CLI:
// pixie.config names a module, tolerance.yaml uses it as `compare`, and whatever the module does —
// throw, hang, exhaust memory, answer nonsense, look for pixie's secrets — is that comparison's
// failure, reported like a built-in one; lint knows the names; the config refuses a module outside
// the project.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutputComparison, Report } from '../src/model/report.js';
import { tempDir } from './helpers/hostile.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

const SHARED = JSON.stringify(path.join(REPO_ROOT, 'test', 'tools', '_shared', 'tool-server.mjs'));
const root = tempDir('project-cmp');
const outside = tempDir('project-cmp-outside');
const dir = path.join(root, 'tools', 'approx');
const reference = path.join(dir, 'reference');
const cmp = path.join(root, 'cmp');

const MODULES: Record<string, string> = {
  'within-ten.mjs': `export default (expected, actual) => {
  const diff = Math.abs(actual - expected);
  return diff <= 10
    ? { pass: true, message: \`off by \${diff}, within ten\` }
    : { pass: false, message: \`off by \${diff}, more than ten\`, differences: [{ path: '', message: 'more than ten', expected, actual }] };
};
`,
  'async-options.mjs': `export default async (expected, actual, options) => {
  await new Promise((r) => setTimeout(r, 10));
  return { pass: Math.abs(actual - expected) <= options.limit, message: 'limit ' + options.limit };
};
`,
  'throws.mjs': `export default () => { throw new RangeError('no idea'); };\n`,
  'hangs.mjs': 'export default () => new Promise(() => { setInterval(() => {}, 1000); });\n',
  'shape.mjs': "export default () => ({ ok: 'yes' });\n",
  'hog.mjs': 'export default () => { const keep = []; for (;;) keep.push(new Array(1e6).fill(1)); };\n',
  'env.mjs': `export default () => ({ pass: !('PIXIE_TEST_SECRET' in process.env), message: Object.keys(process.env).sort().join(',') });\n`,
  'exits.mjs': 'export default () => process.exit(3);\n',
  'common.cjs': 'module.exports = (e, a) => ({ pass: e === a, message: "cjs" });\n',
};

const CONFIG = {
  comparators: {
    'within-ten': './cmp/within-ten.mjs',
    'async-options': './cmp/async-options.mjs',
    throws: './cmp/throws.mjs',
    hangs: './cmp/hangs.mjs',
    shape: './cmp/shape.mjs',
    hog: './cmp/hog.mjs',
    env: './cmp/env.mjs',
    exits: './cmp/exits.mjs',
    common: './cmp/common.cjs',
  },
};

const OUTPUTS = ['approx', 'opts', 'throws', 'hangs', 'shape', 'hog', 'env', 'exits', 'common'];

beforeAll(() => {
  mkdirSync(reference, { recursive: true });
  mkdirSync(cmp);
  for (const [name, text] of Object.entries(MODULES)) writeFileSync(path.join(cmp, name), text);
  writeFileSync(path.join(root, 'pixie.config.json'), JSON.stringify(CONFIG, null, 2));
  // every output is 100 + off
  writeFileSync(
    path.join(dir, 'main.js'),
    `import { serveTool } from ${SHARED};
serveTool({ dir: import.meta.dirname, run: async (inputs) => Object.fromEntries(${JSON.stringify(OUTPUTS)}.map((k) => [k, 100 + inputs.off])) });
`,
  );
  writeFileSync(path.join(dir, 'package.json'), '{"name":"approx","type":"module","private":true,"dependencies":{}}\n');
  writeFileSync(
    path.join(dir, 'tool.json'),
    JSON.stringify({
      id: 'approx',
      name: 'Approx',
      version: '1.0.0',
      max_runtime_seconds: 10,
      inputs: [{ key: 'off', type: 'number', label: 'Off', default: 0 }],
      outputs: OUTPUTS.map((key) => ({ key, type: 'number', label: key })),
    }),
  );
});

afterAll(() => {
  expect(processesUnder(root)).toEqual([]);
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

function fixture(name: string, off: number, outputs: string[]): void {
  writeFileSync(
    path.join(reference, `fixture_${name}.json`),
    JSON.stringify({ name, inputs: { off }, expected_outputs: Object.fromEntries(outputs.map((k) => [k, 100])) }),
  );
}

async function validate(env: NodeJS.ProcessEnv = {}): Promise<{ code: number; report: Report; stderr: string }> {
  const r = await runPixie(['validate', 'approx', '--reference-only', '--json'], { cwd: root, env });
  return { code: r.code, report: JSON.parse(r.stdout) as Report, stderr: r.stderr };
}

const output = (report: Report, file: string, key: string): OutputComparison =>
  report.fixtures.find((f) => f.file === file)!.outputs.find((o) => o.key === key)!;

describe('a project comparator named in pixie.config', () => {
  it('within-ten passes a value off by 6 and fails one off by 61, with its rule and message in the report', async () => {
    writeFileSync(
      path.join(reference, 'tolerance.yaml'),
      'approx: { compare: within-ten }\nopts: { compare: async-options, limit: 7 }\n',
    );
    fixture('six', 6, ['approx', 'opts']);
    fixture('sixty_one', 61, ['approx', 'opts']);
    const { code, report } = await validate();
    expect(output(report, 'fixture_six.json', 'approx')).toMatchObject({
      status: 'pass',
      comparator: 'project:within-ten',
      metric: 'off by 6, within ten',
      rule: 'compare: within-ten (project comparator ./cmp/within-ten.mjs)',
      tolerance: { compare: 'within-ten' },
    });
    expect(output(report, 'fixture_sixty_one.json', 'approx')).toMatchObject({
      status: 'fail',
      metric: 'off by 61, more than ten',
      differences: [{ path: '', message: 'more than ten', expected: 100, actual: 161 }],
    });
    // async, with the options as written (and none of pixie's built-in number defaults)
    expect(output(report, 'fixture_six.json', 'opts')).toMatchObject({
      status: 'pass',
      metric: 'limit 7',
      rule: 'compare: async-options (project comparator ./cmp/async-options.mjs), options {"limit":7}',
    });
    expect(output(report, 'fixture_sixty_one.json', 'opts').status).toBe('fail');
    expect(code).toBe(1);
  });

  it('a module that throws, hangs, exhausts memory, exits or answers nonsense fails its comparison, never pixie', async () => {
    writeFileSync(
      path.join(reference, 'tolerance.yaml'),
      [
        'throws: { compare: throws }',
        'hangs: { compare: hangs }',
        'shape: { compare: shape }',
        'hog: { compare: hog }',
        'env: { compare: env }',
        'exits: { compare: exits }',
        'common: { compare: common }',
        '',
      ].join('\n'),
    );
    rmSync(path.join(reference, 'fixture_six.json'));
    rmSync(path.join(reference, 'fixture_sixty_one.json'));
    fixture('misbehaving', 0, ['throws', 'hangs', 'shape', 'hog', 'env', 'exits', 'common']);
    const { code, report } = await validate({
      PIXIE_COMPARATOR_SECONDS: '2',
      PIXIE_COMPARATOR_HEAP_MB: '64',
      PIXIE_TEST_SECRET: 'hunter2',
    });
    const of = (key: string) => output(report, 'fixture_misbehaving.json', key);
    expect(of('throws')).toMatchObject({
      status: 'fail',
      metric: 'project comparator throws failed: it threw RangeError: no idea',
    });
    expect(of('hangs').metric).toBe(
      'project comparator hangs failed: it did not answer within 2 s (PIXIE_COMPARATOR_SECONDS); make it faster or raise the limit',
    );
    expect(of('shape').metric).toBe(
      'project comparator shape failed: it returned {"ok":"yes"}; return {pass: true or false, message: "…", differences?: [{path, message}]}',
    );
    expect(of('hog').metric).toMatch(
      /^project comparator hog failed: it ran out of memory \(its heap is capped at 64 MB/,
    );
    expect(of('exits').metric).toBe(
      'project comparator exits failed: its process ended (exit code 3) before answering',
    );
    // the environment tools get: no pixie secrets, no PIXIE_ variables
    expect(of('env').status).toBe('pass');
    expect(of('env').metric).not.toContain('PIXIE_');
    expect(of('common')).toMatchObject({ status: 'pass', metric: 'cjs' });
    expect(report.checks.find((c) => c.name === 'reference_fixtures_match')!.status).toBe('fail');
    expect(code).toBe(1);
  });
});

describe('names and paths', () => {
  it('pixie lint knows the names, and an unknown one names the file, the path and the fix', async () => {
    writeFileSync(path.join(reference, 'tolerance.yaml'), 'approx: { compare: within-ten }\n');
    const ok = await runPixie(['lint', 'approx'], { cwd: root });
    expect(ok.stdout).not.toContain('error:');
    expect(ok.code).toBe(0);
    writeFileSync(path.join(reference, 'tolerance.yaml'), 'approx: { compare: within-tne }\n');
    const typo = await runPixie(['lint', 'approx'], { cwd: root });
    expect(typo.stdout).toContain(
      "reference/tolerance.yaml:1: error: unknown compare mode 'within-tne' for approx (number) — did you mean 'within-ten'? [approx.compare]",
    );
    expect(typo.code).toBe(1);
  });

  it('a tool folder cannot name a module: without the config the name is unknown, with the fix', async () => {
    writeFileSync(path.join(reference, 'tolerance.yaml'), 'approx: { compare: ./cmp/within-ten.mjs }\n');
    const r = await runPixie(['lint', 'approx'], { cwd: root });
    expect(r.stdout).toMatch(
      /unknown compare mode '\.\/cmp\/within-ten\.mjs' for approx \(number\); use one of .*within-ten/,
    );
    rmSync(path.join(reference, 'tolerance.yaml'));
  });

  it('the config refuses a module outside the project (also through a link), a missing one and a built-in name', async () => {
    writeFileSync(path.join(outside, 'evil.mjs'), 'export default () => ({ pass: true, message: "" });\n');
    symlinkSync(path.join(outside, 'evil.mjs'), path.join(cmp, 'linked.mjs'));
    writeFileSync(
      path.join(root, 'pixie.config.json'),
      JSON.stringify(
        {
          comparators: {
            away: path.relative(root, path.join(outside, 'evil.mjs')),
            linked: './cmp/linked.mjs',
            gone: './cmp/gone.mjs',
            exact: './cmp/within-ten.mjs',
          },
        },
        null,
        2,
      ),
    );
    const r = await runPixie(['lint', 'approx'], { cwd: root });
    expect(r.code).not.toBe(0);
    const text = r.stdout + r.stderr;
    expect(text).toContain(
      "the module of comparator 'away' (../" +
        path.basename(outside) +
        '/evil.mjs) is outside the project; move it into the project folder and name it relative to pixie.config',
    );
    expect(text).toContain("the module of comparator 'linked' (./cmp/linked.mjs) is outside the project");
    expect(text).toContain(
      "the module of comparator 'gone' (./cmp/gone.mjs) does not exist; create it or correct the path",
    );
    expect(text).toContain(
      "comparator name 'exact' is one of pixie's own compare modes, so tolerances could not tell them apart; choose another name",
    );
    writeFileSync(path.join(root, 'pixie.config.json'), JSON.stringify(CONFIG, null, 2));
  });
});
