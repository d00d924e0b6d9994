// Check 1: tool.json, the entrypoint and the dependency manifest are regular files inside the tool
// folder (docs/tool-format.md): an entrypoint named `../../outside/evil.py`, or a link out of the
// folder, is never run or read.
import { accessSync, constants } from 'node:fs';
import { finding, type Finding } from '../model/finding.js';
import { excerpt } from '../source/excerpt.js';
import { readJsonSource } from '../source/json-source.js';
import { checkUserFile, readUserFile } from '../source/user-file.js';
import { resolveEntrypoint, runtimeFor } from '../tool/runtime.js';
import { isPlainObject } from '../util/is-plain-object.js';
import type { MessageTable } from '../util/message-table.js';
import type { Check } from './types.js';

const messages = {
  unreadable: () => 'not readable (permission denied); make it readable',
  missing: () => 'missing',
  create: (file: string) => `create ${file} (see pixie new for a working example)`,
  /** why a file cannot be used, and the fix (source/user-file.ts says both) */
  unusable: (reason: string, fix: string) => `${reason}; ${fix}`,
  noEntrypoint: () => 'no entrypoint: add main.ts, main.js or main.py, or name one in tool.json "entrypoint"',
  unsupportedEntrypoint: () => 'unsupported entrypoint type; use .ts, .js, .mjs or .py',
  inFile: (file: string, message: string) => `${file}: ${message}`,
  missingFiles: (files: (string | undefined)[]) => `missing required files: ${files.join(', ')}`,
  problems: (n: number, first: string | undefined) => `${n} folder problem(s): ${first}`,
  present: (files: string[]) => `${files.join(', ')} present and readable`,
} satisfies MessageTable;

function declaredEntrypoint(toolDir: string): unknown {
  // read as check 2 reads it (a byte-order mark is fine); check 2 reports a broken tool.json, and
  // here we fall back to the default entrypoints
  const read = readUserFile(toolDir, 'tool.json');
  if (!read.ok) return undefined;
  const source = readJsonSource(read.text);
  return source.kind === 'parsed' && isPlainObject(source.data) ? source.data.entrypoint : undefined;
}

function problemWith(toolDir: string, file: string): Finding | null {
  const checked = checkUserFile(toolDir, file);
  if (checked.ok) {
    try {
      accessSync(checked.realPath, constants.R_OK);
      return null;
    } catch {
      return finding('unreadable-file', { file, message: messages.unreadable() });
    }
  }
  if (checked.code === 'ENOENT')
    return finding('missing-file', {
      file,
      message: messages.missing(),
      fix: messages.create(file),
    });
  if (checked.kind === 'outside')
    return finding('outside-tool', { file: excerpt(file), message: messages.unusable(checked.reason, checked.fix) });
  return finding('unreadable-file', { file, message: messages.unusable(checked.reason, checked.fix) });
}

export const folderStructure: Check = {
  name: 'folder_structure',
  phase: 'contract',
  startsTool: true,
  messages,
  run({ toolDir, state }) {
    const entrypoint = resolveEntrypoint(toolDir, declaredEntrypoint(toolDir));
    const files = ['tool.json'];
    const findings: Finding[] = [];
    let usable = entrypoint;
    if (!entrypoint) {
      findings.push(finding('no-entrypoint', { message: messages.noEntrypoint() }));
    } else {
      const runtime = runtimeFor(toolDir, entrypoint);
      files.push(entrypoint);
      if (!runtime)
        findings.push(
          finding('unsupported-entrypoint', {
            file: excerpt(entrypoint),
            message: messages.unsupportedEntrypoint(),
          }),
        );
      else files.push(runtime.dependencyManifest);
    }
    for (const f of files) {
      const p = problemWith(toolDir, f);
      if (!p) continue;
      findings.push(p);
      // an entrypoint that is not a regular file inside the tool is never handed to an interpreter
      if (f === entrypoint && p.code !== 'missing-file') usable = null;
    }
    state.entrypoint = usable;
    state.runtime = usable ? runtimeFor(toolDir, usable) : null;
    if (findings.length) {
      const lines = findings.map((f) => (f.file ? messages.inFile(f.file, f.message) : f.message));
      const missing = findings.filter((f) => f.code === 'missing-file').map((f) => f.file);
      const message =
        missing.length === findings.length
          ? messages.missingFiles(missing)
          : messages.problems(findings.length, lines[0]);
      return { status: 'fail', message, details: lines.join('\n'), findings };
    }
    return { status: 'pass', message: messages.present(files) };
  },
};
