// pixie's own state (.pixie/: pending results, the service's reports) as a hostile repository ships
// it (README, Limits and safety): a fixture's pending folder linked to the project root or to .git,
// the service's report folder linked out, .pixie itself a link. validate (passing and failing),
// --update-fixtures, accept, reject, review and serve must change nothing outside .pixie/ but the
// fixture they were asked to update; a link in .pixie/ is replaced, never written or deleted through.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/server/app.js';
import { copyTool, snapshot, tempDir } from './helpers/hostile.js';
import { runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

const FIXTURE = path.join('tools', 'good-node', 'reference', 'fixture_basic.json');

/** A git repository with top-level files and good-node, whose one fixture expects `total`. */
function repository(total: number): string {
  const root = tempDir('state');
  writeFileSync(path.join(root, 'README.md'), '# a project\n');
  writeFileSync(path.join(root, 'package.json'), '{ "private": true }\n');
  writeFileSync(path.join(root, '.gitignore'), 'node_modules/\n');
  const dir = copyTool('good-node', path.join(root, 'tools'));
  mkdirSync(path.join(dir, 'reference'));
  writeFileSync(
    path.join(root, FIXTURE),
    `${JSON.stringify({ name: 'basic', inputs: { a: 2, b: 3 }, expected_outputs: { total } }, null, 2)}\n`,
  );
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
  git('init', '-q');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init');
  return root;
}

/** Everything in the repository but pixie's state (and, when named, the fixture an update may write). */
function outside(root: string, except: string[] = []): Record<string, string> {
  return Object.fromEntries(
    Object.entries(snapshot(root)).filter(([rel]) => !rel.startsWith('.pixie') && !except.includes(rel)),
  );
}

/** `rel` under .pixie as a link to `target` (relative to the link), its folders made first. */
function link(root: string, rel: string, target: string): void {
  mkdirSync(path.dirname(path.join(root, '.pixie', rel)), { recursive: true });
  symlinkSync(target, path.join(root, '.pixie', rel));
}

const gitStatus = (root: string) => execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' });
const isRealFolder = (p: string) => lstatSync(p).isDirectory();

describe("pixie's own state is as untrusted as a tool folder", () => {
  it('a passing validate never deletes through a pending folder linked to the project root', async () => {
    const root = repository(5);
    link(root, 'pending/good-node/fixture_basic', '../../..');
    const before = outside(root);
    const r = await runPixie(['validate', 'good-node'], { cwd: root });
    expect(r.code, r.stderr).toBe(0);
    expect(outside(root)).toEqual(before);
    expect(gitStatus(root)).toBe('?? .pixie/\n');
    expect(processesUnder(root)).toEqual([]);
  }, 60_000);

  it('a failing validate records inside .pixie/, replacing a link to the project root or to .git', async () => {
    for (const target of ['../../..', '../../../.git']) {
      const root = repository(4);
      link(root, 'pending/good-node/fixture_basic', target);
      const before = outside(root);
      const r = await runPixie(['validate', 'good-node'], { cwd: root });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('pixie: 1 pending change(s) in .pixie/pending/good-node');
      expect(outside(root)).toEqual(before);
      expect(gitStatus(root)).toBe('?? .pixie/\n');
      const folder = path.join(root, '.pixie', 'pending', 'good-node', 'fixture_basic');
      expect(isRealFolder(folder)).toBe(true);
      expect(JSON.parse(readFileSync(path.join(folder, 'total.new.json'), 'utf8'))).toBe(5);
    }
  }, 90_000);

  it('--update-fixtures, accept and reject change only the fixture they update; a linked pending folder is named, not followed', async () => {
    const root = repository(4);
    // a real pending change for fixture_basic, then links named like fixture folders beside it
    expect((await runPixie(['validate', 'good-node'], { cwd: root })).code).toBe(1);
    link(root, 'pending/good-node/fixture_zz', '../../..');
    link(root, 'pending/good-node/fixture_git', '../../../.git');
    const before = outside(root, [FIXTURE]);
    const rejected = await runPixie(['reject', 'good-node'], { cwd: root });
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(rejected.stderr).toMatch(/fixture_git in .* is not a folder pixie made \(a link, say\); remove it/);
    expect(outside(root, [FIXTURE])).toEqual(before);
    expect(readFileSync(path.join(root, FIXTURE), 'utf8')).toContain('"total": 4');

    expect((await runPixie(['validate', 'good-node'], { cwd: root })).code).toBe(1);
    const accepted = await runPixie(['accept', 'good-node'], { cwd: root });
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(readFileSync(path.join(root, FIXTURE), 'utf8')).toContain('"total": 5');
    // review of what is left (nothing): it reads the same folders the same way
    const review = await runPixie(['review', 'good-node'], { cwd: root });
    expect(review.stdout + review.stderr).not.toContain('README');

    writeFileSync(path.join(root, FIXTURE), readFileSync(path.join(root, FIXTURE), 'utf8').replace('5', '4'));
    link(root, 'pending/good-node/fixture_basic', '../../..');
    const update = await runPixie(['validate', 'good-node', '--update-fixtures', '--yes'], { cwd: root });
    expect(update.code, update.stderr).toBe(0);
    expect(readFileSync(path.join(root, FIXTURE), 'utf8')).toContain('"total": 5');
    expect(outside(root, [FIXTURE])).toEqual(before);
    expect(gitStatus(root)).toBe(` M ${FIXTURE}\n?? .pixie/\n`);
  }, 120_000);

  it('.pixie itself linked out of the project is refused with a sentence; nothing is written through it', async () => {
    const root = repository(4);
    const elsewhere = tempDir('elsewhere');
    symlinkSync(elsewhere, path.join(root, '.pixie'));
    const r = await runPixie(['validate', 'good-node'], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `pixie: warning: pending results: could not record pending results: ${path.join(root, '.pixie')} is a symbolic link; pixie keeps its state only in a real folder, so remove the link`,
    );
    expect(snapshot(elsewhere)).toEqual({ '.': expect.stringMatching(/^dir /) });
  }, 60_000);

  it("serve's reports never follow a report folder linked to the project root", async () => {
    const root = repository(4);
    link(root, 'reports/good-node', '../..');
    const before = outside(root);
    const { app, store } = createApp({ toolsDir: path.join(root, 'tools') });
    const res = await app.request('/api/tools/good-node/validate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(outside(root)).toEqual(before);
    expect(isRealFolder(path.join(root, '.pixie', 'reports', 'good-node'))).toBe(true);
    expect(store.files('good-node')).toHaveLength(1);
    expect(processesUnder(root)).toEqual([]);
  }, 60_000);
});
