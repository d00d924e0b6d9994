import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { comparatorFor } from '../comparators/index.js';
import type { Manifest } from '../model/manifest.js';
import { extensionOf, fileRefNameProblem, mediaBytesOf } from './file-refs.js';
import { loadFixtures } from './load.js';
import { strayReferenceFiles } from './stray-files.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const manifest = {
  id: 'badge',
  name: 'Badge',
  inputs: [{ key: 'n', type: 'number', label: 'N' }],
  outputs: [
    { key: 'badge', type: 'image', label: 'Badge' },
    { key: 'count', type: 'number', label: 'Count' },
  ],
} as unknown as Manifest;

function tool(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pixie-refs-'));
  mkdirSync(path.join(dir, 'reference'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, 'reference', name), content);
  return dir;
}

const fixture = (expected: Record<string, unknown>) =>
  JSON.stringify({ name: 'a', inputs: { n: 1 }, expected_outputs: expected }, null, 2);

describe('{"$file": …} expected values', () => {
  it('are read from reference/ as data URLs, and the file is no stray', () => {
    const dir = tool({ 'fixture_a.json': fixture({ badge: { $file: 'a.badge.png' }, count: 1 }), 'a.badge.png': PNG });
    const { fixtures, problems } = loadFixtures(path.join(dir, 'reference'), { manifest, comparatorFor });
    expect(problems).toEqual([]);
    expect(fixtures[0]!.expected_outputs.badge).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(fixtures[0]!.files).toEqual({ badge: 'a.badge.png' });
    expect(strayReferenceFiles(dir)).toEqual([]);
  });

  it('name the file, the path and the line when the reference cannot be used', () => {
    const dir = tool({
      'fixture_a.json': fixture({ badge: { $file: 'missing.png' } }),
      'fixture_b.json': fixture({ count: { $file: 'a.png' } }),
      'fixture_c.json': fixture({ badge: { $file: '../../etc/passwd' } }),
      'fixture_d.json': fixture({ badge: { $file: 'x.png', extra: 1 } }),
      'orphan.png': PNG,
    });
    const { fixtures, problems } = loadFixtures(path.join(dir, 'reference'), { manifest, comparatorFor });
    expect(fixtures).toEqual([]);
    expect(problems.map((p) => [p.file, p.line, p.path, p.message])).toEqual([
      [
        'reference/fixture_a.json',
        7,
        'expected_outputs.badge',
        'reference/missing.png could not be read (ENOENT): it does not exist; create it',
      ],
      [
        'reference/fixture_b.json',
        7,
        'expected_outputs.count',
        "'count' is a number output; file references are for image, audio, video and file outputs, so write the value itself",
      ],
      [
        'reference/fixture_c.json',
        7,
        'expected_outputs.badge',
        "'../../etc/passwd' cannot be a file reference: it must be a file name directly in reference/, without folders",
      ],
      [
        'reference/fixture_d.json',
        7,
        'expected_outputs.badge',
        'a file reference is {"$file": "<name in reference/>"} and nothing else; fix the value of \'badge\'',
      ],
    ]);
    // a media file no fixture names is still stray
    expect(strayReferenceFiles(dir).map((f) => f.file)).toEqual(['reference/orphan.png']);
  });

  it('never follow a link out of the tool', () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'pixie-outside-'));
    writeFileSync(path.join(outside, 'secret.png'), PNG);
    const dir = tool({ 'fixture_a.json': fixture({ badge: { $file: 'linked.png' } }) });
    symlinkSync(path.join(outside, 'secret.png'), path.join(dir, 'reference', 'linked.png'));
    const { problems } = loadFixtures(path.join(dir, 'reference'), { manifest, comparatorFor });
    expect(problems[0]!.message).toMatch(/^reference\/linked\.png could not be read \(OUTSIDE\)/);
  });

  it('refuse names pixie reads itself, hidden names and control characters', () => {
    expect(fileRefNameProblem('fixture_b.json')).toMatch(/pixie reads/);
    expect(fileRefNameProblem('.hidden.png')).toMatch(/dot/);
    expect(fileRefNameProblem('a\u0007.png')).toMatch(/control/);
    expect(fileRefNameProblem('ok.png')).toBeNull();
  });
});

describe('media bytes', () => {
  it('come from data URLs, base64 and file objects, named by their signature', () => {
    const url = `data:image/png;base64,${PNG.toString('base64')}`;
    const image = mediaBytesOf('image', url);
    expect(image.ok && extensionOf(image.bytes, image.mime)).toBe('png');
    const file = mediaBytesOf('file', { filename: 'x.pdf', data: Buffer.from('%PDF-1.4\n').toString('base64') });
    expect(file.ok && extensionOf(file.bytes, file.mime)).toBe('pdf');
    expect(mediaBytesOf('image', 'https://example.com/a.png')).toEqual({
      ok: false,
      why: 'it is a URL, which pixie does not download',
    });
  });
});
