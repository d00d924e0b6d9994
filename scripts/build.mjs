// Transpiles src/ to dist/ (same layout, no bundling) for the library entry points and emits their
// type declarations (tsconfig.build.json); esbuild only strips types, `npm run typecheck` checks them.
// The `pixie` command runs from a bundle of its own (dist/cli-bundle/, below), so it starts on plain
// Node without resolving and reading ~400 module files.
// Run by `npm ci`/`npm install` and `npm pack` (the "prepare" script).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { copyFileSync, cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
await bundleCli();
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
 * The CLI as one module graph: pixie's code and its pure-JavaScript dependencies in a few files
 * (commands still load lazily, as split chunks), so start-up reads ~10 files instead of ~400 and
 * `pixie validate` loads in ~40 ms instead of ~110 (bench/validate-overhead.ts). Left outside, loaded
 * from node_modules as before: native and optional packages (sharp, the canvas package, pdf.js, which
 * requires the canvas package beside itself, fft.js) and the compilers (esbuild, tsx). The files the
 * code finds next to itself (python-imports.py, subreaper.py, reaper.cjs, compiled/) are copied beside
 * the chunks; `../../reference-schemas/` resolves from dist/cli-bundle/ as from src/schema/.
 */
async function bundleCli() {
  const out = path.join(dist, 'cli-bundle');
  await build({
    // the comparison process (src/comparators/bounded/child-pool.ts) starts compare-child.js from beside
    // whichever chunk it is in: every output file lands in dist/cli-bundle/ itself
    entryPoints: {
      main: path.join(src, 'cli', 'main.ts'),
      'compare-child': path.join(src, 'comparators', 'bounded', 'compare-child.ts'),
    },
    outdir: out,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // ESM builds where a package has one (jsonc-parser's UMD build requires its parts dynamically)
    mainFields: ['module', 'main'],
    external: ['sharp', '@napi-rs/canvas', 'pdfjs-dist', 'fft.js', 'esbuild', 'tsx'],
    // CommonJS packages inside the bundle still call require() for Node's built-ins, and some name
    // their own file (write-file-atomic's temporary names hash __filename)
    banner: {
      js: [
        "import { createRequire as __pixieRequire } from 'node:module';",
        "import { dirname as __pixieDirname } from 'node:path';",
        "import { fileURLToPath as __pixiePath } from 'node:url';",
        'const require = __pixieRequire(import.meta.url);',
        'const __filename = __pixiePath(import.meta.url);',
        'const __dirname = __pixieDirname(__filename);',
      ].join(' '),
    },
    jsx: 'automatic',
    jsxImportSource: 'hono/jsx',
    logLevel: 'warning',
  });
  for (const f of assets) copyFileSync(f, path.join(out, path.basename(f)));
  cpSync(path.join(dist, 'schema', 'compiled'), path.join(out, 'compiled'), { recursive: true });
}

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
