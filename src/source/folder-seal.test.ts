import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedSince, sealFolder } from './folder-seal.js';

function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pixie-seal-'));
  writeFileSync(path.join(dir, 'fixture_a.json'), '{"a": 1}');
  writeFileSync(path.join(dir, 'fixture_b.json'), '{"b": 1}');
  mkdirSync(path.join(dir, 'media'));
  writeFileSync(path.join(dir, 'media', 'x.png'), 'png');
  return dir;
}

describe('sealFolder', () => {
  it('sees nothing when nothing changed', () => {
    const dir = folder();
    expect(changedSince(sealFolder(dir))).toEqual([]);
  });

  it('sees a rewrite of the same size with its modification time put back, a new file, a removed one, a change below', () => {
    const dir = folder();
    const seal = sealFolder(dir);
    const file = path.join(dir, 'fixture_a.json');
    const { atime, mtime } = statSync(file);
    writeFileSync(file, '{"a": 2}');
    utimesSync(file, atime, mtime); // the change time cannot be set back
    writeFileSync(path.join(dir, 'fixture_c.json'), '{}');
    rmSync(path.join(dir, 'fixture_b.json'));
    writeFileSync(path.join(dir, 'media', 'x.png'), 'gif');
    expect(changedSince(seal)).toEqual(['fixture_a.json', 'fixture_b.json', 'fixture_c.json', 'media/x.png']);
  });

  it("leaves out what `ignore` names (pixie's own lock and staged files), and sees the folder removed", () => {
    const dir = folder();
    const seal = sealFolder(dir);
    writeFileSync(path.join(dir, '.pixie-update.lock'), '{}');
    expect(changedSince(seal, (rel) => rel === '.pixie-update.lock')).toEqual([]);
    rmSync(dir, { recursive: true });
    expect(changedSince(seal)).toContain('.');
  });
});
