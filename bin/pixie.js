#!/usr/bin/env node
// Runs pixie from dist/cli-bundle/ (plain JavaScript in a few files, fast start; scripts/build.mjs).
// Inside pixie's own checkout, where src/ exists, it runs the TypeScript sources through tsx instead
// while dist/ is missing or older than src/, so an edit to src/ is never run stale; an installed
// package has no src/ and always runs dist/.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

/** The newest modification time under `dir` (plain path strings: ~400 files in ~2 ms). */
function newestMtime(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = `${dir}/${e.name}`;
    newest = Math.max(newest, e.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function distIsFresh() {
  try {
    const built = statSync(`${root}dist/.built`).mtimeMs;
    return built >= newestMtime(`${root}src`) && built >= newestMtime(`${root}reference-schemas`);
  } catch {
    return false;
  }
}

if (!existsSync(`${root}src`) || distIsFresh()) {
  await import('../dist/cli-bundle/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
