// Hostile tool folders, built in temporary directories: files linked to /proc/self/environ, to
// /dev/zero or out of the tool, a FIFO, an entrypoint outside the folder, a byte-order mark, a file
// above the size limit, a dangling link among the tools. Each asserts the verdict, the message, the
// exit code, pixie's peak memory, that nothing was written, that no process is left and that the
// fake secret in pixie's environment appears in no output.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { copyTool, SECRET, SECRET_ENV, snapshot, tempDir } from './helpers/hostile.js';
import { runPixieMeasured } from './helpers/measured.js';
import { runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

const check = (r: Report, n: number) => r.checks[n - 1]!;

/** good-node with one passing fixture, in a fresh tools folder. */
function victim(): { toolsDir: string; dir: string } {
  const toolsDir = tempDir('files');
  const dir = copyTool('good-node', toolsDir);
  mkdirSync(path.join(dir, 'reference'));
  writeFileSync(
    path.join(dir, 'reference', 'fixture_basic.json'),
    `${JSON.stringify({ name: 'basic', inputs: { a: 2, b: 3 }, expected_outputs: { total: 5 } }, null, 2)}\n`,
  );
  return { toolsDir, dir };
}

/** Every report format and lint for `dir`, with the fake secret in pixie's environment. */
async function everyOutput(dir: string): Promise<{ json: Report; code: number; texts: Record<string, string> }> {
  const work = tempDir('outputs');
  const junit = path.join(work, 'r.xml');
  const html = path.join(work, 'r.html');
  const env = { ...SECRET_ENV, GITHUB_ACTIONS: 'true' };
  const pretty = await runPixie(['validate', dir, '--junit', junit, '--html', html], { env });
  const json = await runPixie(['validate', dir, '--json'], { env });
  const lint = await runPixie(['lint', dir], { env });
  const lintJson = await runPixie(['lint', dir, '--json'], { env });
  expect(json.code).toBe(pretty.code);
  return {
    json: JSON.parse(json.stdout) as Report,
    code: json.code,
    texts: {
      pretty: pretty.stdout + pretty.stderr,
      json: json.stdout + json.stderr,
      junit: readFileSync(junit, 'utf8'),
      html: readFileSync(html, 'utf8'),
      lint: lint.stdout + lint.stderr,
      lintJson: lintJson.stdout + lintJson.stderr,
    },
  };
}

function expectNoSecret(texts: Record<string, string>): void {
  for (const [name, text] of Object.entries(texts))
    expect(text.includes(SECRET), `${name} leaks the secret`).toBe(false);
}

describe('hostile tool folders', () => {
  it('tolerance.yaml linked to /proc/self/environ is refused, never read, and the environment is echoed nowhere', async () => {
    const { dir } = victim();
    symlinkSync('/proc/self/environ', path.join(dir, 'reference', 'tolerance.yaml'));
    const before = snapshot(dir);
    const { json, code, texts } = await everyOutput(dir);
    expect(code).toBe(1);
    expect(check(json, 12).status).toBe('fail');
    expect(check(json, 12).findings).toEqual([
      expect.objectContaining({
        code: 'outside-tool',
        file: 'reference/tolerance.yaml',
        message: expect.stringMatching(
          /^could not read the file \(OUTSIDE\): it is a symbolic link to \/proc\/\d+\/environ, outside the tool folder; pixie reads only files inside the tool folder, so copy the file into the folder instead of linking to it$/,
        ),
      }),
    ]);
    expect(texts.lint).toMatch(/reference\/tolerance\.yaml: error: could not read the file \(OUTSIDE\)/);
    expectNoSecret(texts);
    expect(snapshot(dir)).toEqual(before);
    expect(processesUnder(dir)).toEqual([]);
  }, 90_000);

  it('a fixture linked to a JSON file outside the tool leaks none of its keys or values', async () => {
    const { toolsDir, dir } = victim();
    const outside = path.join(toolsDir, '..', `outside-${path.basename(toolsDir)}.json`);
    writeFileSync(
      outside,
      JSON.stringify({ name: SECRET, inputs: { [SECRET]: 1 }, expected_outputs: { [SECRET]: SECRET } }),
    );
    symlinkSync(outside, path.join(dir, 'reference', 'fixture_stolen.json'));
    const before = { tool: snapshot(dir), outside: readFileSync(outside, 'utf8') };
    const { json, code, texts } = await everyOutput(dir);
    expect(code).toBe(1);
    expect(check(json, 12).findings).toEqual([
      expect.objectContaining({ code: 'outside-tool', file: 'reference/fixture_stolen.json' }),
    ]);
    expectNoSecret(texts);
    expect({ tool: snapshot(dir), outside: readFileSync(outside, 'utf8') }).toEqual(before);
    expect(processesUnder(dir)).toEqual([]);
  }, 90_000);

  it('a fixture that is /dev/zero or a FIFO is named and skipped at once, never read', async () => {
    const { dir } = victim();
    symlinkSync('/dev/zero', path.join(dir, 'reference', 'fixture_zero.json'));
    execFileSync('mkfifo', [path.join(dir, 'reference', 'fixture_pipe.json')]);
    // /dev/zero inside the tool: only a link can put a device there, so the link target is outside
    const before = snapshot(dir);
    const r = await runPixieMeasured(['validate', dir, '--json'], { timeoutMs: 60_000 });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    expect(check(report, 12).findings?.map((f) => [f.code, f.file, f.message])).toEqual([
      [
        'unreadable-file',
        'reference/fixture_pipe.json',
        'could not read the file (FIFO): it is a named pipe (FIFO), not a regular file; replace it with a regular file',
      ],
      [
        'outside-tool',
        'reference/fixture_zero.json',
        'could not read the file (OUTSIDE): it is a symbolic link to /dev/zero, outside the tool folder; pixie reads only files inside the tool folder, so copy the file into the folder instead of linking to it',
      ],
    ]);
    // before: a FIFO hung pixie for ever and /dev/zero grew it to 15 GB
    expect(r.peakMb).toBeLessThan(300);
    expect(snapshot(dir)).toEqual(before);
    expect(processesUnder(dir)).toEqual([]);
  }, 90_000);

  it('tool.json or package.json linked out of the tool fails check 1; neither is read', async () => {
    const { toolsDir, dir } = victim();
    const elsewhere = path.join(toolsDir, '..', `elsewhere-${path.basename(toolsDir)}`);
    mkdirSync(elsewhere);
    for (const f of ['tool.json', 'package.json']) {
      writeFileSync(path.join(elsewhere, f), readFileSync(path.join(dir, f)));
      rmSync(path.join(dir, f));
    }
    symlinkSync(path.join(elsewhere, 'tool.json'), path.join(dir, 'tool.json'));
    symlinkSync('/dev/zero', path.join(dir, 'package.json'));
    const r = await runPixie(['validate', dir, '--json'], { env: SECRET_ENV });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    expect(check(report, 1).status).toBe('fail');
    expect(check(report, 1).findings?.map((f) => [f.code, f.file])).toEqual([
      ['outside-tool', 'tool.json'],
      ['outside-tool', 'package.json'],
    ]);
    expect(check(report, 2).message).toMatch(
      /^could not read tool\.json: tool\.json could not be read: it is a symbolic link to .*elsewhere-[^,]*\/tool\.json, outside the tool folder — pixie reads only files inside the tool folder/,
    );
    expect(check(report, 6).status).toBe('skip');
    expect(processesUnder(dir)).toEqual([]);
  }, 60_000);

  it('an entrypoint outside the tool folder fails check 1 and is never run', async () => {
    const { toolsDir, dir } = victim();
    const outsideDir = path.join(toolsDir, '..', 'outside');
    mkdirSync(outsideDir, { recursive: true });
    const marker = path.join(toolsDir, 'evil-ran');
    writeFileSync(
      path.join(outsideDir, 'evil.mjs'),
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\n`,
    );
    const manifest = JSON.parse(readFileSync(path.join(dir, 'tool.json'), 'utf8'));
    writeFileSync(path.join(dir, 'tool.json'), JSON.stringify({ ...manifest, entrypoint: '../../outside/evil.mjs' }));
    const r = await runPixie(['validate', dir, '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    expect(check(report, 1)).toMatchObject({
      status: 'fail',
      message:
        '1 folder problem(s): ../../outside/evil.mjs: it is outside the tool folder; move it into the tool folder and name it relative to the folder',
    });
    expect(check(report, 6).status).toBe('skip');
    expect(existsSync(marker)).toBe(false);
    expect(processesUnder(dir)).toEqual([]);
  }, 60_000);

  it('a tool.json with a UTF-8 byte-order mark and a non-default entrypoint passes', async () => {
    const { dir } = victim();
    const manifest = JSON.parse(readFileSync(path.join(dir, 'tool.json'), 'utf8'));
    writeFileSync(path.join(dir, 'server.js'), readFileSync(path.join(dir, 'main.js')));
    rmSync(path.join(dir, 'main.js'));
    writeFileSync(
      path.join(dir, 'tool.json'),
      `\ufeff${JSON.stringify({ ...manifest, entrypoint: 'server.js' }, null, 2)}`,
    );
    const r = await runPixie(['validate', dir, '--json']);
    const report = JSON.parse(r.stdout) as Report;
    expect(check(report, 1)).toMatchObject({
      status: 'pass',
      message: 'tool.json, server.js, package.json present and readable',
    });
    expect(report.overall).toBe('pass');
    expect(r.code).toBe(0);
    expect(processesUnder(dir)).toEqual([]);
  }, 60_000);

  it('a fixture above the file limit is refused with its size, the limit and the variable that raises it', async () => {
    const { dir } = victim();
    const big = {
      name: 'big',
      inputs: { a: 2, b: 3 },
      expected_outputs: { total: 5 },
      description: 'd'.repeat(2 * 1024 * 1024),
    };
    writeFileSync(path.join(dir, 'reference', 'fixture_big.json'), JSON.stringify(big));
    const r = await runPixie(['lint', dir], { env: { PIXIE_MAX_FILE_MB: '1' } });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'reference/fixture_big.json: error: could not read the file (TOO_LARGE): it is 2 MiB, above the 1 MiB (PIXIE_MAX_FILE_MB) pixie reads from a tool folder; make it smaller or raise the limit',
    );
    expect((await runPixie(['lint', dir])).code).toBe(0);
  }, 60_000);

  it('reference/ linked to a folder outside the tool is refused as a whole; none of its names are listed', async () => {
    const { toolsDir, dir } = victim();
    const foreign = path.join(toolsDir, '..', `foreign-${path.basename(toolsDir)}`);
    mkdirSync(foreign);
    writeFileSync(
      path.join(foreign, 'fixture_basic.json'),
      readFileSync(path.join(dir, 'reference', 'fixture_basic.json')),
    );
    writeFileSync(path.join(foreign, `${SECRET}.txt`), 'private');
    rmSync(path.join(dir, 'reference'), { recursive: true });
    symlinkSync(foreign, path.join(dir, 'reference'));
    const { json, code, texts } = await everyOutput(dir);
    expect(code).toBe(1);
    expect(check(json, 12).findings).toEqual([
      expect.objectContaining({
        code: 'outside-tool',
        file: 'reference',
        message: expect.stringMatching(
          /^could not read the folder \(OUTSIDE\): it resolves to .*, outside the tool folder; make reference\/ a real folder inside the tool$/,
        ),
      }),
    ]);
    expectNoSecret(texts);
    expect(processesUnder(dir)).toEqual([]);
  }, 90_000);

  it('a dangling link in the tools folder is skipped with a warning; the other tools are validated and linted', async () => {
    const { toolsDir } = victim();
    symlinkSync(path.join(toolsDir, 'nowhere'), path.join(toolsDir, 'ghost'));
    const all = await runPixie(['validate', '--all', '--tools-dir', toolsDir, '--json']);
    expect(all.code).toBe(0);
    expect((JSON.parse(all.stdout) as Report[]).map((r) => [r.tool_id, r.overall])).toEqual([['good-node', 'pass']]);
    expect(all.stderr).toMatch(/^pixie: warning: skipped pixie-files-\w+\/ghost: it is a symbolic link to nothing$/m);
    const lint = await runPixie(['lint', '--tools-dir', toolsDir]);
    expect(lint.code).toBe(0);
    expect(lint.stdout).toContain('pixie lint: 1 tool(s), no problems');
    expect(lint.stderr).toMatch(/skipped pixie-files-\w+\/ghost: it is a symbolic link to nothing/);
  }, 90_000);
});

describe('hostile files the project or the user names', () => {
  /** A project with good-node under tools/ and `pixie.config.json` made by `make`. */
  function project(make: (config: string) => void): string {
    const root = tempDir('project-files');
    copyTool('good-node', path.join(root, 'tools'));
    make(path.join(root, 'pixie.config.json'));
    return root;
  }

  it('a pixie.config.json that is a FIFO, a link to /dev/zero or to /proc/self/environ is one sentence, at once, echoing nothing', async () => {
    const cases: [(config: string) => void, RegExp][] = [
      [
        (c) => execFileSync('mkfifo', [c]),
        /^it is a named pipe \(FIFO\), not a regular file\nhint: replace it with a regular file, or remove it\n$/,
      ],
      [
        (c) => symlinkSync('/dev/zero', c),
        /^it is a character device, not a regular file\nhint: replace it with a regular file, or remove it\n$/,
      ],
      [
        (c) => symlinkSync('/proc/self/environ', c),
        /^it is \/proc\/\d+\/environ, a file the kernel makes up \(\/proc, \/sys\), not a file of the project\nhint: name a file of the project, or remove it\n$/,
      ],
    ];
    for (const [make, says] of cases) {
      const root = project(make);
      const r = await runPixieMeasured(['validate', '--all'], { cwd: root, env: SECRET_ENV, timeoutMs: 30_000 });
      expect(r.code).toBe(2);
      const prefix = `pixie: cannot read ${path.join(root, 'pixie.config.json')}: `;
      expect(r.stderr.startsWith(prefix)).toBe(true);
      expect(r.stderr.slice(prefix.length)).toMatch(says);
      expect(r.stdout).toBe('');
      expect(r.stderr).not.toContain(SECRET);
      // before: a FIFO hung pixie for ever, /dev/zero grew it without bound
      expect(r.peakMb).toBeLessThan(300);
      expect(processesUnder(root)).toEqual([]);
    }
  }, 120_000);

  it('report merge and --durations refuse a FIFO or a device they are handed, at once', async () => {
    const work = tempDir('named-files');
    const fifo = path.join(work, 'report.json');
    execFileSync('mkfifo', [fifo]);
    const merge = await runPixie(['report', 'merge', fifo, '/dev/zero', '--json', path.join(work, 'merged.json')], {
      timeoutMs: 30_000,
    });
    expect(merge.code).toBe(2);
    expect(merge.stderr).toBe(
      `pixie: cannot read report ${fifo}: it is a named pipe (FIFO), not a regular file\nhint: pass a file written by pixie validate --json (or pixie report merge --json)\n`,
    );
    const { dir } = victim();
    const durations = await runPixie(['validate', dir, '--shard', '1/2', '--durations', '/dev/zero'], {
      timeoutMs: 30_000,
    });
    expect(durations.code).toBe(2);
    expect(durations.stderr).toContain(
      'pixie: cannot read report /dev/zero: it is a character device, not a regular file',
    );
  }, 90_000);
});
