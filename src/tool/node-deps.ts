// Check 4 for a Node tool: where each package is imported (the lexer of node-imports.ts, or esbuild's
// resolver when the lexer's answer is not simply "all declared"), which imports are guarded (a
// require() or import() inside try, or import().catch()), which undeclared packages a declared
// dependency brings into node_modules, and so each package's category (tool/import-verdict.ts).
import { readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { readUserFile } from '../source/user-file.js';
import type { DeclaredDependencies } from './declared.js';
import type { ImportCategory, Imports, ImportVerdict } from './import-verdict.js';
import { importLine, lexNodeImports, type NodeImport, packageOf } from './node-imports.js';
import { nodePackageDir } from './node-packages.js';

/** esbuild's resolver walks the entrypoint and every local file it imports; bare specifiers are recorded and left external. */
async function esbuildImports(toolDir: string, entrypoint: string): Promise<NodeImport[] | string> {
  const esbuild = await import('esbuild');
  const found: { specifier: string; importer: string }[] = [];
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
              if (!isBuiltin(args.path)) found.push({ specifier: args.path, importer: args.importer });
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
    return `could not read the imports of ${entrypoint}: ${where}${first?.text ?? (err as Error).message}`;
  }
  return found.map(({ specifier, importer }) => {
    const file = path.relative(toolDir, importer);
    const read = readUserFile(toolDir, file);
    // esbuild names the importing file, not the line
    return {
      module: packageOf(specifier),
      specifier,
      file,
      line: read.ok ? importLine(file, read.text, specifier) : 1,
    };
  });
}

const TYPESCRIPT = /\.[cm]?tsx?$/;

/** Specifiers of `file` whose every require() or import() is guarded: inside a try block, or import(…).catch(…). */
async function guardedSpecifiers(toolDir: string, file: string): Promise<Set<string>> {
  const read = readUserFile(toolDir, file);
  if (!read.ok) return new Set();
  let code = read.text;
  const [{ parse }, esbuild] = await Promise.all([import('acorn'), import('esbuild')]);
  try {
    // acorn reads JavaScript: TypeScript and JSX are compiled first (try blocks survive as written)
    const loader = TYPESCRIPT.test(file) ? (file.endsWith('x') ? 'tsx' : 'ts') : file.endsWith('.jsx') ? 'jsx' : null;
    if (loader) code = (await esbuild.transform(code, { loader, format: 'esm' })).code;
  } catch {
    return new Set();
  }
  let tree: unknown;
  for (const sourceType of ['module', 'script'] as const) {
    try {
      tree = parse(code, {
        ecmaVersion: 'latest',
        sourceType,
        allowHashBang: true,
        allowAwaitOutsideFunction: true,
        allowReturnOutsideFunction: true,
      });
      break;
    } catch {}
  }
  const tally = new Map<string, { guarded: number; all: number }>();
  const count = (specifier: unknown, guarded: boolean) => {
    if (typeof specifier !== 'string') return;
    const t = tally.get(specifier) ?? { guarded: 0, all: 0 };
    t.all++;
    if (guarded) t.guarded++;
    tally.set(specifier, t);
  };
  type Node = { type: string; [key: string]: unknown };
  const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';
  // an explicit stack, not recursion: a hostile file may nest deeply
  const stack: [Node, boolean][] = isNode(tree) ? [[tree, false]] : [];
  while (stack.length) {
    const [node, guarded] = stack.pop()!;
    if (node.type === 'ImportExpression') count((node.source as Node & { value?: unknown }).value, guarded);
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node & { name?: string; property?: { name?: string }; object?: Node };
      const first = (node.arguments as (Node & { value?: unknown })[])[0];
      if (callee.type === 'Identifier' && callee.name === 'require') count(first?.value, guarded);
      if (callee.type === 'MemberExpression' && callee.property?.name === 'catch' && callee.object) {
        stack.push([callee.object, true]);
        for (const a of node.arguments as Node[]) stack.push([a, guarded]);
        continue;
      }
    }
    if (node.type === 'TryStatement') {
      stack.push([node.block as Node, node.handler ? true : guarded]);
      for (const k of ['handler', 'finalizer']) if (isNode(node[k])) stack.push([node[k], guarded]);
      continue;
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const v of value) if (isNode(v)) stack.push([v, guarded]);
      if (isNode(value)) stack.push([value, guarded]);
    }
  }
  return new Set([...tally].filter(([, t]) => t.guarded === t.all).map(([s]) => s));
}

/** A package.json's dependencies that install with it. */
function dependenciesOf(dir: string): string[] {
  const file = path.join(dir, 'package.json');
  try {
    if (statSync(file).size > 1024 * 1024) return [];
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return ['dependencies', 'optionalDependencies', 'peerDependencies'].flatMap((k) =>
      typeof pkg[k] === 'object' && pkg[k] !== null ? Object.keys(pkg[k]) : [],
    );
  } catch {
    return [];
  }
}

/** Every installed package the declared ones depend on, directly or not: package -> the declared one it comes through. */
function installedClosure(toolDir: string, declared: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const queue = declared.map((name) => ({ name, via: name, from: toolDir }));
  while (queue.length && out.size < 5000) {
    const { name, via, from } = queue.shift()!;
    if (out.has(name)) continue;
    const dir = nodePackageDir(from, name);
    if (!dir) continue;
    out.set(name, via);
    for (const dep of dependenciesOf(dir)) if (!out.has(dep)) queue.push({ name: dep, via, from: dir });
  }
  return out;
}

export async function nodeImports(
  toolDir: string,
  entrypoint: string,
  declared: DeclaredDependencies,
): Promise<Imports> {
  const runtime = new Set(declared.runtime);
  let uses = await lexNodeImports(toolDir, entrypoint);
  // the lexer may list more than runs, never less: when it names a package not declared, esbuild decides
  if (!uses || uses.some((u) => !runtime.has(u.module))) {
    const exact = await esbuildImports(toolDir, entrypoint);
    if (typeof exact === 'string') return { ok: false, message: exact };
    uses = exact;
  }
  const undeclared = uses.filter((u) => !runtime.has(u.module));
  const guarded = new Map<string, Set<string>>();
  for (const file of new Set(undeclared.map((u) => u.file))) guarded.set(file, await guardedSpecifiers(toolDir, file));
  // each package where it is first imported unconditionally, else where it is first imported
  const first = new Map<string, NodeImport & { optional: boolean }>();
  for (const u of uses) {
    const optional = guarded.get(u.file)?.has(u.specifier) ?? false;
    const seen = first.get(u.module);
    if (!seen || (seen.optional && !optional)) first.set(u.module, { ...u, optional });
  }
  const closure = undeclared.length ? installedClosure(toolDir, declared.runtime) : new Map<string, string>();
  // an optional dependency npm could not install is no fault (check 5 passes it), so nothing waits on it
  const optionalDeps = new Set(declared.optional);
  const notInstalled = undeclared.length
    ? declared.runtime.filter((name) => !optionalDeps.has(name) && !nodePackageDir(toolDir, name))
    : [];
  const verdicts = [...first.values()]
    .sort((a, b) => a.module.localeCompare(b.module))
    .map(({ module, file, line, optional }): ImportVerdict => {
      const use = { module, file, line, optional: optional ? ('guarded' as const) : (false as const) };
      const verdict = (category: ImportCategory, via?: string): ImportVerdict => ({
        ...use,
        category,
        distribution: module,
        ...(via ? { via } : {}),
      });
      if (runtime.has(module)) return verdict('declared');
      const where = declared.elsewhere.get(module);
      if (where) return verdict(optional ? 'declared' : 'misplaced', where);
      const via = closure.get(module);
      if (via) return verdict('transitive', via);
      // not in node_modules while a declared package is not installed either: that one may bring it
      // once installed, and check 5 reports it; no second, contradictory "undeclared" here
      if (notInstalled.length && !nodePackageDir(toolDir, module))
        return verdict('not-installed', notInstalled.join(', '));
      return verdict(optional ? 'optional-undeclared' : 'missing');
    });
  return { ok: true, verdicts };
}
