// What a tool declares (package.json / pyproject.toml) and what its entrypoint imports.
import { execFile } from 'node:child_process';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { excerpt } from '../source/excerpt.js';
import { readUserFile } from '../source/user-file.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { lexNodeImports, packageOf } from './node-imports.js';
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

/** What one start of a Python tool's own interpreter said about itself, for check 5. */
export interface InterpreterProbe {
  command: string;
  /** as `python --version` prints it: "Python 3.11.7" */
  version: string;
  /** the declared distributions looked up, with their installed version or null */
  installed: Record<string, string | null>;
}

export type Imports =
  | { ok: true; modules: string[]; distributions?: Record<string, string[]>; interpreter?: InterpreterProbe }
  | { ok: false; message: string };

/**
 * What the entrypoint imports. For Node, the lexer's answer stands when every package it lists is
 * among `declared` (it never lists less than runs); otherwise esbuild's resolver gives the exact list.
 */
export async function scanImports(
  toolDir: string,
  entrypoint: string,
  runtime: Runtime,
  declared: readonly string[] = [],
  /** for Python: the interpreter `runtime.command` resolves to, when known (tool/interpreter.ts) */
  resolved: string | null = null,
): Promise<Imports> {
  if (runtime.kind !== 'node') return scanPythonImports(toolDir, entrypoint, runtime, declared, resolved);
  const quick = await lexNodeImports(toolDir, entrypoint);
  if (quick?.every((m) => declared.includes(m))) return { ok: true, modules: quick };
  return scanNodeImports(toolDir, entrypoint);
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

async function scanPythonImports(
  toolDir: string,
  entrypoint: string,
  runtime: Runtime,
  declared: readonly string[],
  resolved: string | null,
): Promise<Imports> {
  const script = fileURLToPath(new URL('./python-imports.py', import.meta.url));
  // the tool's interpreter knows its own stdlib and installed packages; fall back to python3
  for (const python of [resolved ?? runtime.command, 'python3']) {
    try {
      const { stdout } = await run(python, [script, toolDir, entrypoint, ...declared], {
        timeout: 15_000,
        maxBuffer: 4 * 1024 * 1024,
        cwd: toolDir,
      });
      const out = JSON.parse(stdout) as {
        imports: string[];
        distributions: Record<string, string[]>;
        errors: string[];
        version: string;
        installed: Record<string, string | null>;
      };
      if (out.errors.length) return { ok: false, message: `could not parse ${out.errors[0]}` };
      const interpreter =
        python === (resolved ?? runtime.command)
          ? { command: runtime.command, version: out.version, installed: out.installed }
          : undefined;
      return { ok: true, modules: out.imports, distributions: out.distributions, interpreter };
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
