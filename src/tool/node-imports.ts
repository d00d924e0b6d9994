// The packages a Node tool's entrypoint imports, with the file and line of each import, read in
// milliseconds: es-module-lexer lists each
// local file's import and export statements and dynamic imports, a pattern finds require() calls,
// and relative specifiers are followed to the tool's other files. It may list more than runs (an
// import TypeScript drops because it is used only as a type, a require() inside a comment), never
// less; the caller asks esbuild's exact resolver whenever the answer is not simply "all declared".
// Anything it cannot place (a file outside the tool, an unresolvable path, syntax the lexer
// refuses) returns null, and esbuild decides.
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { init, parse } from 'es-module-lexer';
import { checkUserFile, readUserFile } from '../source/user-file.js';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'];
const TYPESCRIPT = /\.[cm]?tsx?$/;
/** require('x'), require.resolve('x') and TypeScript's `import x = require('x')` */
const REQUIRE = /\brequire(?:\.resolve)?\s*\(\s*(['"`])([^'"`\n\\$]+)\1\s*\)/g;

/** The npm package a bare specifier belongs to ("@scope/pkg/sub" → "@scope/pkg"). */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** A tool file a relative specifier names, as esbuild resolves it (a `.js` specifier may name a `.ts` file). */
function resolveLocal(toolDir: string, fromRel: string, specifier: string): string | null {
  const base = path.join(path.dirname(fromRel), specifier);
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))];
  const ext = path.extname(base);
  if (['.js', '.mjs', '.cjs', '.jsx'].includes(ext)) {
    const stem = base.slice(0, -ext.length);
    candidates.push(...['.ts', '.tsx', '.mts', '.cts'].map((e) => stem + e));
  }
  for (const rel of candidates) {
    const checked = checkUserFile(toolDir, rel);
    if (checked.ok) return path.relative(toolDir, checked.realPath) || null;
  }
  return null;
}

/** 1-based line of offset `at` in `text`. */
function lineAt(text: string, at: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Specifiers one file imports at run time with where, or null when the lexer cannot read it. */
function specifiersOf(text: string, typescript: boolean): { specifier: string; at: number }[] | null {
  let imports: ReturnType<typeof parse>[0];
  try {
    [imports] = parse(text);
  } catch {
    return null;
  }
  const out: { specifier: string; at: number }[] = [];
  for (const im of imports) {
    if (im.n === undefined) continue; // a dynamic import of a computed name: nothing is resolved
    // `import type …` and `export type … from` vanish when TypeScript compiles
    if (typescript && im.d === -1 && /^(import|export)\s+type\s/.test(text.slice(im.ss, im.se))) continue;
    out.push({ specifier: im.n, at: im.s });
  }
  for (const m of text.matchAll(REQUIRE)) out.push({ specifier: m[2]!, at: m.index });
  return out;
}

/** The line where `file` first imports `specifier` as the lexer reads it, else where it first quotes it. */
export function importLine(file: string, text: string, specifier: string): number {
  const found = specifiersOf(text, TYPESCRIPT.test(file))?.find((s) => s.specifier === specifier);
  const quoted = new RegExp(`['"\`]${specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`);
  const at = found ? found.at : text.search(quoted);
  return at >= 0 ? lineAt(text, at) : 1;
}

/** One import of a package: the file that makes it (relative to the tool), its line and the specifier. */
export interface NodeImport {
  module: string;
  specifier: string;
  file: string;
  line: number;
}

/** Imports of packages by the entrypoint and every tool file it reaches; null when esbuild must decide. */
export async function lexNodeImports(toolDir: string, entrypoint: string): Promise<NodeImport[] | null> {
  await init;
  const found: NodeImport[] = [];
  const seen = new Set<string>();
  const queue = [path.normalize(entrypoint)];
  while (queue.length) {
    const rel = queue.pop()!;
    if (seen.has(rel)) continue;
    seen.add(rel);
    if (rel.endsWith('.json')) continue;
    const read = readUserFile(toolDir, rel);
    if (!read.ok) return null;
    const specifiers = specifiersOf(read.text, TYPESCRIPT.test(rel));
    if (!specifiers) return null;
    for (const { specifier: s, at } of specifiers) {
      if (s.startsWith('.')) {
        const local = resolveLocal(toolDir, rel, s);
        if (!local) return null;
        queue.push(local);
      } else if (path.isAbsolute(s) || s.startsWith('#') || (s.includes(':') && !s.startsWith('node:'))) return null;
      else if (!isBuiltin(s))
        found.push({ module: packageOf(s), specifier: s, file: rel, line: lineAt(read.text, at) });
    }
  }
  return found;
}
