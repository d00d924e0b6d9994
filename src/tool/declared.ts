// What a tool declares: package.json's dependency sections, or pyproject.toml's [project].dependencies,
// [project.optional-dependencies] and PEP 735 [dependency-groups] (docs/checks.md, check 4).
import { excerpt } from '../source/excerpt.js';
import { readUserFile } from '../source/user-file.js';
import { isPlainObject } from '../util/is-plain-object.js';
import type { Runtime } from './runtime.js';

export interface DeclaredDependencies {
  file: 'package.json' | 'pyproject.toml';
  /** installed with the tool: dependencies, optionalDependencies, peerDependencies; or [project].dependencies */
  runtime: string[];
  /** [project].dependencies as written ("fastapi[all]>=0.115"), whose extras and markers Python reads */
  requirements: string[];
  /** the plain run-time declarations ("dependencies" / [project].dependencies), which check 4 calls unused when nothing imports them */
  plain: string[];
  /** npm's optionalDependencies: npm installs them when it can and goes on when it cannot */
  optional: string[];
  /** declared elsewhere, by name, with where: devDependencies, an optional-dependencies extra, a dependency group */
  elsewhere: Map<string, string>;
}

export type Declared = { ok: true; deps: DeclaredDependencies } | { ok: false; message: string };

/** PEP 503 normalisation: case-insensitive, runs of -_. equal. */
export function canonicalPythonName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/** The distribution name at the start of a PEP 508 requirement ("requests[socks]>=2; python_version>'3'"). */
function requirementName(req: string): string | null {
  const m = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)/.exec(req);
  return m ? m[1]! : null;
}

const names = (list: unknown[]): string[] =>
  list.map((r) => (typeof r === 'string' ? requirementName(r) : null)).filter((n): n is string => !!n);

function readPackageJson(text: string): Declared {
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(text) as Record<string, unknown>;
  } catch (err) {
    return { ok: false, message: `package.json is not valid JSON: ${excerpt((err as Error).message, 100)}` };
  }
  if (!isPlainObject(pkg)) return { ok: false, message: 'package.json must hold a JSON object { "dependencies": … }' };
  const keys = (field: string) => (isPlainObject(pkg[field]) ? Object.keys(pkg[field]) : []);
  const runtime = [...keys('dependencies'), ...keys('optionalDependencies'), ...keys('peerDependencies')];
  return {
    ok: true,
    deps: {
      file: 'package.json',
      runtime,
      requirements: runtime,
      plain: keys('dependencies'),
      optional: keys('optionalDependencies'),
      elsewhere: new Map(keys('devDependencies').map((n) => [n, '"devDependencies"'])),
    },
  };
}

async function readPyproject(text: string): Promise<Declared> {
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
  const project = doc.project;
  if (!isPlainObject(project))
    return {
      ok: false,
      message: 'pyproject.toml has no [project] table; add [project] with name, version and dependencies',
    };
  const list = project.dependencies ?? [];
  if (!Array.isArray(list))
    return { ok: false, message: 'pyproject.toml [project].dependencies must be a list of requirement strings' };
  const elsewhere = new Map<string, string>();
  // an include-group entry ({include-group = "x"}) names no distribution: names() leaves it out
  const groups = (table: unknown, label: (group: string) => string) => {
    if (!isPlainObject(table)) return;
    for (const [group, reqs] of Object.entries(table))
      if (Array.isArray(reqs)) for (const n of names(reqs)) if (!elsewhere.has(n)) elsewhere.set(n, label(group));
  };
  groups(project['optional-dependencies'], (g) => `[project.optional-dependencies] ${g}`);
  groups(doc['dependency-groups'], (g) => `[dependency-groups] ${g}`);
  return {
    ok: true,
    deps: {
      file: 'pyproject.toml',
      runtime: names(list),
      plain: names(list),
      optional: [],
      requirements: list.filter((r): r is string => typeof r === 'string'),
      elsewhere,
    },
  };
}

export async function readDeclared(toolDir: string, runtime: Runtime): Promise<Declared> {
  const file = runtime.dependencyManifest;
  // as every file of the tool: a regular file inside it, read up to the size limit
  const read = readUserFile(toolDir, file);
  if (!read.ok) return { ok: false, message: read.code === 'ENOENT' ? `${file} is missing` : read.message };
  return file === 'package.json' ? readPackageJson(read.text) : readPyproject(read.text);
}
