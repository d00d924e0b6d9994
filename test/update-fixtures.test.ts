// --update-fixtures (docs/fixtures.md) through the real CLI on a scaffolded tool that "regressed".
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

async function regressedTool(): Promise<string> {
  const toolsDir = mkdtempSync(path.join(os.tmpdir(), 'pixie-update-'));
  expect((await runPixie(['new', 'adder', '--runtime', 'python', '--tools-dir', toolsDir])).code).toBe(0);
  const dir = path.join(toolsDir, 'adder');
  const main = path.join(dir, 'main.py');
  // the tool now adds one too many, and leaks an undeclared key that must never reach a fixture
  writeFileSync(
    main,
    readFileSync(main, 'utf8')
      .replace('total = a + b\n', 'total = a + b + 1\n')
      .replace(
        '"explanation": f"{show(a)} + {show(b)} = {show(total)}"}',
        '"explanation": f"{show(a)} + {show(b)} = {show(total)}", "debug": "internal"}',
      ),
  );
  return dir;
}

describe('--update-fixtures', () => {
  it('previews old → new without writing, then writes with --yes, then changes nothing the second time', async () => {
    const dir = await regressedTool();
    const fixtureFile = path.join(dir, 'reference', 'fixture_basic.json');
    const before = readFileSync(fixtureFile, 'utf8');

    const dry = await runPixie(['validate', dir, '--update-fixtures']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('reference/fixture_basic.json');
    expect(dry.stdout).toContain('sum: 5 → 6');
    expect(dry.stdout).toContain('explanation: "2 + 3 = 5" → "2 + 3 = 6"');
    // the sample run's inputs are fixture_basic's, so no duplicate fixture_sample.json is planned
    expect(dry.stdout).toMatch(/dry run: 1 file\(s\) would change/);
    expect(readFileSync(fixtureFile, 'utf8')).toBe(before);
    expect(existsSync(path.join(dir, 'reference', 'fixture_sample.json'))).toBe(false);

    const wet = await runPixie(['validate', dir, '--update-fixtures', '--yes']);
    expect(wet.code).toBe(0);
    expect(wet.stdout).toMatch(/updated 1 file\(s\): reference\/fixture_basic\.json/);
    const updated = JSON.parse(readFileSync(fixtureFile, 'utf8'));
    const original = JSON.parse(before);
    expect(Object.keys(updated)).toEqual(Object.keys(original)); // key order and unknown fields kept
    expect(updated.expected_outputs).toEqual({ sum: 6, explanation: '2 + 3 = 6' }); // no "debug"
    expect(updated.inputs).toEqual(original.inputs);
    expect(updated.tags).toEqual(original.tags);
    expect(updated.source).toMatch(/^hand calculation: 2 \+ 3 = 5 \| updated \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(existsSync(path.join(dir, 'reference', 'fixture_sample.json'))).toBe(false);
    // only the two values changed: every other line is as the author wrote it
    const changedLines = readFileSync(fixtureFile, 'utf8')
      .split('\n')
      .filter((l, i) => l !== before.split('\n')[i]);
    expect(changedLines).toEqual([
      expect.stringMatching(/^ {2}"source": "hand calculation: 2 \+ 3 = 5 \| updated .*Z",$/),
      '    "sum": 6,',
      '    "explanation": "2 + 3 = 6"',
    ]);

    const snapshot = readFileSync(fixtureFile, 'utf8');
    const again = await runPixie(['validate', dir, '--update-fixtures', '--yes']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('nothing to update');
    expect(readFileSync(fixtureFile, 'utf8')).toBe(snapshot);
    expect(processesUnder(dir)).toEqual([]);
  });

  it('adds a newly declared output to the fixture with the sample inputs, and records the last update once', async () => {
    const dir = await regressedTool();
    const manifestFile = path.join(dir, 'tool.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    manifest.outputs.push({ key: 'product', type: 'number', label: 'Product' });
    writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    const main = path.join(dir, 'main.py');
    writeFileSync(
      main,
      readFileSync(main, 'utf8').replace('{"sum": show(total),', '{"sum": show(total), "product": a * b,'),
    );
    const fixtureFile = path.join(dir, 'reference', 'fixture_basic.json');

    // check 12 warns that nothing asserts the new output, and names the command that adds it, which
    // names the tool by its path from where pixie ran (it is in no tools directory there)
    const lint = await runPixie(['lint', dir]);
    expect(lint.stdout).toContain(
      `tool.json: warning: output 'product' is asserted by no fixture, so it is never compared: pixie validate ${path.relative(REPO_ROOT, dir)} --update-fixtures --yes adds it from the sample run (check 8) to the fixture with the sample inputs, or to a new fixture_sample.json [outputs[2]]`,
    );

    const r = await runPixie(['validate', dir, '-u', '--json']);
    expect(r.code).toBe(0);
    const plan = JSON.parse(r.stdout);
    expect(plan.mode).toBe('update-fixtures');
    expect(plan.files).toEqual([
      {
        file: 'fixture_basic.json',
        create: false,
        changes: [
          expect.objectContaining({ key: 'sum', old: 5, new: 6 }),
          expect.objectContaining({ key: 'explanation', old: '2 + 3 = 5', new: '2 + 3 = 6' }),
          { key: 'product', type: 'number', added: true, old: null, new: 6 },
        ],
      },
    ]);
    expect(plan.written).toEqual(['fixture_basic.json']);
    expect(plan.left_undone).toBe(false);
    const updated = JSON.parse(readFileSync(fixtureFile, 'utf8'));
    expect(updated.expected_outputs).toEqual({ sum: 6, explanation: '2 + 3 = 6', product: 6 });
    expect(existsSync(path.join(dir, 'reference', 'fixture_sample.json'))).toBe(false);

    // a second change: source keeps one stamp, the newest
    writeFileSync(main, readFileSync(main, 'utf8').replace('total = a + b + 1\n', 'total = a + b + 2\n'));
    expect((await runPixie(['validate', dir, '-u'])).code).toBe(0);
    const source = JSON.parse(readFileSync(fixtureFile, 'utf8')).source as string;
    expect(source.match(/updated/g)).toHaveLength(1);
    expect(source).toMatch(/^hand calculation: 2 \+ 3 = 5 \| updated \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(processesUnder(dir)).toEqual([]);
  });

  it('writes nothing when the tool cannot run', async () => {
    const dir = await regressedTool();
    writeFileSync(path.join(dir, 'main.py'), 'raise SystemExit("broken on purpose")\n');
    const fixtureFile = path.join(dir, 'reference', 'fixture_basic.json');
    const before = readFileSync(fixtureFile, 'utf8');
    const r = await runPixie(['validate', dir, '--update-fixtures', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/cannot update: the tool did not start/);
    expect(r.stdout).toContain('nothing was written');
    expect(readFileSync(fixtureFile, 'utf8')).toBe(before);
    expect(existsSync(path.join(dir, 'reference', 'fixture_sample.json'))).toBe(false);
  });

  it('leaves a file either old or new when the writer is killed mid-write', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pixie-atomic-'));
    const file = path.join(dir, 'fixture_big.json');
    const oldText = JSON.stringify({ v: 'old'.repeat(10) });
    writeFileSync(file, oldText);
    const newText = JSON.stringify({ v: 'n'.repeat(40 * 1024 * 1024) });
    const script = `import { writeFileAtomic } from ${JSON.stringify(path.join(REPO_ROOT, 'src/util/atomic-write.ts'))};
      for (;;) writeFileAtomic(${JSON.stringify(file)}, JSON.stringify({ v: 'n'.repeat(40 * 1024 * 1024) }));`;
    for (const delay of [30, 80, 150, 260]) {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: REPO_ROOT,
        stdio: 'ignore',
      });
      await new Promise((r) => setTimeout(r, delay));
      child.kill('SIGKILL');
      await new Promise((r) => child.on('exit', r));
      const text = readFileSync(file, 'utf8');
      expect(text === oldText || text === newText, `length ${text.length}`).toBe(true);
    }
  });
});
