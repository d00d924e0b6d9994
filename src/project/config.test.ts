// pixie.config: found by walking up, checked with lines and "did you mean", paths relative to the
// file, and overridden by $PIXIE_TOOLS_DIR and flags.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PixieError } from '../errors.js';
import { loadProjectConfig } from './config.js';
import { loadProject } from './project.js';
import { findProjectRoot } from './root.js';

function dir(files: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'pixie-config-'));
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    writeFileSync(path.join(root, f), text);
  }
  return root;
}

function problem(file: string): string {
  try {
    loadProjectConfig(file);
  } catch (err) {
    expect(err).toBeInstanceOf(PixieError);
    expect((err as PixieError).exitCode).toBe(2);
    return (err as PixieError).message;
  }
  throw new Error('the config loaded');
}

describe('loadProjectConfig', () => {
  it('resolves paths against the file, normalises tolerances and keeps the rest', () => {
    const root = dir({
      'pixie.config.yaml':
        'tools_dir: packages/tools\njobs: 3\nreporters: { junit: out/pixie.xml }\ntolerances:\n  number: { atol: 0.01 }\nenv: { pass: [DATABASE_URL] }\nlimits: { startup_timeout_seconds: 90 }\n',
    });
    const c = loadProjectConfig(path.join(root, 'pixie.config.yaml'));
    expect(c).toEqual({
      file: path.join(root, 'pixie.config.yaml'),
      toolsDir: path.join(root, 'packages', 'tools'),
      jobs: 3,
      reporters: { junit: path.join(root, 'out', 'pixie.xml') },
      tolerances: { number: { abs: 0.01 } },
      passEnv: ['DATABASE_URL'],
      limits: { startup_timeout_seconds: 90 },
    });
  });

  it('names every problem with its line and a did-you-mean', () => {
    const root = dir({
      'pixie.config.json': `{
  "tools_dri": "tools",
  "jobs": 0,
  "env": { "pass": ["OK_NAME", "1BAD"] },
  "limits": { "startup_timeout": 5 },
  "tolerances": { "numbr": {}, "number": { "abss": 1 }, "image": { "compare": "pixle" } }
}
`,
    });
    const message = problem(path.join(root, 'pixie.config.json'));
    expect(message.split('\n')).toEqual([
      expect.stringMatching(/pixie\.config\.json has 7 problem\(s\):$/),
      expect.stringMatching(
        /^ {2}.*pixie\.config\.json line 2 \(tools_dri\): unknown key 'tools_dri' — did you mean 'tools_dir'\?$/,
      ),
      expect.stringMatching(/line 3 \(jobs\): 'jobs' must be ≥ 1, got 0$/),
      expect.stringMatching(/line 4 \(env\.pass\[1\]\): 'env\.pass\[1\]' is not an environment variable name/),
      expect.stringMatching(
        /line 5 \(limits\.startup_timeout\): unknown key 'startup_timeout' in limits — did you mean 'startup_timeout_seconds'\?$/,
      ),
      expect.stringMatching(
        /line 6 \(tolerances\.numbr\): unknown key 'numbr' in tolerances — did you mean 'number'\?$/,
      ),
      expect.stringMatching(
        /line 6 \(tolerances\.number\.abss\): unknown tolerance key 'abss' for number outputs — did you mean 'abs'\?$/,
      ),
      expect.stringMatching(
        /line 6 \(tolerances\.image\.compare\): unknown compare mode 'pixle' for image outputs — did you mean 'pixel'\?$/,
      ),
    ]);
  });

  it('a YAML syntax error is one located sentence', () => {
    const root = dir({ 'pixie.config.yaml': 'tools_dir: tools\nenv: { pass: [A\n' });
    expect(problem(path.join(root, 'pixie.config.yaml'))).toMatch(/pixie\.config\.yaml line 2: YAML syntax error/);
  });
});

describe('the project root', () => {
  const saved = process.env.PIXIE_TOOLS_DIR;
  afterEach(() => {
    if (saved === undefined) delete process.env.PIXIE_TOOLS_DIR;
    else process.env.PIXIE_TOOLS_DIR = saved;
  });

  it('is the nearest folder with a config, from any subfolder', () => {
    const root = dir({ 'pixie.config.json': '{"tools_dir": "my-tools"}', 'my-tools/a/reference/x': '' });
    const project = loadProject({ cwd: path.join(root, 'my-tools', 'a', 'reference') });
    expect(project.root).toEqual({ dir: root, configFile: path.join(root, 'pixie.config.json'), foundBy: 'config' });
    expect(project.toolsDir).toBe(path.join(root, 'my-tools'));
  });

  it('without a config: the folder holding tools/, skipping a Node tool’s own package.json', () => {
    const root = dir({ 'package.json': '{}', 'tools/a/tool.json': '{}', 'tools/a/package.json': '{}' });
    expect(findProjectRoot(path.join(root, 'tools', 'a'))).toMatchObject({ dir: root, foundBy: 'tools folder' });
    const noTools = dir({ 'package.json': '{}', 'src/x/tool.json': '{}', 'src/x/package.json': '{}' });
    expect(findProjectRoot(path.join(noTools, 'src', 'x'))).toMatchObject({ dir: noTools, foundBy: 'package.json' });
  });

  it('--tools-dir beats $PIXIE_TOOLS_DIR, which beats the config', () => {
    const root = dir({ 'pixie.config.json': '{"tools_dir": "from-config"}' });
    expect(loadProject({ cwd: root }).toolsDir).toBe(path.join(root, 'from-config'));
    process.env.PIXIE_TOOLS_DIR = 'from-env';
    expect(loadProject({ cwd: root }).toolsDir).toBe(path.join(root, 'from-env'));
    expect(loadProject({ cwd: root, toolsDir: 'from-flag' }).toolsDir).toBe(path.join(root, 'from-flag'));
  });
});
