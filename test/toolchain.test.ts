// The development install: vitest runs on rolldown, whose native part is an optional dependency for
// each platform, so `npm ci --omit=optional` (pixie without sharp, pdf.js, …) would leave it out. The
// Linux x86-64 one (this project's machines) is a devDependency too, pinned to the version rolldown loads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/pixie.js';

const json = (file: string) => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8'));

describe('the development install', () => {
  it("pins rolldown's Linux x86-64 binding to the version of rolldown that vitest runs on", () => {
    const pinned = json('package.json').devDependencies['@rolldown/binding-linux-x64-gnu'];
    expect(pinned).toBe(json('node_modules/rolldown/package.json').version);
    expect(json('node_modules/@rolldown/binding-linux-x64-gnu/package.json').version).toBe(pinned);
  });
});
