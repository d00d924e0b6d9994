// Transpiles src/ to dist/ (same layout, no bundling) so `pixie` starts on plain Node instead of
// compiling TypeScript on every run. esbuild only strips types; `npm run typecheck` checks them.
// Run by `npm ci`/`npm install` (the "prepare" script) and by bin/pixie.js when dist/ is stale.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : [full];
  });
}

const files = walk(src);
const code = files.filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
// files read at run time next to the modules that use them (reaper.cjs, python-imports.py, …)
const assets = files.filter((f) => !/\.tsx?$/.test(f));

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: code,
  outdir: dist,
  outbase: src,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  jsxImportSource: 'hono/jsx',
  logLevel: 'warning',
});
for (const f of assets) {
  const to = path.join(dist, path.relative(src, f));
  mkdirSync(path.dirname(to), { recursive: true });
  copyFileSync(f, to);
}
writeFileSync(path.join(dist, '.built'), `${new Date().toISOString()}\n`);
export const newestSource = Math.max(...files.map((f) => statSync(f).mtimeMs));
