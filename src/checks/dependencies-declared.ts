// Check 4 (docs/checks.md): every third-party import of the tool's code is declared the way Python's
// and npm's dependency checkers mean it. Each finding names the importing file and line.
import path from 'node:path';
import { finding, type Finding, findingLine } from '../model/finding.js';
import type { FindingCode } from '../model/severity.js';
import { type ImportVerdict, readDeclared, scanImports } from '../tool/dependencies.js';
import { pythonOf } from '../tool/interpreter.js';
import { nodePackageDir } from '../tool/node-packages.js';
import { unusedDependencies } from '../tool/unused-deps.js';
import { readUserFile } from '../source/user-file.js';
import type { MessageTable } from '../util/message-table.js';
import type { Check } from './types.js';

/** 'it' when the distribution is named as imported, else the distribution's name */
const what = (v: ImportVerdict): string => (v.distribution === v.module ? 'it' : `'${v.distribution}'`);

const messages = {
  noEntrypoint: () => 'skipped: no runnable entrypoint (check 1)',
  /** `section` is where runtime dependencies are declared: "dependencies" or [project].dependencies */
  missing: (v: ImportVerdict, file: string, section: string) =>
    `imports '${v.module}' but ${file} does not declare ${v.distribution === v.module ? 'it' : `'${v.distribution}', which provides it`}; add ${what(v)} to ${section}`,
  transitive: (v: ImportVerdict, file: string, section: string) =>
    `imports '${v.module}', which ${file} does not declare: it is installed only because '${v.via}' requires it; declare ${what(v)} in ${section}`,
  misplaced: (v: ImportVerdict, file: string, section: string, python: boolean) =>
    `imports '${v.module}' unconditionally, but ${file} declares ${what(v)} only in ${v.via}, which a plain install leaves out; move it to ${section}, or guard the import (${python ? 'try: … except ImportError' : 'try/catch around require() or import()'})`,
  optionalUndeclared: (v: ImportVerdict, file: string, python: boolean) =>
    `imports '${v.module}' ${v.optional === 'function' ? 'inside a function' : python ? 'inside try/except ImportError' : 'inside try/catch'}, so the tool runs without it, but ${file} declares it nowhere; declare ${what(v)} in ${python ? '[dependency-groups] or [project.optional-dependencies]' : '"optionalDependencies"'}`,
  notInstalled: (v: ImportVerdict, python: boolean) =>
    `imports '${v.module}', which no installed ${python ? 'distribution' : 'package'} provides; declared ${v.via} (not installed: check 5) may provide it`,
  unused: (name: string, file: string) =>
    `declares '${name}', which is installed but imported nowhere in the tool's code; remove it from ${file} unless something needs it at run time`,
  more: (first: string, rest: number) => (rest ? `${first} (and ${rest} more)` : first),
  imports: (modules: string[], section: string, declared: string[]) =>
    `imported packages: ${modules.join(', ') || '(none)'}\ndeclared in ${section}: ${declared.join(', ') || '(none)'}`,
  declared: (file: string, modules: string[]) =>
    `${file} declares every imported package (${modules.length ? modules.join(', ') : 'standard library only'})`,
} satisfies MessageTable;

const CODES: Record<Exclude<ImportVerdict['category'], 'declared'>, FindingCode> = {
  missing: 'undeclared-import',
  transitive: 'transitive-import',
  misplaced: 'misplaced-import',
  'optional-undeclared': 'optional-import-undeclared',
  'not-installed': 'import-not-installed',
};

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
    const imports = await scanImports(toolDir, entrypoint, runtime, declared.deps, resolved);
    if (!imports.ok) return { status: 'fail', message: imports.message };
    // the interpreter already said its version and what is installed: check 5 asks no second time
    state.interpreterProbe = imports.interpreter;
    const python = runtime.kind === 'python';
    const file = declared.deps.file;
    const section = python ? '[project].dependencies' : '"dependencies"';
    const sentence = (v: ImportVerdict): string => {
      switch (v.category) {
        case 'missing':
          return messages.missing(v, file, section);
        case 'transitive':
          return messages.transitive(v, file, section);
        case 'misplaced':
          return messages.misplaced(v, file, section, python);
        case 'optional-undeclared':
          return messages.optionalUndeclared(v, file, python);
        default:
          return messages.notInstalled(v, python);
      }
    };
    const findings: Finding[] = imports.verdicts
      .filter((v) => v.category !== 'declared')
      .map((v) =>
        finding(CODES[v.category as keyof typeof CODES], { file: v.file, line: v.line, message: sentence(v) }),
      );
    // installed as the interpreter said (Python), or found in node_modules (Node)
    const probed = imports.interpreter?.installed;
    const isInstalled = python
      ? (name: string) => !!probed?.[name]
      : (name: string) => nodePackageDir(toolDir, name) !== null;
    const unused = unusedDependencies(declared.deps, imports.verdicts, isInstalled);
    if (unused.length) {
      const read = readUserFile(toolDir, file);
      const lines = read.ok ? read.text.split('\n') : [];
      for (const name of unused) {
        const at = lines.findIndex((l) => l.includes(`"${name}`));
        findings.push(
          finding('unused-dependency', {
            file,
            ...(at >= 0 ? { line: at + 1 } : {}),
            message: messages.unused(name, file),
          }),
        );
      }
    }
    const modules = imports.verdicts.map((v) => v.module);
    const errors = findings.filter((f) => f.severity === 'error');
    const warnings = findings.filter((f) => f.severity === 'warning');
    const shown = errors.length ? errors : warnings;
    if (shown.length) {
      return {
        status: errors.length ? 'fail' : 'warn',
        message: messages.more(findingLine(shown[0]!), shown.length - 1),
        details: [...findings.map(findingLine), messages.imports(modules, section, declared.deps.runtime)].join('\n'),
        findings,
      };
    }
    return {
      status: 'pass',
      message: messages.declared(file, modules),
      ...(findings.length ? { details: findings.map(findingLine).join('\n'), findings } : {}),
    };
  },
};
