// The shape of the code, held by tests: no import cycles in src/ (type-only and lazy imports count),
// and no code that reads a check's verdict back out of its sentence. madge builds the graph: it
// resolves TypeScript's .js specifiers through tsconfig and follows type and dynamic imports, which
// a walk with the compiler API would have to reimplement.
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
