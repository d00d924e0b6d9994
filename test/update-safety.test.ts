// --update-fixtures against hostile conditions: new values that are null, of the wrong shape or too
// large for the report, read-only files and folders, temporaries and locks left by a killed run, and
// two updaters at once (two CLIs, or the CLI and pixie serve). Whatever happens, a fixture is either
// left exactly as it was or fully updated, and a refusal says why with exit 1.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/server/app.js';
import { snapshot, tempDir } from './helpers/hostile.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

const SHARED = JSON.stringify(path.join(REPO_ROOT, 'test', 'tools', '_shared', 'tool-server.mjs'));

/** A tool whose answer each fixture picks (mode: good, null, string; delay in ms), in a fresh tools folder. */
function adder(fixtures: Record<string, { inputs: Record<string, unknown>; expected: unknown }>): string {
  const toolsDir = tempDir('update');
  const dir = path.join(toolsDir, 'adder');
  mkdirSync(path.join(dir, 'reference'), { recursive: true });
  writeFileSync(
    path.join(dir, 'main.js'),
    `import { serveTool, sleep } from ${SHARED};
serveTool({
  dir: import.meta.dirname,
  run: async (inputs) => {
    if (inputs.delay) await sleep(inputs.delay);
    if (inputs.mode === 'null') return { total: null, word: inputs.word };
    if (inputs.mode === 'string') return { total: 'abc', word: inputs.word };
    return { total: inputs.a + inputs.b, word: inputs.word };
  },
});
`,
  );
  writeFileSync(path.join(dir, 'package.json'), '{"name":"adder","type":"module","private":true,"dependencies":{}}\n');
  writeFileSync(
    path.join(dir, 'tool.json'),
    `${JSON.stringify(
      {
        id: 'adder',
        name: 'Adder',
        version: '1.0.0',
        max_runtime_seconds: 10,
        inputs: [
          { key: 'a', type: 'number', label: 'A', default: 2 },
          { key: 'b', type: 'number', label: 'B', default: 3 },
          { key: 'mode', type: 'text', label: 'Mode', default: 'good' },
          { key: 'delay', type: 'number', label: 'Delay', default: 0 },
          { key: 'word', type: 'text', label: 'Word', default: 'w' },
        ],
        outputs: [
          { key: 'total', type: 'number', label: 'Total' },
          { key: 'word', type: 'text', label: 'Word' },
        ],
      },
      null,
      2,
    )}\n`,
  );
  // fixture_sample.json exists and asserts every output, so updates only touch the fixtures under test
  const all = { sample: { inputs: { a: 2, b: 3 }, expected: 5 }, ...fixtures };
  for (const [name, f] of Object.entries(all)) {
    const expected = name === 'sample' ? { total: f.expected, word: 'w' } : { total: f.expected };
    writeFileSync(
      path.join(dir, 'reference', `fixture_${name}.json`),
      `${JSON.stringify({ name, source: 'by hand', inputs: f.inputs, expected_outputs: expected }, null, 2)}\n`,
    );
  }
  return dir;
}

const fixtureOf = (dir: string, name: string) =>
  JSON.parse(readFileSync(path.join(dir, 'reference', `fixture_${name}.json`), 'utf8')) as {
    expected_outputs: { total: unknown };
  };

/** A pid that is certainly not running: a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => child.on('exit', r));
  return child.pid!;
}

const readOnly: string[] = [];
afterEach(() => {
  // let the temporary folders be removed
  for (const p of readOnly.splice(0)) chmodSync(p, 0o755);
});

describe('--update-fixtures --yes never loses a fixture', () => {
  it('refuses the whole update when a new value is null or not the shape of its type; nothing is written', async () => {
    const dir = adder({
      stale: { inputs: { a: 2, b: 3 }, expected: 4 },
      nulled: { inputs: { a: 1, b: 1, mode: 'null' }, expected: 2 },
      typed: { inputs: { a: 1, b: 1, mode: 'string' }, expected: 2 },
    });
    const before = snapshot(dir);
    const r = await runPixie(['validate', dir, '--update-fixtures', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      "cannot update: fixture_nulled.json: output 'total': the tool returned null; pixie never replaces an expected value with null",
    );
    expect(r.stdout).toMatch(
      /cannot update: fixture_typed\.json: output 'total': the new value is not a valid number output \(.*\); fix the tool until check 9 passes, then update/,
    );
    expect(r.stdout).toContain('nothing was written.');
    // the good change in fixture_stale.json is held back too: all or nothing
    expect(snapshot(dir)).toEqual(before);
    expect(processesUnder(dir)).toEqual([]);
  }, 60_000);

  it('a read-only fixture or reference/ folder is a clear refusal, and no file changes', async () => {
    const dir = adder({ one: { inputs: { a: 2, b: 3 }, expected: 4 }, two: { inputs: { a: 1, b: 1 }, expected: 3 } });
    const one = path.join(dir, 'reference', 'fixture_one.json');
    chmodSync(one, 0o444);
    readOnly.push(one);
    const before = snapshot(dir);
    const r = await runPixie(['validate', dir, '--update-fixtures', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'cannot update: reference/fixture_one.json is read-only, so it was not updated (nor any other file); make it writable (chmod u+w reference/fixture_one.json) and run again',
    );
    expect(r.stdout).not.toMatch(/EACCES|\n\s+at /);
    expect(snapshot(dir)).toEqual(before);

    chmodSync(one, 0o644);
    const reference = path.join(dir, 'reference');
    chmodSync(reference, 0o555);
    readOnly.push(reference);
    const folderBefore = snapshot(dir);
    const folder = await runPixie(['validate', dir, '--update-fixtures', '--yes']);
    expect(folder.code).toBe(1);
    expect(folder.stdout).toContain(
      'cannot update: reference/ is read-only (no write permission), so no fixture can be updated; make it writable (chmod u+w adder/reference) and run again',
    );
    expect(folder.stdout).toContain('nothing was written.');
    expect(snapshot(dir)).toEqual(folderBefore);
    expect(processesUnder(dir)).toEqual([]);
  }, 60_000);

  it('sweeps temporaries and takes over the lock a killed run left behind', async () => {
    const dir = adder({ one: { inputs: { a: 2, b: 3 }, expected: 4 } });
    const pid = await deadPid();
    const leftover = path.join(dir, 'reference', `.fixture_one.json.pixie-${pid}-0badf00d.tmp`);
    writeFileSync(leftover, '{"half": ');
    writeFileSync(
      path.join(dir, 'reference', '.pixie-update.lock'),
      JSON.stringify({ pid, host: os.hostname(), started_at: new Date().toISOString(), command: 'killed' }),
    );
    // a killed run's leftovers are pixie's own: validate does not call them stray files
    const strict = await runPixie(['lint', dir]);
    expect(strict.stdout).not.toContain('.pixie');
    const r = await runPixie(['validate', dir, '--update-fixtures', '--yes']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('updated 1 file(s): reference/fixture_one.json');
    expect(fixtureOf(dir, 'one').expected_outputs.total).toBe(5);
    expect(readdirSync(path.join(dir, 'reference')).sort()).toEqual(['fixture_one.json', 'fixture_sample.json']);
    expect(processesUnder(dir)).toEqual([]);
  }, 60_000);

  it('a second updater is refused while the first holds the lock; the fixture ends whole and updated', async () => {
    const dir = adder({ slow: { inputs: { a: 2, b: 3, delay: 1500 }, expected: 4 } });
    const [a, b] = await Promise.all([
      runPixie(['validate', dir, '--update-fixtures', '--yes']),
      runPixie(['validate', dir, '--update-fixtures', '--yes']),
    ]);
    const results = [a, b].sort((x, y) => x.code - y.code);
    expect(results.map((x) => x.code)).toEqual([0, 1]);
    expect(results[0]!.stdout).toContain('updated 1 file(s): reference/fixture_slow.json');
    expect(results[1]!.stdout).toMatch(
      /cannot update: another pixie is updating the fixtures of this tool \(pixie validate --update-fixtures --yes, pid \d+ on .+, since \d{4}-\d\d-\d\dT[\d:.]+Z\); wait for it to finish, or delete reference\/\.pixie-update\.lock if that process is gone\nnothing was written\./,
    );
    expect(fixtureOf(dir, 'slow').expected_outputs.total).toBe(5);
    expect(existsSync(path.join(dir, 'reference', '.pixie-update.lock'))).toBe(false);
    // a dry run takes no lock
    expect((await runPixie(['validate', dir, '--update-fixtures'])).stdout).toContain('nothing to update');
    expect(processesUnder(dir)).toEqual([]);
  }, 60_000);

  it('pixie serve and the CLI share the lock, and serve writes whole values as the CLI does, never cut short', async () => {
    const dir = adder({ one: { inputs: { a: 2, b: 3 }, expected: 4 } });
    const toolsDir = path.dirname(dir);
    const lock = path.join(dir, 'reference', '.pixie-update.lock');
    // a CLI updater (this test process stands in for it: alive, on this host) holds the lock
    writeFileSync(
      lock,
      JSON.stringify({ pid: process.pid, host: os.hostname(), started_at: new Date().toISOString(), command: 'cli' }),
    );
    const { app } = createApp({ toolsDir });
    const request = (body: unknown) =>
      app.request('/api/tools/adder/reference-check', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const refused = await request({ update_expected: true, yes: true });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(
      /^another pixie is updating the fixtures of this tool \(cli, pid \d+ on /,
    );
    expect(fixtureOf(dir, 'one').expected_outputs.total).toBe(4);

    // lock released (an empty lock file is one whose writer died): serve updates
    writeFileSync(lock, '');
    const written = (await (await request({ update_expected: true, yes: true })).json()) as {
      result: { written: string[]; blocked: string[] };
    };
    expect(written.result).toMatchObject({ written: ['fixture_one.json'], blocked: [] });
    expect(fixtureOf(dir, 'one').expected_outputs.total).toBe(5);
    expect(existsSync(lock)).toBe(false);

    // a new value larger than serve's report keeps is written whole, as the command line writes it
    // (the update workflow keeps full values beside the report), never cut short
    writeFileSync(
      path.join(dir, 'reference', 'fixture_one.json'),
      JSON.stringify({ name: 'one', inputs: { a: 2, b: 3, word: 'a longer word' }, expected_outputs: { word: 'w' } }),
    );
    process.env.PIXIE_MAX_REPORT_VALUE_MB = '0.000002';
    let whole: { result: { written: string[]; blocked: string[] } };
    try {
      whole = (await (await request({ update_expected: true, yes: true })).json()) as typeof whole;
    } finally {
      delete process.env.PIXIE_MAX_REPORT_VALUE_MB;
    }
    expect(whole.result).toMatchObject({ written: ['fixture_one.json'], blocked: [] });
    expect(fixtureOf(dir, 'one').expected_outputs).toEqual({ word: 'a longer word' });
    expect(processesUnder(dir)).toEqual([]);
  }, 60_000);
});
