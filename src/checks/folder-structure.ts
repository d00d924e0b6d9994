import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { resolveEntrypoint, runtimeFor } from '../tool/runtime.js';
import { finding, type Finding } from '../report/finding.js';
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
  name: 'folder_structure',
  phase: 'contract',
  startsTool: true,
  run({ toolDir, state }) {
    const entrypoint = resolveEntrypoint(toolDir, declaredEntrypoint(toolDir));
    state.entrypoint = entrypoint;
    state.runtime = entrypoint ? runtimeFor(toolDir, entrypoint) : null;
    const files = ['tool.json'];
    const findings: Finding[] = [];
    if (!entrypoint) {
      findings.push(
        finding('no-entrypoint', {
          message: 'no entrypoint: add main.ts, main.js or main.py, or name one in tool.json "entrypoint"',
        }),
      );
    } else {
      files.push(entrypoint);
      if (!state.runtime)
        findings.push(
          finding('unsupported-entrypoint', {
            file: entrypoint,
            message: 'unsupported entrypoint type; use .ts, .js, .mjs or .py',
          }),
        );
      else files.push(state.runtime.dependencyManifest);
    }
    for (const f of files) {
      const p = problemWith(path.join(toolDir, f));
      if (p === 'missing')
        findings.push(
          finding('missing-file', {
            file: f,
            message: 'missing',
            fix: `create ${f} (see pixie new for a working example)`,
          }),
        );
      else if (p) findings.push(finding('unreadable-file', { file: f, message: p }));
    }
    if (findings.length) {
      const lines = findings.map((f) => (f.file ? `${f.file}: ${f.message}` : f.message));
      const missing = findings.filter((f) => f.code === 'missing-file').map((f) => f.file);
      const message =
        missing.length === findings.length
          ? `missing required files: ${missing.join(', ')}`
          : `${findings.length} folder problem(s): ${lines[0]}`;
      return { status: 'fail', message, details: lines.join('\n'), findings };
    }
    return { status: 'pass', message: `${files.join(', ')} present and readable` };
  },
};
