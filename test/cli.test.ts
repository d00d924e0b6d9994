// The mistakes a user makes at the command line, through the real `bin/pixie.js` in a child
// process: exit codes, one clear line instead of a stack trace, and the fix in the output.
// The tools live in test/tools/cli/ (not the catalogue folders, see the README there).
import path from 'node:path';
import { describe, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

const CLI_TOOLS = path.join('test', 'tools', 'cli');
/** a stack frame line, as Node prints them */
const STACK_FRAME = /^\s+at /m;

const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

describe.concurrent('pixie CLI: user mistakes', () => {
  it('an unknown tool id exits 2 with one line naming the folder looked for and a did-you-mean', async ({ expect }) => {
    const r = await runPixie(['validate', 'compound-intrest']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(STACK_FRAME);
    const [first, ...rest] = lines(r.stderr);
    expect(first).toMatch(/unknown tool 'compound-intrest'/);
    expect(first).toContain(path.join('tools', 'compound-intrest'));
    expect(first).toMatch(/did you mean 'compound-interest'\?/);
    // at most one hint line after it
    expect(rest.length).toBeLessThanOrEqual(1);
    for (const l of rest) expect(l).toMatch(/^hint: /);
  });

  it('an unknown tool id under --tools-dir names that folder', async ({ expect }) => {
    const r = await runPixie(['validate', 'good-nod', '--tools-dir', path.join('test', 'tools')]);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(lines(r.stderr)[0]).toMatch(
      new RegExp(
        `no folder ${path.join('test', 'tools', 'good-nod').replace(/[/.]/g, '\\$&')} — did you mean 'good-node'\\?`,
      ),
    );
  });

  it('a path to a folder that does not exist exits 2 without a stack trace', async ({ expect }) => {
    const r = await runPixie(['validate', './test/tools/no-such-folder']);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(lines(r.stderr)[0]).toMatch(/no tool folder at \.\/test\/tools\/no-such-folder/);
  });

  it('a misspelt flag exits 2 without a stack trace and suggests the flag', async ({ expect }) => {
    const r = await runPixie(['validate', path.join(CLI_TOOLS, 'good'), '--jsn']);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(r.stderr).toMatch(/unknown option '--jsn'/);
    expect(r.stderr).toMatch(/--json/);
  });

  it('a tool.json with a trailing comma exits 1 and prints the line and the fix', async ({ expect }) => {
    const r = await runPixie(['validate', path.join(CLI_TOOLS, 'trailing-comma')]);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(r.stdout).toMatch(/tool_json_parses/);
    expect(r.stdout).toMatch(/line 12/);
    expect(r.stdout).toMatch(/trailing comma/);
    expect(r.stdout).toMatch(/remove the comma/);
  });

  it('an unknown output type exits 1 and names the type with a did-you-mean', async ({ expect }) => {
    const r = await runPixie(['validate', path.join(CLI_TOOLS, 'unknown-output-type')]);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(r.stdout).toMatch(/'chart_lines'/);
    expect(r.stdout).toMatch(/did you mean 'chart_line'\?/);
  });

  it('--json prints only the report, with 12 checks, and exits 0 for a good tool', async ({ expect }) => {
    const toolDir = path.join(REPO_ROOT, CLI_TOOLS, 'good');
    const r = await runPixie(['validate', path.join(CLI_TOOLS, 'good'), '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.checks.map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(report.overall).toBe('pass');
    expect(report.tool_id).toBe('good');
    expect(processesUnder(toolDir)).toEqual([]);
  });

  it('--json on a broken tool still prints a parseable report and exits 1', async ({ expect }) => {
    const r = await runPixie(['validate', path.join(CLI_TOOLS, 'trailing-comma'), '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.overall).toBe('fail');
    expect(report.checks).toHaveLength(12);
    expect(report.checks[1]).toMatchObject({ number: 2, status: 'fail' });
  });

  it('pixie --help exits 0 and lists the commands', async ({ expect }) => {
    const r = await runPixie(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/validate/);
    expect(r.stdout).toMatch(/new/);
  });

  it('pixie validate with no tool exits 2 with a usage hint', async ({ expect }) => {
    const r = await runPixie(['validate']);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(lines(r.stderr)[0]).toMatch(/which tool\?/);
  });
});
