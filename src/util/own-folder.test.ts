import { lstatSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRemovableEntry, ownFolder } from './own-folder.js';

const temp = () => mkdtempSync(path.join(os.tmpdir(), 'pixie-own-folder-'));

describe('ownFolder', () => {
  it('makes the folders one name at a time, and finds them again without making', () => {
    const base = path.join(temp(), '.pixie');
    expect(ownFolder(base, ['pending', 'tool'], false)).toEqual({
      ok: false,
      missing: true,
      why: `${base} does not exist`,
    });
    expect(ownFolder(base, ['pending', 'tool'], true)).toEqual({ ok: true, dir: path.join(base, 'pending', 'tool') });
    expect(ownFolder(base, ['pending', 'tool'], false)).toEqual({ ok: true, dir: path.join(base, 'pending', 'tool') });
  });

  it('replaces a link inside the state folder by a real folder, leaving what it pointed to as it was', () => {
    const root = temp();
    writeFileSync(path.join(root, 'README.md'), 'keep');
    const base = path.join(root, '.pixie');
    mkdirSync(path.join(base, 'pending'), { recursive: true });
    symlinkSync('../..', path.join(base, 'pending', 'tool'));
    expect(ownFolder(base, ['pending', 'tool'], false)).toMatchObject({
      ok: false,
      missing: false,
      why: expect.stringMatching(/tool is a symbolic link, which pixie never follows; remove it$/),
    });
    expect(ownFolder(base, ['pending', 'tool', 'fixture_a'], true)).toMatchObject({ ok: true });
    expect(lstatSync(path.join(base, 'pending', 'tool')).isDirectory()).toBe(true);
    expect(readdirSync(root).sort()).toEqual(['.pixie', 'README.md']);
  });

  it('refuses the state folder itself as a link, anything that is not a folder, and names that leave it', () => {
    const root = temp();
    symlinkSync(temp(), path.join(root, '.pixie'));
    expect(ownFolder(path.join(root, '.pixie'), ['pending'], true)).toMatchObject({
      ok: false,
      why: `${path.join(root, '.pixie')} is a symbolic link; pixie keeps its state only in a real folder, so remove the link`,
    });
    const base = path.join(temp(), '.pixie');
    mkdirSync(base);
    writeFileSync(path.join(base, 'pending'), 'a file');
    expect(ownFolder(base, ['pending', 'tool'], true)).toMatchObject({
      ok: false,
      why: `${path.join(base, 'pending')} is not a folder pixie made; remove it`,
    });
    expect(ownFolder(base, ['..'], true)).toMatchObject({ ok: false, why: `".." cannot name a folder of ${base}` });
    expect(ownFolder(base, ['a/b'], true)).toMatchObject({ ok: false });
  });

  it('only regular files and links are removable entries', () => {
    const dir = temp();
    writeFileSync(path.join(dir, 'f'), '');
    symlinkSync('/', path.join(dir, 'l'));
    mkdirSync(path.join(dir, 'd'));
    expect(['f', 'l', 'd', 'gone'].map((n) => isRemovableEntry(path.join(dir, n)))).toEqual([true, true, false, false]);
  });
});
