// What a tool can see of pixie (docs/checks.md, check 6; README, Limits and safety): a tool that
// reads /proc/<pid>/environ of every process it can, and once more from beneath its /proc, finds no
// secret of pixie's environment it was not given, and the report calls it withheld; where the tool
// shares pixie's process namespace (forced here as on a kernel that allows none), the report says
// plainly that the tool could read it, under `readable`, and check 6 warns with the fix. The same
// for pixie run without root, through a user namespace. Bound: the secret's value in no output.
import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { SECRET, SECRET_ENV } from './helpers/hostile.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

const TOOL = path.join(REPO_ROOT, 'test', 'tools', 'hostile-reads-environ');
const NOBODY = 65534;

/** Whether a user other than the owner can reach `file` (each folder above it searchable, it readable). */
function othersCanRead(file: string): boolean {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false;
    if (dir === path.dirname(dir)) return (statSync(file).mode & 0o004) !== 0;
  }
}
// a checkout in a private folder (mktemp -d makes it 0700) cannot be run by another user at all
const nobodyCanRun = othersCanRead(path.join(REPO_ROOT, 'bin', 'pixie.js'));
if (process.getuid?.() === 0 && !nobodyCanRun)
  console.log(
    `skipped the test run without root: ${REPO_ROOT} is not readable by other users (chmod o+rx each folder above it to run it)`,
  );

async function validate(env: NodeJS.ProcessEnv, opts: { uid?: number } = {}): Promise<Report> {
  const r = await runPixie(['validate', TOOL, '--json'], { env: { ...SECRET_ENV, ...env }, ...opts });
  expect(r.stdout + r.stderr).not.toContain(SECRET);
  expect(r.code, r.stderr).toBe(0);
  expect(processesUnder(TOOL)).toEqual([]);
  return JSON.parse(r.stdout) as Report;
}

/** The tool's own count of processes it read the secret from, from check 8's sample run. */
const found = (r: Report) => (r.sample_output as { found: number; seen: number }).found;

function expectWithheld(report: Report): void {
  expect(found(report)).toBe(0);
  expect(report.environment!.withheld).toContain('PIXIE_HOSTILE_SECRET');
  expect(report.environment!.readable).toBeUndefined();
  expect(report.checks[5]).toMatchObject({ status: 'pass', message: expect.stringMatching(/^\/healthz returned 200/) });
}

function expectSaidReadable(report: Report, because: RegExp): void {
  expect(report.environment!.withheld).toEqual([]);
  expect(report.environment!.readable).toContain('PIXIE_HOSTILE_SECRET');
  expect(report.environment!.readable_because).toMatch(because);
  expect(report.checks[5]!.status).toBe('warn');
  expect(report.checks[5]!.message).toMatch(
    /^the tool could read \d+ variable\(s\) of pixie's environment it was not given \(.*\) in \/proc\/<pid>\/environ of pixie's processes: it ran in pixie's process namespace \(/,
  );
  expect(report.checks[5]!.details).toMatch(/so that each tool runs in a PID namespace of its own/);
}

describe("the tool cannot see pixie's processes", () => {
  it('in a PID namespace of its own, every /proc/*/environ it reads holds none of what pixie withholds', async () => {
    const report = await validate({});
    expectWithheld(report);
    // it sees its own namespace: its init, itself and what it started to look
    expect((report.sample_output as { seen: number }).seen).toBeLessThan(10);
  }, 60_000);

  it("in pixie's namespace it reads the secret, and the report says so instead of calling it withheld", async () => {
    const report = await validate({ PIXIE_TEST_SHARED_PROCESSES: '1' });
    expect(found(report)).toBeGreaterThan(0);
    expectSaidReadable(report, /^PIXIE_TEST_SHARED_PROCESSES is set, for pixie's own tests$/);
  }, 60_000);

  it('without python3 (no subreaper) the report says the tool could read it', async () => {
    const report = await validate({ PATH: mkdtempSync(path.join(os.tmpdir(), 'pixie-no-python-')) });
    expectSaidReadable(report, /^no subreaper: python3 was not found on PATH$/);
  }, 60_000);

  it.runIf(process.platform === 'linux' && process.getuid?.() === 0 && nobodyCanRun)(
    'run by a user without root, the tool is isolated through a user namespace, or the report says it was not',
    async () => {
      const report = await validate({ HOME: '/tmp' }, { uid: NOBODY });
      if (report.environment!.readable) expectSaidReadable(report, /the kernel refused/);
      else expectWithheld(report);
    },
    60_000,
  );
});
