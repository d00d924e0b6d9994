// The shape of the code, held by tests (ARCHITECTURE.md): no import cycles in src/, between files or
// between folders (type-only and lazy imports count), the front doors reach the work through
// src/workflows/ only, no source file over 450 lines, and no code that reads a check's verdict back
// out of its sentence. madge builds the graph: it resolves TypeScript's .js specifiers through
// tsconfig and follows type and dynamic imports, which a walk with the compiler API would redo.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/pixie.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [full] : [];
  });
}

/** src/'s import graph, file → files, paths relative to src/ (test files and their helpers left out). */
async function importGraph(): Promise<Record<string, string[]>> {
  const graph = await madge(path.join(REPO_ROOT, 'src'), {
    fileExtensions: ['ts'],
    tsConfig: path.join(REPO_ROOT, 'tsconfig.json'),
    excludeRegExp: [/\.test\.ts$/, /\.test-helper\.ts$/, /\.cases\.ts$/],
    detectiveOptions: { ts: { skipTypeImports: false, skipAsyncImports: false } },
  });
  return graph.obj();
}

/** The folder of a file under src/ (a top-level file is its own room). */
const folderOf = (file: string) => (file.includes('/') ? file.split('/')[0]! : file);

/** Cycles in a graph of folders, each as the folders along it. */
function folderCycles(edges: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string) => {
    state.set(n, 'open');
    stack.push(n);
    for (const m of edges.get(n) ?? []) {
      if (state.get(m) === 'open') cycles.push([...stack.slice(stack.indexOf(m)), m]);
      else if (!state.has(m)) visit(m);
    }
    stack.pop();
    state.set(n, 'done');
  };
  for (const n of edges.keys()) if (!state.has(n)) visit(n);
  return cycles;
}

describe('architecture', () => {
  it('src/ has no import cycles, counting type-only and dynamic imports', async () => {
    const graph = await madge(path.join(REPO_ROOT, 'src'), {
      fileExtensions: ['ts'],
      tsConfig: path.join(REPO_ROOT, 'tsconfig.json'),
      excludeRegExp: [/\.test\.ts$/],
      detectiveOptions: { ts: { skipTypeImports: false, skipAsyncImports: false } },
    });
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(100);
    expect(graph.circular()).toEqual([]);
  });

  it("src/'s folders import each other without a cycle: no arrow runs back up the layers", async () => {
    const edges = new Map<string, Set<string>>();
    for (const [file, deps] of Object.entries(await importGraph())) {
      const from = folderOf(file);
      if (!edges.has(from)) edges.set(from, new Set());
      for (const dep of deps) if (folderOf(dep) !== from) edges.get(from)!.add(folderOf(dep));
    }
    expect(edges.size).toBeGreaterThan(15);
    expect(folderCycles(edges)).toEqual([]);
    // the shared vocabulary is the ground floor: it imports nothing of pixie's but itself
    expect([...(edges.get('model') ?? [])]).toEqual([]);
  });

  it('the front doors (cli/, server/, api/, vitest/) reach the work through workflows/ only', async () => {
    const doors = /^(cli|server|api|vitest)\//;
    // what only a workflow may do: run checks (the list of checks itself is vocabulary), plan or write
    // updates, decide or record pending results
    const inner =
      /^(checks\/(?!index\.ts$)|reference\/update|pending\/(changes|record)\.ts$|workflows\/validation-run\.ts$)/;
    const allowed = new Set(['vitest/index.ts -> workflows/validation-run.ts']);
    const offenders = Object.entries(await importGraph()).flatMap(([file, deps]) =>
      doors.test(file) ? deps.filter((d) => inner.test(d)).map((d) => `${file} -> ${d}`) : [],
    );
    expect(offenders.filter((o) => !allowed.has(o))).toEqual([]);
  });

  it('no source file is over 450 lines', () => {
    const long = sourceFiles(path.join(REPO_ROOT, 'src'))
      .map((file) => ({ file: path.relative(REPO_ROOT, file), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter((f) => f.lines > 450)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });

  it('no source matches a regular expression against a message', () => {
    const offenders = sourceFiles(path.join(REPO_ROOT, 'src')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(REPO_ROOT, file)}:${i + 1}` }))
        .filter(({ line }) =>
          /\/[^/\n]+\/[a-z]*\.(test|exec)\([^)]*\bmessage\b|\bmessage\b[^;\n]*\.(match|search)\(\//.test(line),
        )
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
