import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { readDeclared } from '../tool/dependencies.js';
import { nodePackageDir } from '../tool/node-packages.js';
import type { MessageTable } from '../util/message-table.js';
import type { Check, CheckOutcome } from './types.js';

const messages = {
  noEntrypoint: () => 'skipped: no runnable entrypoint (check 1)',
  /** `error` is null when the interpreter was not found */
  failedToRun: (label: string, error: string | null, python: boolean) =>
    `${label} failed to run: ${error ?? 'not found'}${python ? " — install Python 3 or create the tool's .venv (e.g. `python3 -m venv .venv`)" : ''}`,
  noTsx: (entrypoint: string | null) =>
    `tsx (needed to run ${entrypoint}) is not installed with pixie; run npm ci in pixie's folder`,
  notChecked: (version: string, label: string, why: string) =>
    `${version} (${label}); dependencies not checked: ${why}`,
  cannotAsk: (label: string, error: string | undefined) =>
    `could not ask ${label} which packages are installed: ${error}`,
  npmInstall: () => 'run `npm install` in the tool folder (or in a parent that holds node_modules)',
  createVenv: (n: number) =>
    `create a .venv in the tool folder and install ${n > 1 ? 'them' : 'it'} (\`python3 -m venv .venv && .venv/bin/pip install -e .\`)`,
  installIntoVenv: (n: number) =>
    `install ${n > 1 ? 'them' : 'it'} into .venv (\`.venv/bin/pip install -e .\` or \`uv sync\`)`,
  notInstalled: (missing: string[], fix: string) =>
    `declared ${missing.length > 1 ? 'dependencies' : 'dependency'} ${missing.map((m) => `'${m}'`).join(', ')} not installed; ${fix}`,
  lookedUp: (version: string, label: string, toolDir: string) =>
    `interpreter: ${version} (${label})\nlooked up from ${toolDir}`,
  ready: (version: string, label: string, n: number) =>
    `${version} (${label}); ${n} declared dependenc${n === 1 ? 'y resolves' : 'ies resolve'}`,
  optionalAbsent: (ready: string, absent: string[]) =>
    `${ready}; optionalDependencies ${absent.map((m) => `'${m}'`).join(', ')} not installed, which npm allows (the tool must run without ${absent.length > 1 ? 'them' : 'it'})`,
} satisfies MessageTable;

const run = promisify(execFile);

const PYTHON_CHECK = `
import json, sys
from importlib.metadata import version, PackageNotFoundError
out = {}
for name in sys.argv[1:]:
    try:
        out[name] = version(name)
    except PackageNotFoundError:
        out[name] = None
print(json.dumps(out))
`;

export const runtimeReady: Check = {
  name: 'runtime_ready',
  phase: 'contract',
  requires: ['folder_structure'],
  startsTool: true,
  messages,
  async run({ toolDir, state }): Promise<CheckOutcome> {
    const runtime = state.runtime;
    if (!runtime) return { status: 'skip', message: messages.noEntrypoint() };
    // the running Node is the one a Node tool runs on; a Python tool's interpreter answered check 4
    const probe =
      runtime.kind === 'python' && state.interpreterProbe?.command === runtime.command ? state.interpreterProbe : null;
    let version: string;
    try {
      if (runtime.command === process.execPath) version = process.version;
      else if (probe) version = probe.version;
      else {
        const { stdout, stderr } = await run(runtime.command, ['--version'], { timeout: 5000, cwd: toolDir });
        version = (stdout || stderr).trim();
      }
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      const error = e.code === 'ENOENT' ? null : e.message.split('\n')[0]!;
      return { status: 'fail', message: messages.failedToRun(runtime.label, error, runtime.kind === 'python') };
    }
    if (runtime.kind === 'node' && runtime.preArgs.length) {
      const loader = runtime.preArgs[1]!;
      if (!existsSync(loader)) return { status: 'fail', message: messages.noTsx(state.entrypoint) };
    }
    const declared = await readDeclared(toolDir, runtime);
    if (!declared.ok) return { status: 'pass', message: messages.notChecked(version, runtime.label, declared.message) };
    const names = declared.deps.runtime;
    const missing: string[] = [];
    // npm goes on when an optional dependency does not install (a native build on another platform)
    const optionalAbsent: string[] = [];
    if (runtime.kind === 'node') {
      const optional = new Set(declared.deps.optional);
      for (const name of names)
        if (!nodePackageDir(toolDir, name)) (optional.has(name) ? optionalAbsent : missing).push(name);
    } else if (probe && names.every((n) => Object.hasOwn(probe.installed, n))) {
      for (const name of names) if (!probe.installed[name]) missing.push(name);
    } else if (names.length) {
      try {
        const { stdout } = await run(runtime.command, ['-c', PYTHON_CHECK, ...names], {
          timeout: 15_000,
          cwd: toolDir,
        });
        const versions = JSON.parse(stdout) as Record<string, string | null>;
        for (const name of names) if (!versions[name]) missing.push(name);
      } catch (err) {
        return {
          status: 'fail',
          message: messages.cannotAsk(runtime.label, (err as Error).message.split('\n')[0]),
        };
      }
    }
    if (missing.length) {
      const fix =
        runtime.kind === 'node'
          ? messages.npmInstall()
          : state.runtime?.label === 'python3'
            ? messages.createVenv(missing.length)
            : messages.installIntoVenv(missing.length);
      return {
        status: 'fail',
        message: messages.notInstalled(missing, fix),
        details: messages.lookedUp(version, runtime.label, toolDir),
      };
    }
    const ready = messages.ready(version, runtime.label, names.length - optionalAbsent.length);
    return { status: 'pass', message: optionalAbsent.length ? messages.optionalAbsent(ready, optionalAbsent) : ready };
  },
};
