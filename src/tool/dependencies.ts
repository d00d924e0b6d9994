// What a tool declares (package.json / pyproject.toml) and what its entrypoint imports.
import { execFile } from 'node:child_process';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { excerpt } from '../source/excerpt.js';
import { readUserFile } from '../source/user-file.js';
import { isPlainObject } from '../util/is-plain-object.js';
import type { Runtime } from './runtime.js';

const run = promisify(execFile);

interface DeclaredDependencies {
  file: string;
  /** runtime dependencies (dependencies, optionalDependencies, peerDependencies; or [project].dependencies) */
  runtime: string[];
  /** declared only for development (devDependencies; optional-dependencies groups) */
  dev: string[];
}

export type Declared = { ok: true; deps: DeclaredDependencies } | { ok: false; message: string };

/** PEP 503 normalisation: case-insensitive, runs of -_. equal. */
function canonicalPythonName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/** The distribution name at the start of a PEP 508 requirement ("requests[socks]>=2; python_version>'3'"). */
function requirementName(req: string): string | null {
  const m = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)/.exec(req);
  return m ? m[1]! : null;
}

export async function readDeclared(toolDir: string, runtime: Runtime): Promise<Declared> {
  const file = runtime.dependencyManifest;
  // as every file of the tool: a regular file inside it, read up to the size limit
  const read = readUserFile(toolDir, file);
  if (!read.ok) return { ok: false, message: read.code === 'ENOENT' ? `${file} is missing` : read.message };
  const text = read.text;
  if (file === 'package.json') {
    let pkg: Record<string, unknown>;
    try {
      pkg = JSON.parse(text) as Record<string, unknown>;
    } catch (err) {
      return { ok: false, message: `package.json is not valid JSON: ${excerpt((err as Error).message, 100)}` };
    }
    if (!isPlainObject(pkg))
      return { ok: false, message: 'package.json must hold a JSON object { "dependencies": … }' };
    const keys = (field: string) => (isPlainObject(pkg[field]) ? Object.keys(pkg[field]) : []);
    return {
      ok: true,
      deps: {
        file,
        runtime: [...keys('dependencies'), ...keys('optionalDependencies'), ...keys('peerDependencies')],
        dev: keys('devDependencies'),
      },
    };
  }
  const { parse } = await import('smol-toml');
  let doc: Record<string, unknown>;
  try {
    doc = parse(text) as Record<string, unknown>;
  } catch (err) {
    const e = err as { line?: number; message: string };
    return {
      ok: false,
      message: `pyproject.toml could not be parsed${e.line ? ` at line ${e.line}` : ''}: ${excerpt(e.message.split('\n')[0]!, 120)}`,
    };
  }
  const project = doc.project as Record<string, unknown> | undefined;
  if (!project)
    return {
      ok: false,
      message: 'pyproject.toml has no [project] table; add [project] with name, version and dependencies',
    };
  const list = project.dependencies ?? [];
  if (!Array.isArray(list))
    return { ok: false, message: 'pyproject.toml [project].dependencies must be a list of requirement strings' };
  const names = list.map((r) => requirementName(String(r))).filter((n): n is string => !!n);
  const optional = Object.values((project['optional-dependencies'] as Record<string, unknown[]>) ?? {}).flat();
  return {
    ok: true,
    deps: {
      file,
      runtime: names,
      dev: optional.map((r) => requirementName(String(r))).filter((n): n is string => !!n),
    },
  };
}

export type Imports =
  | { ok: true; modules: string[]; distributions?: Record<string, string[]> }
  | { ok: false; message: string };

/** The npm package a bare specifier belongs to ("@scope/pkg/sub" → "@scope/pkg"). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

export async function scanImports(toolDir: string, entrypoint: string, runtime: Runtime): Promise<Imports> {
  return runtime.kind === 'node'
    ? scanNodeImports(toolDir, entrypoint)
    : scanPythonImports(toolDir, entrypoint, runtime);
}

/**
 * esbuild's resolver walks the entrypoint and every local file it imports (TS, ESM, CommonJS
 * `require`, literal dynamic imports); bare specifiers are recorded and left external.
 */
async function scanNodeImports(toolDir: string, entrypoint: string): Promise<Imports> {
  const esbuild = await import('esbuild');
  const found = new Set<string>();
  try {
    await esbuild.build({
      entryPoints: [path.join(toolDir, entrypoint)],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      logLevel: 'silent',
      absWorkingDir: toolDir,
      plugins: [
        {
          name: 'record-packages',
          setup(build) {
            build.onResolve({ filter: /.*/ }, (args) => {
              if (args.kind === 'entry-point' || args.path.startsWith('.') || path.isAbsolute(args.path))
                return undefined;
              if (!isBuiltin(args.path)) found.add(packageOf(args.path));
              return { path: args.path, external: true };
            });
          },
        },
      ],
    });
  } catch (err) {
    const e = err as { errors?: { text: string; location?: { file: string; line: number } }[] };
    const first = e.errors?.[0];
    const where = first?.location ? `${first.location.file} line ${first.location.line}: ` : '';
    return {
      ok: false,
      message: `could not read the imports of ${entrypoint}: ${where}${first?.text ?? (err as Error).message}`,
    };
  }
  return { ok: true, modules: [...found].sort() };
}

async function scanPythonImports(toolDir: string, entrypoint: string, runtime: Runtime): Promise<Imports> {
  const script = fileURLToPath(new URL('./python-imports.py', import.meta.url));
  // the tool's interpreter knows its own stdlib and installed packages; fall back to python3
  for (const python of [runtime.command, 'python3']) {
    try {
      const { stdout } = await run(python, [script, toolDir, entrypoint], {
        timeout: 15_000,
        maxBuffer: 4 * 1024 * 1024,
      });
      const out = JSON.parse(stdout) as {
        imports: string[];
        distributions: Record<string, string[]>;
        errors: string[];
      };
      if (out.errors.length) return { ok: false, message: `could not parse ${out.errors[0]}` };
      return { ok: true, modules: out.imports, distributions: out.distributions };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      return {
        ok: false,
        message: `could not read the imports of ${entrypoint}: ${(err as Error).message.split('\n')[0]}`,
      };
    }
  }
  return { ok: false, message: 'no Python interpreter found to read the imports (python3 is not on PATH)' };
}

/** Import names whose distribution is named differently, for modules not installed locally. */
const PYTHON_IMPORT_ALIASES: Record<string, string> = {
  PIL: 'pillow',
  yaml: 'pyyaml',
  sklearn: 'scikit-learn',
  cv2: 'opencv-python',
  dotenv: 'python-dotenv',
  bs4: 'beautifulsoup4',
  dateutil: 'python-dateutil',
  jwt: 'pyjwt',
  magic: 'python-magic',
  skimage: 'scikit-image',
  multipart: 'python-multipart',
  attr: 'attrs',
  google: 'protobuf',
  Crypto: 'pycryptodome',
  docx: 'python-docx',
};

/** Is an imported Python module covered by one of the declared distributions? */
export function pythonImportDeclared(module: string, declared: string[], distributions: string[] = []): boolean {
  const names = new Set(declared.map(canonicalPythonName));
  const candidates = [...distributions, PYTHON_IMPORT_ALIASES[module] ?? module];
  return candidates.some((d) => names.has(canonicalPythonName(d)));
}
