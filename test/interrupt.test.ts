// Never leak a process (docs/checks.md, clean_shutdown): Ctrl-C, a plain kill, or SIGKILL of pixie itself while a tool is
// mid-run must leave nothing of the tool alive.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PIXIE_BIN, REPO_ROOT, runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(cond: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (cond()) return true;
    await sleep(50);
  }
  return cond();
}

/** A Python tool whose /run hangs for a minute, so pixie is interrupted mid-check. */
async function hangingTool(): Promise<string> {
  const toolsDir = mkdtempSync(path.join(os.tmpdir(), 'pixie-interrupt-'));
  const r = await runPixie(['new', 'hangs', '--runtime', 'python', '--tools-dir', toolsDir]);
  expect(r.code).toBe(0);
  const dir = path.join(toolsDir, 'hangs');
  const main = path.join(dir, 'main.py');
  writeFileSync(
    main,
    readFileSync(main, 'utf8').replace(
      '    def do_POST(self):\n',
      '    def do_POST(self):\n        import time; time.sleep(60)\n',
    ),
  );
  return dir;
}

describe('an interrupted pixie leaves no tool process', () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGKILL'] as const) {
    it(`after ${signal} during POST /run`, async () => {
      const dir = await hangingTool();
      const child = spawn(process.execPath, [PIXIE_BIN, 'validate', dir], { cwd: REPO_ROOT, stdio: 'ignore' });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      // wait until the tool is up and pixie is inside the sample run
      expect(await waitFor(() => processesUnder(dir).length > 0, 20_000)).toBe(true);
      await sleep(1500);
      child.kill(signal);
      const code = await exited;
      if (signal === 'SIGINT') expect(code).toBe(130);
      if (signal === 'SIGTERM') expect(code).toBe(143);
      // SIGKILL gives pixie no chance: its reaper process notices and stops the tool group
      expect(await waitFor(() => processesUnder(dir).length === 0, 8000), JSON.stringify(processesUnder(dir))).toBe(
        true,
      );
    });
  }
});

describe('pixie new', () => {
  for (const runtime of ['node', 'python'] as const) {
    it(`scaffolds a ${runtime} tool that passes every check with one passing fixture`, async () => {
      // inside the repository, so a node tool finds hono in the repository's node_modules
      mkdirSync(path.join(REPO_ROOT, 'test-artifacts'), { recursive: true });
      const toolsDir = mkdtempSync(path.join(REPO_ROOT, 'test-artifacts', 'pixie-new-'));
      const made = await runPixie(['new', 'adder', '--runtime', runtime, '--tools-dir', toolsDir]);
      expect(made.code).toBe(0);
      expect(made.stdout).toContain('created');
      const r = await runPixie(['validate', 'adder', '--tools-dir', toolsDir, '--json']);
      const report = JSON.parse(r.stdout);
      const notPassing = report.checks.filter(
        (c: { status: string; number: number }) => c.status !== 'pass' && !(c.number === 10 && c.status === 'skip'),
      );
      expect(notPassing).toEqual([]);
      expect(report.fixtures).toHaveLength(1);
      expect(report.fixtures[0].status).toBe('pass');
      expect(r.code).toBe(0);
    });
  }

  it('refuses a bad id and an existing folder with one clear line', async () => {
    const toolsDir = mkdtempSync(path.join(os.tmpdir(), 'pixie-new-'));
    const bad = await runPixie(['new', 'Bad_Id', '--tools-dir', toolsDir]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/not a valid tool id/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
    await runPixie(['new', 'twice', '--tools-dir', toolsDir]);
    const again = await runPixie(['new', 'twice', '--tools-dir', toolsDir]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already exists/);
  });
});
