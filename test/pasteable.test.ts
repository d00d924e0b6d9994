// Every command pixie suggests works pasted in the directory pixie ran in: with --tools-dir it carries
// the flag, and a tool named by a path outside the tools directory is named by that path. The --all
// table names each tool by its folder, the name those commands take. Real CLI, real tool processes.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';

const GOOD = path.join(REPO_ROOT, 'test', 'tools', 'good-python');

/** A folder holding mytools/word-tool: good-python whose tool.json id is not its folder's name, and a wrong fixture. */
function project(): { root: string; tool: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'pixie-paste-'));
  const tool = path.join(root, 'mytools', 'word-tool');
  mkdirSync(tool, { recursive: true });
  cpSync(GOOD, tool, { recursive: true });
  mkdirSync(path.join(tool, 'reference'));
  writeFileSync(
    path.join(tool, 'reference', 'fixture_words.json'),
    JSON.stringify(
      { name: 'three words', inputs: { text: 'one two three' }, expected_outputs: { word_count: 4 } },
      null,
      2,
    ),
  );
  return { root, tool };
}

/** The words of a suggested command after `pixie`, as a shell would split these simple ones. */
const command = (text: string, re: RegExp): string[] => {
  const m = re.exec(text);
  if (!m) throw new Error(`no command matching ${re} in:\n${text}`);
  return m[1]!.trim().split(/\s+/);
};

describe('commands pixie suggests, pasted where pixie ran', () => {
  let root: string;
  let tool: string;
  beforeEach(() => {
    ({ root, tool } = project());
  });

  it('with --tools-dir: the pending note, the uncovered-output hint and the --all table carry what finds the tool', async () => {
    const run = await runPixie(['validate', '--all', '--tools-dir', 'mytools'], { cwd: root });
    expect(run.code).toBe(1);
    // the table's row is the folder, not tool.json's id
    expect(run.stdout).toMatch(/^tool {7}overall .*\nword-tool {2}fail /m);
    expect(run.stderr).toContain(
      'review them with pixie review word-tool --tools-dir mytools, or pixie accept word-tool --tools-dir mytools',
    );
    expect(run.stdout).toContain('pixie validate word-tool --tools-dir mytools --update-fixtures --yes adds it');
    // pasted as printed, each works from here
    const accept = await runPixie(command(run.stderr, /or pixie (accept [^\n]*)$/m), { cwd: root });
    expect(accept.code, accept.stderr + accept.stdout).toBe(0);
    expect(
      JSON.parse(readFileSync(path.join(tool, 'reference', 'fixture_words.json'), 'utf8')).expected_outputs,
    ).toEqual({ word_count: 3 });
    const update = await runPixie(command(run.stdout, /(validate \S+ --tools-dir \S+ --update-fixtures --yes)/), {
      cwd: root,
    });
    expect(update.code, update.stderr + update.stdout).toBe(0);
    // the output no fixture asserted now has one, from the sample run
    expect(
      JSON.parse(readFileSync(path.join(tool, 'reference', 'fixture_sample.json'), 'utf8')).expected_outputs,
    ).toHaveProperty('shout', 'HELLO PIXIE TOOLS');
  }, 120_000);

  it('a tool named by its path outside any tools directory is named by that path', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'pixie-paste-cwd-'));
    const rel = path.relative(elsewhere, tool);
    const run = await runPixie(['validate', rel], { cwd: elsewhere });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`review them with pixie review ${rel}, or pixie accept ${rel}`);
    const accept = await runPixie(command(run.stderr, /or pixie (accept [^\n]*)$/m), { cwd: elsewhere });
    expect(accept.code, accept.stderr + accept.stdout).toBe(0);
  }, 120_000);

  it('under --reference-only, a tool.json that contradicts itself fails check 12 naming check 3, not the start', async () => {
    const manifest = JSON.parse(readFileSync(path.join(tool, 'tool.json'), 'utf8'));
    manifest.inputs.push({ ...manifest.inputs[0] });
    writeFileSync(path.join(tool, 'tool.json'), JSON.stringify(manifest, null, 2));
    const run = await runPixie(['validate', 'word-tool', '--tools-dir', 'mytools', '--reference-only', '--json'], {
      cwd: root,
    });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.checks[2].status).toBe('skip');
    expect(report.checks[11].status).toBe('fail');
    expect(report.checks[11].message).toBe(
      "the fixtures cannot be judged against tool.json: check 3 schemas_coherent failed: 1 schema coherence issue(s): duplicate input key: 'text'",
    );
  }, 120_000);
});
