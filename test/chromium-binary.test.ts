// Which Chromium the browser tests drive (helpers/chromium.ts): a `chromium` on PATH when there is one,
// else the build the npm package @sparticuz/chromium ships, which must start here with nothing but
// `npm ci` behind it. PATH is given to the lookup, so neither case needs a browser installed or hidden.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumOnPath, findChromium } from './helpers/chromium.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'pixie-chromium-lookup-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function folder(name: string, files: Record<string, number> = {}): string {
  const dir = path.join(tmp, name);
  mkdirSync(dir);
  for (const [file, mode] of Object.entries(files)) {
    writeFileSync(path.join(dir, file), '#!/bin/sh\n');
    chmodSync(path.join(dir, file), mode);
  }
  return dir;
}

describe('the browser tests’ Chromium', () => {
  it('is the first executable `chromium` on PATH when there is one', async () => {
    const none = folder('none', { 'chromium-browser': 0o755 });
    const notExecutable = folder('not-executable', { chromium: 0o644 });
    const first = folder('first', { chromium: 0o755 });
    const second = folder('second', { chromium: 0o755 });
    const pathVariable = [none, notExecutable, first, second].join(path.delimiter);
    expect(chromiumOnPath(pathVariable)).toBe(path.join(first, 'chromium'));
    expect(await findChromium(pathVariable)).toMatchObject({
      source: 'PATH',
      executablePath: path.join(first, 'chromium'),
    });
  });

  it('is the packaged build when PATH has none, and that build starts with its own libraries', async () => {
    const empty = folder('empty');
    expect(chromiumOnPath(empty)).toBeNull();
    const binary = await findChromium(empty);
    expect(binary.source).toBe('@sparticuz/chromium');
    const libs = binary.env.LD_LIBRARY_PATH!.split(path.delimiter)[0]!;
    for (const lib of ['libnss3.so', 'libnspr4.so', 'libexpat.so.1'])
      expect(existsSync(path.join(libs, lib))).toBe(true);
    // the dynamic linker takes NSS from the package, not from the machine (ldd is glibc's own)
    const linked = spawnSync('ldd', [binary.executablePath], { env: binary.env, encoding: 'utf8' }).stdout;
    expect(linked).toContain(`libnss3.so => ${path.join(libs, 'libnss3.so')}`);
    expect(linked).not.toContain('not found');
    const run = spawnSync(binary.executablePath, ['--version'], { env: binary.env, encoding: 'utf8', timeout: 30_000 });
    expect(run.stdout, run.stderr).toMatch(/^Chromium 143\.\d+\.\d+\.\d+/);
  });
});
