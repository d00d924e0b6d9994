#!/usr/bin/env node
// Runs pixie from dist/cli-bundle/ (plain JavaScript in a few files, fast start; scripts/build.mjs).
// Inside pixie's own checkout, where src/ exists, it runs the TypeScript sources through tsx instead
// while dist/ is missing or older than src/, so an edit to src/ is never run stale; an installed
// package has no src/ and always runs dist/.
import { existsSync, readdirSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);

function newestMtime(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = new URL(e.name + (e.isDirectory() ? '/' : ''), dir);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function distIsFresh() {
  try {
    const built = statSync(new URL('dist/.built', root)).mtimeMs;
    return built >= newestMtime(new URL('src/', root)) && built >= newestMtime(new URL('reference-schemas/', root));
  } catch {
    return false;
  }
}

if (!existsSync(new URL('src/', root)) || distIsFresh()) {
  await import('../dist/cli-bundle/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
