import path from 'node:path';
import { pythonImportDeclared, readDeclared, scanImports } from '../tool/dependencies.js';
import { pythonOf } from '../tool/interpreter.js';
import type { MessageTable } from '../util/message-table.js';
import type { Check } from './types.js';

const them = (n: number): string => (n > 1 ? 'them' : 'it');

const messages = {
  noEntrypoint: () => 'skipped: no runnable entrypoint (check 1)',
  /** `section` is where runtime dependencies are declared: "dependencies" or [project].dependencies */
  undeclared: (entrypoint: string, missing: string[], file: string, section: string) =>
    `${entrypoint} imports ${missing.map((m) => `'${m}'`).join(', ')} but ${file} does not declare ${them(missing.length)}; add ${them(missing.length)} to ${section}`,
  imports: (modules: string[], section: string, declared: string[]) =>
    `imported packages: ${modules.join(', ') || '(none)'}\ndeclared in ${section}: ${declared.join(', ') || '(none)'}`,
  devOnly: (modules: string[], section: string) =>
    `${modules.join(', ')} ${modules.length > 1 ? 'are' : 'is'} imported at run time but declared only for development; move to ${section}`,
  declared: (file: string, modules: string[]) =>
    `${file} declares every imported package (${modules.length ? modules.join(', ') : 'standard library only'})`,
} satisfies MessageTable;

/** how long to wait for the early tool to become Python before asking `python3` itself */
const EXEC_WAIT_MS = 3000;

export const dependenciesDeclared: Check = {
  name: 'dependencies_declared',
  phase: 'contract',
  requires: ['folder_structure'],
  messages,
  async run({ toolDir, state }) {
    const { entrypoint, runtime } = state;
    if (!entrypoint || !runtime) return { status: 'skip', message: messages.noEntrypoint() };
    const declared = await readDeclared(toolDir, runtime);
    if (!declared.ok) return { status: 'fail', message: declared.message };
    // a bare `python3` may be a version manager's shim: the tool started early shows where it led
    const early = runtime.kind === 'python' && !path.isAbsolute(runtime.command) ? await state.early?.pid : null;
    const resolved = early ? await pythonOf(early, EXEC_WAIT_MS) : null;
    const imports = await scanImports(toolDir, entrypoint, runtime, declared.deps.runtime, resolved);
    if (!imports.ok) return { status: 'fail', message: imports.message };
    // the interpreter already said its version and what is installed: check 5 asks no second time
    state.interpreterProbe = imports.interpreter;
    const file = declared.deps.file;
    const missing: string[] = [];
    const devOnly: string[] = [];
    for (const mod of imports.modules) {
      if (runtime.kind === 'node') {
        if (declared.deps.runtime.includes(mod)) continue;
        (declared.deps.dev.includes(mod) ? devOnly : missing).push(mod);
      } else {
        const dists = imports.distributions?.[mod] ?? [];
        if (pythonImportDeclared(mod, declared.deps.runtime, dists)) continue;
        (pythonImportDeclared(mod, declared.deps.dev, dists) ? devOnly : missing).push(mod);
      }
    }
    const section = runtime.kind === 'node' ? '"dependencies"' : '[project].dependencies';
    if (missing.length) {
      return {
        status: 'fail',
        message: messages.undeclared(entrypoint, missing, file, section),
        details: messages.imports(imports.modules, section, declared.deps.runtime),
      };
    }
    if (devOnly.length) {
      return {
        status: 'warn',
        message: messages.devOnly(devOnly, section),
      };
    }
    return { status: 'pass', message: messages.declared(file, imports.modules) };
  },
};
