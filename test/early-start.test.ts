// The tool starts first (docs/checks.md, check 6): launched before the static checks, adopted by
// check 6 when they pass (started once, not twice), and stopped unreported when a static check
// keeps check 6 from running, with nothing of it left behind.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { copyTool, tempDir } from './helpers/hostile.js';
import { runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

/** good-node, which notes each start of its process in starts.log. */
function countingTool(name: string, toolsDir = tempDir(name), as?: string): string {
  const dir = copyTool('good-node', toolsDir, as);
  const main = path.join(dir, 'main.js');
  writeFileSync(
    main,
    `import { appendFileSync } from 'node:fs';\nappendFileSync(new URL('./starts.log', import.meta.url), 'start\\n');\n${readFileSync(main, 'utf8')}`,
  );
  return dir;
}

const starts = (dir: string): number =>
  existsSync(path.join(dir, 'starts.log'))
    ? readFileSync(path.join(dir, 'starts.log'), 'utf8').split('\n').length - 1
    : 0;

describe('the tool starts first', () => {
  it('a passing tool is started once: check 6 adopts the process launched before the static checks', async () => {
    const dir = countingTool('early-adopted');
    const r = await runPixie(['validate', dir, '--json']);
    const report = JSON.parse(r.stdout) as Report;
    expect(r.code).toBe(0);
    expect(report.checks.find((c) => c.name === 'tool_spawns')).toMatchObject({
      status: 'pass',
      message: expect.stringMatching(/^\/healthz returned 200 on port \d+ after \d+\.\d s$/),
    });
    expect(starts(dir)).toBe(1);
    expect(processesUnder(dir)).toEqual([]);
  });

  it('a static failure stops the early process and is reported as before: check 6 skipped, nothing left running', async () => {
    const dir = countingTool('early-stopped');
    const manifest = JSON.parse(readFileSync(path.join(dir, 'tool.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(dir, 'tool.json'), JSON.stringify({ ...manifest, outputs: 'not a list' }));
    const r = await runPixie(['validate', dir, '--json']);
    const report = JSON.parse(r.stdout) as Report;
    expect(r.code).toBe(1);
    expect(report.checks.find((c) => c.name === 'tool_json_parses')?.status).toBe('fail');
    expect(report.checks.find((c) => c.name === 'tool_spawns')).toMatchObject({
      status: 'skip',
      message: 'skipped: check 2 tool_json_parses did not pass',
    });
    expect(starts(dir)).toBe(1); // it was started, while the checks ran
    expect(processesUnder(dir)).toEqual([]);
  });

  it('with --all, each tool is started once: the first, launched before pixie loaded its checks, is adopted too', async () => {
    const toolsDir = tempDir('early-all');
    const dirs = ['a-tool', 'b-tool'].map((as) => countingTool('early-all', toolsDir, as));
    const r = await runPixie(['validate', '--all', '--jobs', '1', '--tools-dir', toolsDir, '--json']);
    expect(r.code).toBe(0);
    const spawned = (JSON.parse(r.stdout) as Report[]).map((x) => x.checks.find((c) => c.name === 'tool_spawns'));
    expect(spawned.map((c) => c?.status)).toEqual(['pass', 'pass']);
    expect(dirs.map(starts)).toEqual([1, 1]);
    for (const d of dirs) expect(processesUnder(d)).toEqual([]);
  });

  it('a tool launched ahead of a command that then refuses its flags is stopped, nothing left running', async () => {
    const dir = countingTool('early-refused-flags');
    const r = await runPixie(['validate', dir, '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--yes only confirms --update-fixtures');
    expect(processesUnder(dir)).toEqual([]);
  });

  it('an entrypoint that is not a regular file inside the tool is never started early', async () => {
    const dir = countingTool('early-refused');
    const outside = path.join(tempDir('early-outside'), 'evil.js');
    writeFileSync(
      outside,
      "import { appendFileSync } from 'node:fs';\nappendFileSync(process.argv[1] + '.ran', 'x');\n",
    );
    const manifest = JSON.parse(readFileSync(path.join(dir, 'tool.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(
      path.join(dir, 'tool.json'),
      JSON.stringify({ ...manifest, entrypoint: path.relative(dir, outside) }),
    );
    appendFileSync(path.join(dir, 'starts.log'), '');
    const r = await runPixie(['validate', dir, '--json']);
    expect(r.code).toBe(1);
    expect(existsSync(`${outside}.ran`)).toBe(false);
    expect(starts(dir)).toBe(0);
  });
});
