import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { resolveEntrypoint, runtimeFor } from '../tool/runtime.js';
import type { Check } from './types.js';

function declaredEntrypoint(toolDir: string): unknown {
  try {
    return (JSON.parse(readFileSync(path.join(toolDir, 'tool.json'), 'utf8')) as { entrypoint?: unknown }).entrypoint;
  } catch {
    return undefined; // check 2 reports a broken tool.json; here we fall back to the default entrypoints
  }
}

function problemWith(file: string): string | null {
  try {
    if (!statSync(file).isFile()) return 'is not a regular file';
    accessSync(file, constants.R_OK);
    return null;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : `not readable (${(err as Error).message})`;
  }
}

export const folderStructure: Check = {
  number: 1,
  name: 'folder_structure',
  startsTool: true,
  run({ toolDir, state }) {
    const entrypoint = resolveEntrypoint(toolDir, declaredEntrypoint(toolDir));
    state.entrypoint = entrypoint;
    state.runtime = entrypoint ? runtimeFor(toolDir, entrypoint) : null;
    const files = ['tool.json'];
    const problems: string[] = [];
    if (!entrypoint) {
      problems.push('no entrypoint: add main.ts, main.js or main.py, or name one in tool.json "entrypoint"');
    } else {
      files.push(entrypoint);
      if (!state.runtime) problems.push(`${entrypoint}: unsupported entrypoint type; use .ts, .js, .mjs or .py`);
      else files.push(state.runtime.dependencyManifest);
    }
    for (const f of files) {
      const p = problemWith(path.join(toolDir, f));
      if (p) problems.push(`${f}: ${p}`);
    }
    if (problems.length) {
      const missing = problems.filter((p) => p.endsWith(': missing')).map((p) => p.slice(0, -': missing'.length));
      const message = missing.length === problems.length ? `missing required files: ${missing.join(', ')}` : `${problems.length} folder problem(s): ${problems[0]}`;
      return { status: 'fail', message, details: problems.join('\n') };
    }
    return { status: 'pass', message: `${files.join(', ')} present and readable` };
  },
};
