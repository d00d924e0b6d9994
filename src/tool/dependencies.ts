// Check 4's question for one tool: what does it import, from which file and line, and is each import
// declared the way Python's and npm's dependency checkers mean it (docs/checks.md, check 4)?
import type { DeclaredDependencies } from './declared.js';
import type { Imports } from './import-verdict.js';
import type { Runtime } from './runtime.js';

export type { ImportVerdict, InterpreterProbe } from './import-verdict.js';
export { readDeclared, type DeclaredDependencies } from './declared.js';

/**
 * Every third-party import of the tool's code reached from its entrypoint, each with its category.
 * `resolved` is, for Python, the interpreter `runtime.command` resolves to when known (tool/interpreter.ts).
 */
export async function scanImports(
  toolDir: string,
  entrypoint: string,
  runtime: Runtime,
  declared: DeclaredDependencies,
  resolved: string | null = null,
): Promise<Imports> {
  if (runtime.kind === 'node') {
    const { nodeImports } = await import('./node-deps.js');
    return nodeImports(toolDir, entrypoint, declared);
  }
  const { pythonImports } = await import('./python-deps.js');
  return pythonImports(toolDir, entrypoint, runtime, declared, resolved);
}
