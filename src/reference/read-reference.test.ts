import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Manifest } from '../model/manifest.js';
import { readReference, readReferenceAhead } from './read-reference.js';

const EXAMPLE = path.resolve(import.meta.dirname, '../../tools/compound-interest');
const manifest = JSON.parse(readFileSync(path.join(EXAMPLE, 'tool.json'), 'utf8')) as Manifest;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A copy of the example tool (its reference/ holds fixtures and a tolerance.yaml). */
function exampleCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pixie-read-ahead-'));
  dirs.push(dir);
  cpSync(EXAMPLE, dir, { recursive: true, filter: (src) => !src.includes('node_modules') });
  return dir;
}

describe('readReferenceAhead', () => {
  it('reads reference/ as check 12 does', () => {
    const dir = exampleCopy();
    const ahead = readReferenceAhead(dir, manifest);
    expect(ahead?.loaded.fixtures.length).toBeGreaterThan(0);
    expect(ahead).toEqual(readReference(path.join(dir, 'reference'), manifest));
  });

  it('leaves a reference/ over 2 MiB to check 12 (reading it would hold the event loop while the tool starts)', () => {
    const dir = exampleCopy();
    writeFileSync(path.join(dir, 'reference', 'big.png'), Buffer.alloc(2 * 1024 * 1024 + 1));
    expect(readReferenceAhead(dir, manifest)).toBeUndefined();
  });

  it('reads nothing without a reference/ inside the tool folder', () => {
    const dir = exampleCopy();
    const outside = mkdtempSync(path.join(tmpdir(), 'pixie-outside-'));
    dirs.push(outside);
    cpSync(path.join(dir, 'reference'), outside, { recursive: true });
    rmSync(path.join(dir, 'reference'), { recursive: true });
    expect(readReferenceAhead(dir, manifest)).toBeUndefined();
    symlinkSync(outside, path.join(dir, 'reference'));
    expect(readReferenceAhead(dir, manifest)).toBeUndefined();
  });
});
