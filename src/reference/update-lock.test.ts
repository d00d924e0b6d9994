import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sweepStaged } from '../util/staged-files.js';
import { strayReferenceFiles } from './stray-files.js';
import { acquireUpdateLock, LOCK_FILE } from './update-lock.js';

const churn = fileURLToPath(new URL('../../test/cases/update-lock/churn.ts', import.meta.url));

function toolFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pixie-lock-'));
  mkdirSync(path.join(dir, 'reference'));
  return dir;
}

describe('the update lock', () => {
  // a lock seen empty looks like a dead writer's and is taken over: two updaters would both run
  it('is never seen half-written: a reader polling it while another process takes it over and over reads a whole owner', async () => {
    const dir = toolFolder();
    const lock = path.join(dir, 'reference', LOCK_FILE);
    const child = new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['--import', 'tsx', churn, dir, '3000'], (err, out) =>
        err ? reject(err) : resolve(out),
      ),
    );
    let done = false;
    void child.finally(() => {
      done = true;
    });
    let seen = 0;
    const partial: string[] = [];
    while (!done) {
      let text: string;
      try {
        text = readFileSync(lock, 'utf8');
      } catch {
        await new Promise((r) => setImmediate(r));
        continue;
      }
      seen++;
      try {
        JSON.parse(text);
      } catch {
        partial.push(text);
      }
      if (seen % 50 === 0) await new Promise((r) => setImmediate(r));
    }
    expect(Number(await child)).toBe(3000);
    expect(seen).toBeGreaterThan(0);
    expect(partial).toEqual([]);
  }, 60_000);

  it("a killed taker's private file is not a stray file, and the writers' sweep removes it", () => {
    const dir = toolFolder();
    const left = `.${LOCK_FILE}.pixie-${2 ** 22 + 7}-0badcafe.tmp`;
    writeFileSync(path.join(dir, 'reference', left), '{"pid":1}');
    expect(strayReferenceFiles(dir)).toEqual([]);
    const lock = acquireUpdateLock(dir, 'test');
    expect(lock.ok).toBe(true);
    const owner = JSON.parse(readFileSync(path.join(dir, 'reference', LOCK_FILE), 'utf8'));
    expect(owner).toMatchObject({ pid: process.pid, command: 'test' });
    if (lock.ok) lock.release();
    expect(readdirSync(path.join(dir, 'reference'))).toEqual([left]);
    expect(sweepStaged(path.join(dir, 'reference'))).toEqual([left]);
    expect(readdirSync(path.join(dir, 'reference'))).toEqual([]);
  });
});
