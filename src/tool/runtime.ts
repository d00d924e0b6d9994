// Which program runs a tool, decided by its entrypoint's extension (docs/tool-format.md).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_ENTRYPOINTS = ['main.ts', 'main.js', 'main.mjs', 'main.py'] as const;

export interface Runtime {
  kind: 'node' | 'python';
  /** program to execute */
  command: string;
  /** arguments before the entrypoint (e.g. the tsx loader) */
  preArgs: string[];
  /** the dependency manifest this runtime reads */
  dependencyManifest: 'package.json' | 'pyproject.toml';
  /** how the report names it, e.g. "node (tsx)" or ".venv/bin/python" */
  label: string;
}

/** tool.json's `entrypoint`, else the first default file that exists, else null. */
export function resolveEntrypoint(toolDir: string, declared?: unknown): string | null {
  if (typeof declared === 'string' && declared.trim()) return declared;
  return DEFAULT_ENTRYPOINTS.find((f) => existsSync(path.join(toolDir, f))) ?? null;
}

let tsxLoader: string | undefined;
function tsxLoaderPath(): string {
  // pixie's own tsx runs TypeScript tools, so tools need no build step and no tsx of their own
  tsxLoader ??= fileURLToPath(import.meta.resolve('tsx'));
  return tsxLoader;
}

export function runtimeFor(toolDir: string, entrypoint: string): Runtime | null {
  const ext = path.extname(entrypoint).toLowerCase();
  if (ext === '.ts' || ext === '.mts') {
    return {
      kind: 'node',
      command: process.execPath,
      preArgs: ['--import', tsxLoaderPath()],
      dependencyManifest: 'package.json',
      label: 'node (tsx)',
    };
  }
  if (ext === '.js' || ext === '.mjs' || ext === '.cjs') {
    return { kind: 'node', command: process.execPath, preArgs: [], dependencyManifest: 'package.json', label: 'node' };
  }
  if (ext === '.py') {
    const venv = path.join(toolDir, '.venv', 'bin', 'python');
    if (existsSync(venv))
      return {
        kind: 'python',
        command: venv,
        preArgs: [],
        dependencyManifest: 'pyproject.toml',
        label: '.venv/bin/python',
      };
    return { kind: 'python', command: 'python3', preArgs: [], dependencyManifest: 'pyproject.toml', label: 'python3' };
  }
  return null;
}
