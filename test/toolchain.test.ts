// The development install: vitest runs on rolldown, whose native part is an optional dependency per
// platform, so `npm ci --omit=optional` leaves it out; `npm test` first fetches the one this machine
// needs (scripts/test-toolchain.mjs). It names the right package, and on this machine it is there.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { bindingFor } from '../scripts/rolldown-binding.mjs';
import { REPO_ROOT } from './helpers/pixie.js';

const json = (file: string) => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8'));
const candidates = Object.keys(json('node_modules/rolldown/package.json').optionalDependencies);

describe("the test toolchain's native package", () => {
  it('is the one rolldown loads on each platform', () => {
    expect(bindingFor(candidates, 'linux', 'x64', true)).toBe('@rolldown/binding-linux-x64-gnu');
    expect(bindingFor(candidates, 'linux', 'x64', false)).toBe('@rolldown/binding-linux-x64-musl');
    expect(bindingFor(candidates, 'darwin', 'arm64', false)).toBe('@rolldown/binding-darwin-arm64');
    expect(bindingFor(candidates, 'win32', 'x64', false)).toBe('@rolldown/binding-win32-x64-msvc');
    expect(bindingFor(candidates, 'aix', 'ppc64', false)).toBeNull();
  });

  it('is installed here, at the version of rolldown that vitest runs on', () => {
    const name = bindingFor(candidates) as string;
    const require = createRequire(path.join(REPO_ROOT, 'package.json'));
    const version = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
    expect(version).toBe(json('node_modules/rolldown/package.json').version);
  });
});
