// A project of tools outside the repository, driven through the CLI from its subfolders: the config's
// tolerances, reporters and limits, flags over the config, start-up timeouts that say what happened,
// and --tag/--fixture that filter under --all but fail when they match nothing.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'pixie-project-'));
const tools = path.join(root, 'tools');
const config = path.join(root, 'pixie.config.json');

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`patch did not apply to ${file}: ${from}`);
  writeFileSync(file, text.replace(from, to));
}

beforeAll(async () => {
  mkdirSync(tools);
  for (const id of ['adder', 'offby', 'slow'])
    expect((await runPixie(['new', id, '--runtime', 'python'], { cwd: root })).code).toBe(0);
  writeFileSync(
    path.join(tools, 'adder', 'reference', 'fixture_edge.json'),
    JSON.stringify({ name: 'Zeros', inputs: { a: 0, b: 0 }, expected_outputs: { sum: 0 }, tags: ['edge'] }),
  );
  // off by a hundredth: outside the built-in number tolerance, inside a project-wide abs 0.05
  edit(path.join(tools, 'offby', 'main.py'), '{"sum": show(total),', '{"sum": show(total) + 0.01,');
  // up only after two seconds, while tool.json allows one
  edit(path.join(tools, 'slow', 'main.py'), 'def main():', 'def main():\n    import time\n    time.sleep(2)');
  edit(
    path.join(tools, 'slow', 'tool.json'),
    '"max_runtime_seconds": 10',
    '"max_runtime_seconds": 10,\n  "startup_timeout_seconds": 1',
  );
}, 60_000);

afterAll(() => {
  expect(processesUnder(root)).toEqual([]);
  rmSync(root, { recursive: true, force: true });
});

describe('a project with a config, from its subfolders', () => {
  it('without a config: a value off by 0.01 fails, and a slow start says the process is alive', async () => {
    const r = await runPixie(['validate', '--all', '--reference-only', '--json'], { cwd: path.join(tools, 'adder') });
    const reports = JSON.parse(r.stdout) as Report[];
    expect(reports.map((x) => [x.tool_id, x.overall])).toEqual([
      ['adder', 'pass'],
      ['offby', 'fail'],
      ['slow', 'fail'],
    ]);
    expect(reports[2]!.checks[11]!.message).toMatch(
      /^could not start the tool for the fixtures: check 6 tool_spawns failed: tool failed to become healthy: \/healthz did not answer 200 within 1 s; the process is still running: nothing listens on 127\.0\.0\.1:\d+ yet$/,
    );
    expect(r.code).toBe(1);
  });

  it("the config's tolerances and report files apply from inside a tool; a flag replaces its entry", async () => {
    writeFileSync(
      config,
      JSON.stringify({ tolerances: { number: { abs: 0.05 } }, reporters: { junit: 'out/pixie.xml' } }, null, 2),
    );
    const inside = path.join(tools, 'offby', 'reference');
    const r = await runPixie(['validate', 'offby', '--reference-only', '--json'], { cwd: inside });
    const sum = (JSON.parse(r.stdout) as Report).fixtures[0]!.outputs.find((o) => o.key === 'sum');
    expect(sum).toMatchObject({ status: 'pass', expected: 5, actual: 5.01, rule: 'abs 0.05' });
    expect(r.code).toBe(0);
    expect(readFileSync(path.join(root, 'out', 'pixie.xml'), 'utf8')).toContain('<testsuite name="offby"');

    rmSync(path.join(root, 'out'), { recursive: true });
    const flagged = await runPixie(['validate', 'offby', '--reference-only', '--junit', 'mine.xml'], { cwd: inside });
    expect(flagged.code).toBe(0);
    expect(existsSync(path.join(inside, 'mine.xml'))).toBe(true);
    expect(existsSync(path.join(root, 'out'))).toBe(false);
  });

  it('with no tool named, validate takes the tool the current folder is in', async () => {
    const r = await runPixie(['validate', '--summary'], { cwd: path.join(tools, 'adder', 'reference') });
    expect(r.stdout).toMatch(/^adder — pass/);
    expect(r.code).toBe(0);
  });

  it('--startup-timeout overrides tool.json; the config limit applies where tool.json says nothing', async () => {
    const flag = await runPixie(['validate', 'slow', '--reference-only', '--startup-timeout', '15'], { cwd: root });
    expect(flag.code).toBe(0);
    writeFileSync(config, JSON.stringify({ limits: { startup_timeout_seconds: 1 } }));
    const adder = path.join(tools, 'adder', 'main.py');
    edit(adder, 'def main():', 'def main():\n    import time\n    time.sleep(2)');
    const limited = await runPixie(['validate', 'adder', '--reference-only', '--json'], { cwd: root });
    expect(JSON.parse(limited.stdout).checks[11].message).toMatch(
      /did not answer 200 within 1 s; the process is still running/,
    );
    edit(adder, 'def main():\n    import time\n    time.sleep(2)', 'def main():');
    rmSync(config);
  });

  it('under --all a filter filters: tools without a match are skipped and named', async () => {
    const r = await runPixie(['validate', '--all', '--reference-only', '--tag', 'edge', '--json'], { cwd: root });
    const reports = JSON.parse(r.stdout) as Report[];
    expect(reports.map((x) => x.tool_id)).toEqual(['adder']);
    expect(reports[0]!.fixtures.map((f) => f.file)).toEqual(['fixture_edge.json']);
    expect(r.stderr).toBe(
      'pixie: 2 of 3 tool(s) have no fixture matching the selection and are skipped: offby, slow\n',
    );
    expect(r.code).toBe(0);
  });

  it('a --tag or --fixture that matches nothing anywhere fails, listing what there is', async () => {
    const all = await runPixie(['validate', '--all', '--tag', 'nosuch'], { cwd: root });
    expect(all.stderr).toBe('pixie: --tag nosuch matched no fixture in any of 3 tool(s)\nhint: tags: edge, smoke\n');
    expect(all.code).toBe(1);
    const fixture = await runPixie(['validate', '--all', '--fixture', 'nosuch'], { cwd: root });
    expect(fixture.stderr).toBe(
      'pixie: --fixture nosuch matched no fixture in any of 3 tool(s)\nhint: fixtures: basic, edge\n',
    );
    expect(fixture.code).toBe(1);
    const one = await runPixie(['validate', 'adder', '--reference-only', '--tag', 'nosuch', '--json'], { cwd: root });
    const c12 = (JSON.parse(one.stdout) as Report).checks[11]!;
    expect(c12).toMatchObject({ status: 'fail', message: 'no fixture matched --tag nosuch' });
    expect(c12.details).toBe(
      'tags in reference/: edge, smoke; fixtures in reference/: fixture_basic.json, fixture_edge.json',
    );
    expect(one.code).toBe(1);
  });

  it('a mistake in the config stops every command with its line and a did-you-mean', async () => {
    writeFileSync(config, '{\n  "tool_dir": "tools"\n}\n');
    const r = await runPixie(['lint'], { cwd: path.join(tools, 'adder') });
    expect(r.stderr).toBe(
      `pixie: ${path.join(root, 'pixie.config.json')} has 1 problem(s):\n  ${path.join(root, 'pixie.config.json')} line 2 (tool_dir): unknown key 'tool_dir' — did you mean 'tools_dir'?\nhint: fix ${path.join(root, 'pixie.config.json')} (reference-schemas/config.schema.json lists every key), or remove it\n`,
    );
    expect(r.code).toBe(2);
    rmSync(config);
  });
});
