// The author's loop (docs/cli.md, docs/fixtures.md): pending results recorded by every run, accepted
// one value at a time on another machine (from a copied pending folder or a --json report), reviewed
// in a real pseudo-terminal, updates across --all that leave out what errored, media kept as files
// beside the fixture, live progress, and --watch. Real tools over real HTTP; every file checked.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { skipWithout } from '../src/comparators/optional-installed.test-helper.js';
import { tempDir } from './helpers/hostile.js';
import { PIXIE_BIN, REPO_ROOT, runPixie } from './helpers/pixie.js';
import { runPixieInPty } from './helpers/pty.js';
import { processesUnder } from './helpers/survivors.js';

const SHARED = JSON.stringify(path.join(REPO_ROOT, 'test', 'tools', '_shared', 'tool-server.mjs'));

/** An 8×8 PNG of one colour, encoded by hand; as source text, because the media tool below carries a copy. */
const PNG_SOURCE = `function pngOf(r, g, b) {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const x of buf) c = table[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(8, 0);
  ihdr.writeUInt32BE(8, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, ...Array(8).fill([r, g, b]).flat()]);
  const rows = Buffer.concat(Array(8).fill(row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}`;
const pngOf = new Function('deflateSync', 'Buffer', `${PNG_SOURCE}; return pngOf;`)(deflateSync, Buffer) as (
  r: number,
  g: number,
  b: number,
) => Buffer;

interface ToolSpec {
  outputs: { key: string; type: string }[];
  /** the body of `run(inputs)`, returning the outputs */
  run: string;
  /** extra top-level code of main.js */
  prelude?: string;
  /** fixture file name → its text */
  fixtures: Record<string, string>;
  files?: Record<string, Buffer>;
}

/** A project folder `<root>/tools/<id>` with a node tool built from `spec`. */
function tool(root: string, id: string, spec: ToolSpec): string {
  const dir = path.join(root, 'tools', id);
  mkdirSync(path.join(dir, 'reference'), { recursive: true });
  writeFileSync(
    path.join(dir, 'main.js'),
    `import { serveTool } from ${SHARED};
import { deflateSync } from 'node:zlib';
${spec.prelude ?? ''}
serveTool({ dir: import.meta.dirname, run: async (inputs) => { ${spec.run} } });
`,
  );
  writeFileSync(path.join(dir, 'package.json'), `{"name":"${id}","type":"module","private":true,"dependencies":{}}\n`);
  writeFileSync(
    path.join(dir, 'tool.json'),
    `${JSON.stringify(
      {
        id,
        name: id,
        version: '1.0.0',
        max_runtime_seconds: 10,
        inputs: [{ key: 'n', type: 'number', label: 'N', default: 1 }],
        outputs: spec.outputs.map((o) => ({ ...o, label: o.key })),
      },
      null,
      2,
    )}\n`,
  );
  for (const [name, text] of Object.entries(spec.fixtures)) writeFileSync(path.join(dir, 'reference', name), text);
  for (const [name, bytes] of Object.entries(spec.files ?? {})) writeFileSync(path.join(dir, 'reference', name), bytes);
  return dir;
}

/** A fixture written the way a person might: four spaces, a one-line object, fields pixie does not touch. */
const HAND_WRITTEN = `{
    "name": "three numbers",
    "description": "written by hand",
    "source": "a notebook",
    "inputs": {"n": 1},
    "expected_outputs": {
        "x": 100,
        "y": 200,
        "z": {"value": 300}
    },
    "tolerance": {"x": {"abs": 0.5}},
    "tags": ["hand", "three"]
}
`;

const threeNumbers = (root: string, id = 'three') =>
  tool(root, id, {
    outputs: [
      { key: 'x', type: 'number' },
      { key: 'y', type: 'number' },
      { key: 'z', type: 'number' },
    ],
    run: 'return { x: 101, y: 202, z: { value: 303 } };',
    fixtures: { 'fixture_a.json': HAND_WRITTEN },
  });

/** Lines of `after` that differ from `before` (same line count). */
function changedLines(before: string, after: string): string[] {
  const b = before.split('\n');
  const a = after.split('\n');
  expect(a.length).toBe(b.length);
  return a.filter((l, i) => l !== b[i]);
}

describe('pending results', () => {
  it('a failing CI run, copied to another machine, accepts one value from its pending folder or its --json report', async () => {
    // "CI": a project that runs the tool and keeps its report and pending folder as artifacts
    const ci = tempDir('ci');
    const ciTool = threeNumbers(ci);
    const run = await runPixie(['validate', 'three', '--reference-only', '--json'], { cwd: ci });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'pixie: 3 pending change(s) in .pixie/pending/three; review them with pixie review three',
    );
    const artifacts = tempDir('artifacts');
    writeFileSync(path.join(artifacts, 'report.json'), run.stdout);
    cpSync(path.join(ci, '.pixie', 'pending'), path.join(artifacts, 'pending'), { recursive: true });
    expect(processesUnder(ciTool)).toEqual([]);

    // "a laptop": the same project checked out elsewhere, the tool never run there
    for (const from of [path.join(artifacts, 'pending'), path.join(artifacts, 'report.json')]) {
      const laptop = tempDir('laptop');
      const dir = threeNumbers(laptop);
      const file = path.join(dir, 'reference', 'fixture_a.json');
      const r = await runPixie(['accept', 'three', '--fixture', 'a', '--output', 'y', '--from', from], {
        cwd: laptop,
      });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('accepted 1 change(s): fixture_a.json: y');
      expect(r.stdout).toContain('updated 1 file(s): reference/fixture_a.json');
      // only y and the source stamp changed; x and z stay out of tolerance; every other byte as written
      expect(changedLines(HAND_WRITTEN, readFileSync(file, 'utf8'))).toEqual([
        expect.stringMatching(/^ {4}"source": "a notebook \| updated \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ",$/),
        '        "y": 202,',
      ]);
      // a value already accepted is not pending any more; the others still are
      const again = await runPixie(['accept', 'three', '--output', 'y', '--from', from], { cwd: laptop });
      if (from.endsWith('pending')) {
        expect(again.code).toBe(1);
        expect(again.stderr).toContain('--output y matched no pending change of three');
        expect(again.stderr).toContain('pending: fixture_a.json: x, z');
      } else {
        // a report does not change: accepting y again finds the fixture already holds another value
        expect(again.code).toBe(1);
        expect(again.stdout).toContain(
          "cannot accept: fixture_a.json: output 'y': the expected value in reference/fixture_a.json changed since the run that found this change; run pixie validate again",
        );
      }
      expect(JSON.parse(readFileSync(file, 'utf8')).expected_outputs).toEqual({ x: 100, y: 202, z: { value: 300 } });
      expect(existsSync(path.join(laptop, '.pixie'))).toBe(false);
    }
  });

  it('a passing run clears what earlier runs left pending', async () => {
    const root = tempDir('clear');
    const dir = threeNumbers(root);
    expect((await runPixie(['validate', 'three', '--reference-only'], { cwd: root })).code).toBe(1);
    const pending = path.join(root, '.pixie', 'pending', 'three', 'fixture_a');
    expect(readdirSync(pending).sort()).toEqual([
      'x.json',
      'x.new.json',
      'y.json',
      'y.new.json',
      'z.json',
      'z.new.json',
    ]);
    const entry = JSON.parse(readFileSync(path.join(pending, 'z.json'), 'utf8'));
    expect(entry).toMatchObject({
      pixie_pending: 1,
      tool_id: 'three',
      fixture: 'fixture_a.json',
      output: 'z',
      type: 'number',
      old: { value: 300 },
      new_file: 'z.new.json',
      comparison: { comparator: 'number', status: 'fail' },
    });
    expect(JSON.parse(readFileSync(path.join(pending, 'z.new.json'), 'utf8'))).toEqual({ value: 303 });

    writeFileSync(
      path.join(dir, 'reference', 'fixture_a.json'),
      HAND_WRITTEN.replace('100', '101').replace('200', '202').replace('300', '303'),
    );
    expect((await runPixie(['validate', 'three', '--reference-only'], { cwd: root })).code).toBe(0);
    expect(existsSync(pending)).toBe(false);
  });
});

describe('pending values past the limits', () => {
  it('a value larger than pixie reads back from a file is recorded as a marker, and accepting it is refused', async () => {
    const root = tempDir('large');
    const fixture = `${JSON.stringify({ name: 'long', inputs: { n: 1 }, expected_outputs: { text: 'short' } }, null, 2)}\n`;
    const dir = tool(root, 'long', {
      outputs: [{ key: 'text', type: 'text' }],
      run: "return { text: 'x'.repeat(3000) };",
      fixtures: { 'fixture_long.json': fixture },
    });
    // 2 KiB: the fixture files fit, the 3000-character value does not
    const small = { PIXIE_MAX_FILE_MB: String(2 / 1024) };
    expect((await runPixie(['validate', 'long', '--reference-only'], { cwd: root, env: small })).code).toBe(1);
    const stored = path.join(root, '.pixie', 'pending', 'long', 'fixture_long', 'text.new.json');
    expect(JSON.parse(readFileSync(stored, 'utf8'))).toMatchObject({
      $truncated: {
        json_chars: 3002,
        why: 'it is larger than the 2 KiB (PIXIE_MAX_FILE_MB) pixie reads back from a file',
      },
    });
    const refused = await runPixie(['accept', 'long'], { cwd: root, env: small });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(
      "cannot accept: fixture_long.json: output 'text': the new value is larger than pixie records in pending results (it is larger than the 2 KiB (PIXIE_MAX_FILE_MB) pixie reads back from a file), so it cannot be written from them; run pixie validate long --update-fixtures --yes, which writes full values",
    );
    expect(refused.stdout).toContain('nothing was written.');
    expect(readFileSync(path.join(dir, 'reference', 'fixture_long.json'), 'utf8')).toBe(fixture);
  });
});

describe('pixie review in a terminal', () => {
  it('shows each check as it finishes, then accepts one change, rejects one and skips one', async () => {
    const root = tempDir('review');
    const dir = threeNumbers(root);
    const file = path.join(dir, 'reference', 'fixture_a.json');

    // a single-tool run on a terminal shows each check and fixture as it finishes
    const live = runPixieInPty(['validate', 'three'], { cwd: root });
    expect(await live.exit).toBe(1);
    const shown = live.output();
    expect(shown).toMatch(/✓ {2}6 tool_spawns/);
    expect(shown).toMatch(/✗ fixture_a\.json: 3 of 3 output\(s\) differ/);
    expect(shown.indexOf('6 tool_spawns')).toBeLessThan(shown.indexOf('three  FAIL'));

    const review = runPixieInPty(['review', 'three'], { cwd: root });
    await review.waitFor(/\[1\/3\] three · reference\/fixture_a\.json · output x[\s\S]*quit › $/);
    expect(review.output()).toContain('- 100');
    expect(review.output()).toContain('+ 101');
    let at = review.output().length;
    review.type('a');
    await review.waitFor(/accepted x: wrote reference\/fixture_a\.json[\s\S]*\[2\/3\][\s\S]*output y[\s\S]*quit › $/, {
      from: at,
    });
    at = review.output().length;
    review.type('r');
    await review.waitFor(
      /rejected y; reference\/fixture_a\.json is unchanged[\s\S]*\[3\/3\][\s\S]*output z[\s\S]*quit › $/,
      {
        from: at,
      },
    );
    review.type('s');
    expect(await review.exit).toBe(0);
    expect(review.output()).toContain('review of three: 1 accepted, 1 rejected, 1 left pending');

    expect(changedLines(HAND_WRITTEN, readFileSync(file, 'utf8'))).toEqual([
      expect.stringMatching(/^ {4}"source": "a notebook \| updated .*Z",$/),
      '        "x": 101,',
    ]);
    // only the skipped change is still pending
    expect(readdirSync(path.join(root, '.pixie', 'pending', 'three', 'fixture_a')).sort()).toEqual([
      'z.json',
      'z.new.json',
    ]);
    expect(processesUnder(dir)).toEqual([]);
  });
});

describe('--update-fixtures across tools', () => {
  it('--all -u updates every failing tool except what errored, lists it, and says so in the exit code', async () => {
    const root = tempDir('all');
    const simple = (id: string, run: string, fixtures: Record<string, string>) =>
      tool(root, id, { outputs: [{ key: 'v', type: 'number' }], run, fixtures });
    const fixture = (n: number, v: number) =>
      `${JSON.stringify({ name: `n=${n}`, inputs: { n }, expected_outputs: { v } }, null, 2)}\n`;
    const drifted = simple('drifted', 'return { v: inputs.n * 10 };', { 'fixture_one.json': fixture(1, 9) });
    const partly = simple('partly', "if (inputs.n === 2) throw new Error('boom'); return { v: inputs.n * 10 };", {
      'fixture_one.json': fixture(1, 9),
      'fixture_two.json': fixture(2, 19),
    });
    const broken = simple('broken', 'return {};', { 'fixture_one.json': fixture(1, 9) });
    writeFileSync(path.join(broken, 'main.js'), "throw new Error('does not start');\n");
    simple('fine', 'return { v: inputs.n * 10 };', { 'fixture_one.json': fixture(1, 10) });
    const partlyTwo = readFileSync(path.join(partly, 'reference', 'fixture_two.json'), 'utf8');

    const r = await runPixie(['validate', '--all', '--update-fixtures', '--yes'], { cwd: root });
    expect(r.code).toBe(1);
    expect(
      JSON.parse(readFileSync(path.join(drifted, 'reference', 'fixture_one.json'), 'utf8')).expected_outputs,
    ).toEqual({ v: 10 });
    expect(
      JSON.parse(readFileSync(path.join(partly, 'reference', 'fixture_one.json'), 'utf8')).expected_outputs,
    ).toEqual({ v: 10 });
    expect(readFileSync(path.join(partly, 'reference', 'fixture_two.json'), 'utf8')).toBe(partlyTwo);
    expect(r.stdout).toMatch(/skipped: fixture_two\.json: POST \/run returned HTTP 500: boom/);
    expect(r.stdout).toMatch(/cannot update: the tool did not start/);
    expect(r.stdout).toContain('updated 2 file(s) in 2 of 4 tool(s)');
    expect(r.stdout).toMatch(
      /left undone in 2 tool\(s\): broken \(the tool did not start: .*\), partly \(1 fixture\(s\) errored: fixture_two\.json\)/,
    );

    // --json: the plan of every tool; with nothing left undone, exit 0
    rmSync(broken, { recursive: true });
    rmSync(path.join(partly, 'reference', 'fixture_two.json'));
    const json = await runPixie(['validate', '--all', '--update-fixtures', '--json'], { cwd: root });
    expect(json.code).toBe(0);
    const plans = JSON.parse(json.stdout) as { tool_id: string; files: unknown[]; left_undone: boolean }[];
    expect(plans.map((p) => [p.tool_id, p.files.length, p.left_undone])).toEqual([
      ['drifted', 0, false],
      ['fine', 0, false],
      ['partly', 0, false],
    ]);
    for (const id of ['drifted', 'partly', 'fine']) expect(processesUnder(path.join(root, 'tools', id))).toEqual([]);
  });
});

describe('media beside the fixture', () => {
  it('a sidecar PNG passes --strict, fails on a changed image with a diff PNG written, and an accept rewrites the file', async (ctx) => {
    skipWithout(ctx, 'sharp');
    const root = tempDir('media');
    const fixtureText = `${JSON.stringify({ name: 'red badge', inputs: { n: 1 }, expected_outputs: { badge: { $file: 'red.badge.png' } } }, null, 2)}\n`;
    const dir = tool(root, 'badge', {
      outputs: [{ key: 'badge', type: 'image' }],
      prelude: `const RED = 200;\n${PNG_SOURCE}`,
      run: "return { badge: 'data:image/png;base64,' + pngOf(RED, 20, 20).toString('base64') };",
      fixtures: { 'fixture_red.json': fixtureText },
      files: { 'red.badge.png': pngOf(200, 20, 20) },
    });
    const sidecar = path.join(dir, 'reference', 'red.badge.png');
    const pass = await runPixie(['validate', 'badge', '--reference-only', '--strict'], { cwd: root });
    expect(pass.stdout).toContain('12 reference_fixtures_match  pass');
    expect(pass.code).toBe(0);

    const main = path.join(dir, 'main.js');
    writeFileSync(main, readFileSync(main, 'utf8').replace('const RED = 200;', 'const RED = 40;'));
    const fail = await runPixie(['validate', 'badge', '--reference-only'], { cwd: root });
    expect(fail.code).toBe(1);
    const diffImage = path.join('.pixie', 'pending', 'badge', 'fixture_red', 'badge.diff.png');
    expect(fail.stderr).toContain(`pixie: diff image: ${diffImage}`);
    const sharp = (await import('sharp')).default;
    expect(await sharp(path.join(root, diffImage)).metadata()).toMatchObject({ format: 'png', width: 8, height: 8 });
    expect(readFileSync(path.join(root, '.pixie', 'pending', 'badge', 'fixture_red', 'badge.actual.png'))).toEqual(
      pngOf(40, 20, 20),
    );

    const accept = await runPixie(['accept', 'badge'], { cwd: root });
    expect(accept.code).toBe(0);
    expect(accept.stdout).toContain('updated 2 file(s): reference/red.badge.png, reference/fixture_red.json');
    expect(readFileSync(sidecar)).toEqual(pngOf(40, 20, 20));
    // the fixture still names the file; its source records the update
    const written = JSON.parse(readFileSync(path.join(dir, 'reference', 'fixture_red.json'), 'utf8'));
    expect(written.expected_outputs).toEqual({ badge: { $file: 'red.badge.png' } });
    expect(written.source).toMatch(/^updated \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect((await runPixie(['validate', 'badge', '--reference-only', '--strict'], { cwd: root })).code).toBe(0);
    expect(processesUnder(dir)).toEqual([]);
  });
});

describe('pixie validate --watch', () => {
  it('validates, then runs check 12 again against the same tool process after a fixture is edited', async () => {
    const root = tempDir('watch');
    const starts = path.join(root, 'starts.log');
    const dir = tool(root, 'watched', {
      outputs: [{ key: 'v', type: 'number' }],
      prelude: `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(starts)}, 'start\\n');`,
      run: 'return { v: inputs.n * 10 };',
      fixtures: {
        'fixture_one.json': `${JSON.stringify({ name: 'one', inputs: { n: 1 }, expected_outputs: { v: 10 } }, null, 2)}\n`,
      },
    });
    const child = spawn(process.execPath, [PIXIE_BIN, 'validate', 'watched', '--watch', '--json'], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const reports: Report[] = [];
    let buffer = '';
    let wake = () => {};
    child.stdout.on('data', (b: Buffer) => {
      buffer += b.toString('utf8');
      for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
        reports.push(JSON.parse(buffer.slice(0, i)) as Report);
        buffer = buffer.slice(i + 1);
      }
      wake();
    });
    const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const nth = async (n: number) => {
      while (reports.length < n) await new Promise<void>((r) => (wake = r));
      return reports[n - 1]!;
    };
    try {
      const first = await nth(1);
      expect(first.checks[11]).toMatchObject({ name: 'reference_fixtures_match', status: 'pass' });
      expect(first.checks[10]).toMatchObject({ name: 'clean_shutdown', status: 'skip' });
      const file = path.join(dir, 'reference', 'fixture_one.json');
      writeFileSync(file, readFileSync(file, 'utf8').replace('"v": 10', '"v": 11'));
      const second = await nth(2);
      expect(second.checks[11]!.status).toBe('fail');
      expect(second.fixtures[0]!.outputs[0]).toMatchObject({ key: 'v', expected: 11, actual: 10 });
      // the contract checks were not run again, and the tool was started once
      expect(second.checks.slice(0, 10)).toEqual(first.checks.slice(0, 10));
      expect(readFileSync(starts, 'utf8')).toBe('start\n');
    } finally {
      child.kill('SIGINT');
    }
    // Ctrl-C: the tool is told to stop and pixie exits 130; wait for the tool to be gone
    expect(await exit).toBe(130);
    while (processesUnder(dir).length) await new Promise((r) => setTimeout(r, 100));
  });
});
