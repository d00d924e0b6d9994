// Transpiles src/ to dist/ (same layout, no bundling) so `pixie` starts on plain Node instead of
// compiling TypeScript on every run, and emits the type declarations of the public entry points
// (tsconfig.build.json). esbuild only strips types; `npm run typecheck` checks them.
// Run by `npm ci`/`npm install` and `npm pack` (the "prepare" script).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
// tests, their helpers (*.test-helper.ts, which import vitest) and comparator contract cases stay out of dist
const code = files.filter((f) => /\.tsx?$/.test(f) && !/\.(test|test-helper|cases)\.tsx?$/.test(f));
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
await precompileSchemas();
// declarations for `import … from 'pixie-validator'` and 'pixie-validator/vitest' (about 3 s)
execFileSync(
  process.execPath,
  [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
writeFileSync(path.join(dist, '.built'), `${new Date().toISOString()}\n`);

/**
 * Compiling tool.schema.json takes Ajv ~0.3 s per process; generate each reference schema's
 * validator as code once here (same options as src/schema/ajv.ts), so `pixie validate` loads it.
 */
async function precompileSchemas() {
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const standalone = (await import('ajv/dist/standalone/index.js')).default.default;
  const addFormats = (await import('ajv-formats')).default.default;
  const schemasDir = path.join(root, 'reference-schemas');
  const out = path.join(dist, 'schema', 'compiled');
  for (const file of walk(schemasDir).filter((f) => f.endsWith('.schema.json'))) {
    const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false, code: { source: true } });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(file, 'utf8')));
    const target = path.join(out, path.relative(schemasDir, file).replace(/\.json$/, '.cjs'));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, standalone(ajv, validate));
  }
}
