// pixie as a user gets it: packed, installed from the tarball into a fresh project outside the
// repository (its own tools/ and pixie.config.json), and used there — the CLI from a nested folder,
// lint, init, the API from a .mjs script and from TypeScript (tsc --noEmit), and a Vitest file through
// pixie-validator/vitest, which fails with the CLI's output line when a fixture is wrong. A declared
// secret reaches a tool, an undeclared variable does not, and the report names both. One project is
// installed once and shared by every case, in order.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { REPO_ROOT } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** pixie's environment for the tools: a secret one tool declares and a variable nobody declares. */
const SECRET = 'PIXIE_PKG_SECRET';
const UNDECLARED = 'PIXIE_PKG_UNDECLARED';
const SECRET_VALUE = 's3cret-value';
const UNDECLARED_VALUE = 'leaked-value';

/** The environment a user's shell would have: none of the npm variables `npm test` sets for us. */
function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_|^VITEST|^NODE_OPTIONS$/i.test(k)) env[k] = v;
  return { ...env, NO_COLOR: '1', CI: 'true', npm_config_update_notifier: 'false', ...extra };
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}, timeout = 180_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd, env: userEnv(env), timeout, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err
        ? typeof (err as { code?: unknown }).code === 'number'
          ? (err as { code: number }).code
          : 99
        : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const work = mkdtempSync(path.join(os.tmpdir(), 'pixie-package-'));
const project = path.join(work, 'project');
const tools = path.join(project, 'tools');
const npx = (args: string[], cwd = project, env: NodeJS.ProcessEnv = {}) =>
  run('npx', ['--no-install', ...args], cwd, env);
const bin = (name: string) => path.join(project, 'node_modules', '.bin', name);

/** Builds pixie in a copy of the repository (never touching the dist/ other tests run) and packs it. */
async function pack(): Promise<string> {
  const stage = path.join(work, 'stage');
  mkdirSync(stage);
  for (const f of [
    'package.json',
    'README.md',
    'tsconfig.json',
    'tsconfig.build.json',
    'bin',
    'src',
    'scripts',
    'reference-schemas',
    'docs',
  ])
    cpSync(path.join(REPO_ROOT, f), path.join(stage, f), { recursive: true });
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(stage, 'node_modules'));
  const built = await run(process.execPath, ['scripts/build.mjs'], stage);
  if (built.code !== 0) throw new Error(`build failed: ${built.stderr}`);
  const packed = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', work], stage);
  if (packed.code !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
  return path.join(work, packed.stdout.trim().split('\n').pop()!);
}

/** A Python tool that echoes whether it sees the two variables. */
function envTool(): void {
  const dir = path.join(tools, 'env-echo');
  mkdirSync(path.join(dir, 'reference'), { recursive: true });
  const manifest = {
    id: 'env-echo',
    name: 'Env Echo',
    entrypoint: 'main.py',
    secrets: [{ key: SECRET, description: 'an API key', required: true }],
    inputs: [],
    outputs: [
      { key: 'secret', type: 'text', label: 'Secret' },
      { key: 'undeclared', type: 'text', label: 'Undeclared' },
    ],
  };
  writeFileSync(path.join(dir, 'tool.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(
    path.join(dir, 'pyproject.toml'),
    '[project]\nname = "env-echo"\nversion = "0.1.0"\ndependencies = []\n',
  );
  writeFileSync(
    path.join(dir, 'main.py'),
    `import json, os, sys
from http.server import BaseHTTPRequestHandler, HTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA = json.load(open(os.path.join(HERE, "tool.json")))

class H(BaseHTTPRequestHandler):
    def send(self, body):
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
    def do_GET(self):
        self.send({"ok": True} if self.path == "/healthz" else SCHEMA)
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send({"secret": os.environ.get("${SECRET}", ""), "undeclared": os.environ.get("${UNDECLARED}", "")})
    def log_message(self, *a):
        pass

port = int(sys.argv[sys.argv.index("--port") + 1])
HTTPServer(("127.0.0.1", port), H).serve_forever()
`,
  );
  writeFileSync(
    path.join(dir, 'reference', 'fixture_sees_secret.json'),
    JSON.stringify({
      name: 'The declared secret arrives, the undeclared variable does not',
      inputs: {},
      expected_outputs: { secret: SECRET_VALUE, undeclared: '' },
    }),
  );
}

beforeAll(async () => {
  const tarball = await pack();
  mkdirSync(tools, { recursive: true });
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'my-tools', private: true, type: 'module' }),
  );
  const versions = (name: string) =>
    JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')).version as string;
  const installed = await run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      tarball,
      `vitest@${versions('vitest')}`,
      `typescript@${versions('typescript')}`,
      `@types/node@${versions('@types/node')}`,
    ],
    project,
  );
  if (installed.code !== 0) throw new Error(`npm install failed: ${installed.stderr}`);
  writeFileSync(
    path.join(project, 'pixie.config.json'),
    JSON.stringify({ tools_dir: 'tools', limits: { startup_timeout_seconds: 20 } }, null, 2),
  );
  envTool();
}, 300_000);

afterAll(() => {
  expect(processesUnder(project)).toEqual([]);
  rmSync(work, { recursive: true, force: true });
});

/** A report without what differs from run to run: times, memory, ports, and the parent's other variables. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (['timestamp', 'duration_ms', 'peak_memory_mb', 'withheld', 'passed'].includes(k)) continue;
    out[k] = stable(v);
  }
  return out;
}

describe('pixie installed from its tarball into a fresh project', () => {
  it('ships dist/ with types and no sources, and runs without tsx for itself', () => {
    const pkg = path.join(project, 'node_modules', 'pixie-validator');
    expect(existsSync(path.join(pkg, 'dist', 'index.js'))).toBe(true);
    expect(existsSync(path.join(pkg, 'dist', 'index.d.ts'))).toBe(true);
    expect(existsSync(path.join(pkg, 'dist', 'vitest', 'index.d.ts'))).toBe(true);
    expect(existsSync(path.join(pkg, 'reference-schemas', 'tool.schema.json'))).toBe(true);
    expect(existsSync(path.join(pkg, 'docs', 'api.md'))).toBe(true);
    expect(existsSync(path.join(pkg, 'src'))).toBe(false);
  });

  it('pixie new scaffolds a tool that validates at once, and prints only true next steps', async () => {
    const r = await npx(['pixie', 'new', 'adder']);
    expect(r.code).toBe(0);
    // hono comes with pixie, so nothing needs installing
    expect(r.stdout).toBe('created tools/adder (node)\nnext: npx pixie validate adder\n');
    expect(readFileSync(path.join(tools, 'adder', 'README.md'), 'utf8')).toContain('npx pixie validate adder');
  });

  it('npx pixie validate --all from a nested folder: both tools pass; the secret arrives, the undeclared variable does not', async () => {
    const nested = path.join(tools, 'adder', 'reference');
    const r = await npx(['pixie', 'validate', '--all', '--json'], nested, {
      [SECRET]: SECRET_VALUE,
      [UNDECLARED]: UNDECLARED_VALUE,
    });
    const reports = JSON.parse(r.stdout) as Report[];
    expect(reports.map((x) => [x.tool_id, x.overall])).toEqual([
      ['adder', 'pass'],
      ['env-echo', 'pass'],
    ]);
    expect(r.code).toBe(0);
    const echo = reports[1]!;
    expect(echo.fixtures[0]!.outputs.map((o) => [o.key, o.actual])).toEqual([
      ['secret', SECRET_VALUE],
      ['undeclared', ''],
    ]);
    expect(echo.environment!.passed).toContain(SECRET);
    expect(echo.environment!.withheld).toContain(UNDECLARED);
    expect(echo.environment!.missing).toEqual([]);
    // names only: the withheld variable's value is nowhere in what pixie printed
    expect(r.stdout + r.stderr).not.toContain(UNDECLARED_VALUE);
    expect(JSON.stringify(echo.environment)).not.toContain(SECRET_VALUE);
  });

  it('a required secret that is not set is named in a warning', async () => {
    const r = await npx(['pixie', 'validate', 'env-echo', '--json'], tools);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.environment!.missing).toEqual([SECRET]);
    expect(report.warnings).toContain(
      `secret ${SECRET} is required by tool.json but set neither in pixie's environment nor in the tool's .env`,
    );
  });

  it('npx pixie lint passes from inside a tool', async () => {
    const r = await npx(['pixie', 'lint'], path.join(tools, 'env-echo'));
    expect(r.stdout).toBe('pixie lint: 2 tool(s), no problems\n');
    expect(r.code).toBe(0);
  });

  it('npx pixie init writes the workflow, hook and editor settings, and keeps the existing config', async () => {
    const before = readFileSync(path.join(project, 'pixie.config.json'), 'utf8');
    const r = await npx(['pixie', 'init'], path.join(tools, 'adder'));
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toEqual(
      expect.arrayContaining([
        'kept ../../pixie.config.json: the project already has a config',
        'wrote ../../.github/workflows/pixie.yml',
        'wrote ../../.pre-commit-config.yaml',
      ]),
    );
    expect(readFileSync(path.join(project, 'pixie.config.json'), 'utf8')).toBe(before);
    const settings = JSON.parse(readFileSync(path.join(project, '.vscode', 'settings.json'), 'utf8'));
    expect(settings['json.schemas']).toContainEqual({
      fileMatch: ['/tools/*/tool.json'],
      url: './node_modules/pixie-validator/reference-schemas/tool.schema.json',
    });
    expect(existsSync(path.join(project, 'node_modules/pixie-validator/reference-schemas/tool.schema.json'))).toBe(
      true,
    );
    expect(readFileSync(path.join(project, '.github/workflows/pixie.yml'), 'utf8')).toContain(
      'npx pixie report merge shard-*.json',
    );
  });

  it('the API from a .mjs script returns the same reports as --json', async () => {
    writeFileSync(
      path.join(project, 'api.mjs'),
      `import { compareValues, loadFixtures, validateAll, validateTool } from 'pixie-validator';
import { writeFileSync } from 'node:fs';
const one = await validateTool('adder', { referenceOnly: true });
writeFileSync('api-report.json', JSON.stringify(one));
const all = await validateAll({ tag: ['smoke'] });
const close = await compareValues({ type: 'number', expected: 1.0, actual: 1.004, tolerance: { abs: 0.005 } });
const far = await compareValues({ type: 'number', expected: 1.0, actual: 1.5, tolerance: { abs: 0.005 } });
const fixtures = loadFixtures('adder');
let typo = '';
try { await compareValues({ type: 'number', expected: 1, actual: 1, tolerance: { abss: 1 } }); } catch (e) { typo = e.message; }
console.log(JSON.stringify({ one: [one.tool_id, one.overall, one.checks.length], all: all.map((r) => r.tool_id), close: close.status, far: [far.status, far.rule], fixtures: fixtures.fixtures.map((f) => f.file), typo }));
`,
    );
    const r = await run(process.execPath, ['api.mjs'], project);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      one: ['adder', 'pass', 12],
      all: ['adder'],
      close: 'pass',
      far: ['fail', 'abs 0.005'],
      fixtures: ['fixture_basic.json'],
      typo: "the tolerance for value (number) cannot be used: unknown tolerance key 'abss' for value (number) — did you mean 'abs'?",
    });
    const cli = await npx(['pixie', 'validate', 'adder', '--reference-only', '--json']);
    expect(stable(JSON.parse(readFileSync(path.join(project, 'api-report.json'), 'utf8')))).toEqual(
      stable(JSON.parse(cli.stdout)),
    );
  });

  it('the API from TypeScript: types resolve under tsc --noEmit, and misuse is a type error', async () => {
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          types: ['node'],
        },
        include: ['check.ts'],
      }),
    );
    writeFileSync(
      path.join(project, 'check.ts'),
      `import { compareValues, PixieError, validateTool, type OutputComparison, type Report } from 'pixie-validator';
import { describeTool } from 'pixie-validator/vitest';
const report: Report = await validateTool('adder', { strict: true, tag: ['smoke'] });
const overall: 'pass' | 'warn' | 'fail' = report.overall;
const c: OutputComparison = await compareValues({ type: 'table', expected: {}, actual: {} });
const e: PixieError | null = null;
export { overall, c, e, describeTool };
`,
    );
    const good = await run(bin('tsc'), ['-p', '.'], project);
    expect(good.stdout + good.stderr).toBe('');
    expect(good.code).toBe(0);
    writeFileSync(
      path.join(project, 'check.ts'),
      `import { validateTool } from 'pixie-validator';
export const r = await validateTool('adder', { strcit: true });
`,
    );
    const bad = await run(bin('tsc'), ['-p', '.'], project);
    expect(bad.stdout).toMatch(/check\.ts.*'strcit' does not exist in type 'ValidateToolOptions'/);
    expect(bad.code).not.toBe(0);
  });

  it('a Vitest file with pixie-validator/vitest: one test per fixture, -t selects one, a wrong fixture fails with the output line', async () => {
    mkdirSync(path.join(project, 'test'), { recursive: true });
    writeFileSync(
      path.join(project, 'test', 'tools.test.ts'),
      `import { describeTool } from 'pixie-validator/vitest';\ndescribeTool('adder');\n`,
    );
    const vitest = (args: string[]) => run(bin('vitest'), ['run', '--reporter=verbose', ...args], project);
    const green = await vitest([]);
    expect(green.stdout).toMatch(/✓ .*pixie adder > contract/);
    expect(green.stdout).toMatch(/✓ .*pixie adder > fixture_basic\.json/);
    expect(green.code).toBe(0);

    const wrong = path.join(tools, 'adder', 'reference', 'fixture_wrong_sum.json');
    writeFileSync(
      wrong,
      JSON.stringify({
        name: 'A wrong sum',
        inputs: { a: 2, b: 3 },
        expected_outputs: { sum: 6, explanation: '2 + 3 = 5' },
      }),
    );
    const one = await vitest(['-t', 'basic']);
    expect(one.stdout).toMatch(/✓ .*fixture_basic\.json/);
    expect(one.stdout).not.toMatch(/✓ .*fixture_wrong_sum\.json/);
    expect(one.code).toBe(0);

    const red = await vitest([]);
    expect(red.code).toBe(1);
    expect(red.stdout).toMatch(/× .*pixie adder > fixture_wrong_sum\.json/);
    expect(red.stdout).toMatch(/✓ .*pixie adder > fixture_basic\.json/);
    // the very line `pixie validate` prints for that output
    const line = 'sum: expected 6, got 5 (abs diff 1, rel diff 0.167) ✗ exceeds abs 0.000001 or rel 0.0001';
    expect(red.stdout).toContain(`[fail] fixture_wrong_sum.json — A wrong sum: 1 of 2 output(s) differ\n  ${line}`);
    const cli = await npx(['pixie', 'validate', 'adder', '--reference-only']);
    expect(cli.stdout).toContain(line);
    expect(cli.code).toBe(1);
    rmSync(wrong);
  });
});
