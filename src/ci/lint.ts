// `pixie lint`: everything pixie can check in a tool without starting it (for pre-commit hooks):
// the folder (check 1), tool.json (checks 2–3), every fixture and tolerance.yaml (check 12's loaders),
// and reference/ hygiene. Every problem has its file, a line when one is known, and the fix.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { folderStructure } from '../checks/folder-structure.js';
import { schemasCoherent } from '../checks/schemas-coherent.js';
import type { CheckContext, ValidationState } from '../checks/types.js';
import { comparatorFor } from '../comparators/index.js';
import { loadFixtures } from '../reference/load.js';
import { loadManifest } from '../tool/manifest.js';
import { loadTolerance } from '../tolerance/load.js';
import { strayReferenceFiles } from './hygiene.js';

export interface LintProblem {
  /** relative to the tool folder: tool.json, reference/fixture_basic.json, … */
  file: string;
  line?: number;
  /** path inside the file (JSON path or pointer), '' when it is about the whole file */
  path: string;
  message: string;
  severity: 'error' | 'warning';
}

export interface LintResult { toolDir: string; toolId: string; problems: LintProblem[] }

function contextFor(toolDir: string, state: Partial<ValidationState>): CheckContext {
  const full: ValidationState = { toolId: path.basename(toolDir), entrypoint: null, runtime: null, spawnLog: null, sampleInputs: null, sampleOutput: null, fixtures: [], warnings: [], errors: [], peakMemoryMb: null, ...state };
  return { toolDir, options: { toolDir }, state: full, results: new Map() };
}

/** The line of `"key": "<value>"` in tool.json, to place a check-3 problem about that input or output. */
function lineOfKey(text: string, key: string): number | undefined {
  const re = new RegExp(`"key"\\s*:\\s*${JSON.stringify(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  const m = re.exec(text);
  return m ? text.slice(0, m.index).split('\n').length : undefined;
}

export function lintTool(toolDir: string): LintResult {
  const problems: LintProblem[] = [];
  const add = (p: Omit<LintProblem, 'severity' | 'path'> & { path?: string; severity?: LintProblem['severity'] }) => problems.push({ path: '', severity: 'error', ...p });

  const folder = folderStructure.run(contextFor(toolDir, {})) as Awaited<ReturnType<typeof folderStructure.run>>;
  if (folder.status === 'fail') {
    for (const line of (folder.details ?? folder.message).split('\n')) {
      const m = /^([^:\s]+): (.*)$/.exec(line);
      const file = m && m[1] !== 'no entrypoint' ? m[1]! : '.';
      const what = m && m[1] !== 'no entrypoint' ? m[2]! : line;
      add({ file, message: what === 'missing' ? `missing: create ${file} (see pixie new for a working example)` : what });
    }
  }

  const load = loadManifest(toolDir);
  let toolId = path.basename(toolDir);
  if (!load.ok) {
    if (load.stage !== 'missing' || folder.status !== 'fail') {
      for (const p of load.problems) add({ file: 'tool.json', ...(p.line ? { line: p.line } : {}), path: p.path ?? '', message: p.message });
    }
    return { toolDir, toolId, problems };
  }
  const manifest = load.manifest;
  if (typeof manifest.id === 'string' && manifest.id) toolId = manifest.id;

  const coherent = schemasCoherent.run(contextFor(toolDir, { manifest })) as Awaited<ReturnType<typeof schemasCoherent.run>>;
  if (coherent.status !== 'pass' && coherent.status !== 'skip') {
    for (const line of (coherent.details ?? coherent.message).split('\n')) {
      const key = /(?:input|output) (?:key: )?'([^']+)'/.exec(line)?.[1];
      const at = key ? lineOfKey(load.text, key) : undefined;
      const isWarning = coherent.status === 'warn' || /differs from the folder name|declares no outputs/.test(line);
      add({ file: 'tool.json', ...(at ? { line: at } : {}), message: line, severity: isWarning ? 'warning' : 'error' });
    }
  }

  const referenceDir = path.join(toolDir, 'reference');
  const tolerance = loadTolerance(referenceDir, { outputs: manifest.outputs, comparatorFor });
  const fixtures = loadFixtures(referenceDir, { manifest, comparatorFor });
  for (const p of [...tolerance.problems, ...fixtures.problems]) add({ file: p.file ?? '', ...(p.line ? { line: p.line } : {}), path: p.path ?? '', message: p.message });
  for (const f of fixtures.fixtures) {
    if (Object.keys(f.expected_outputs).length === 0) {
      const text = safeRead(f.path);
      const line = text ? text.slice(0, Math.max(0, text.indexOf('"expected_outputs"'))).split('\n').length : undefined;
      add({ file: `reference/${f.file}`, ...(line ? { line } : {}), path: 'expected_outputs', message: 'expected_outputs is empty, so the fixture asserts nothing; add the outputs it should check (pixie validate --update-fixtures shows the current values)' });
    }
  }
  for (const s of strayReferenceFiles(toolDir)) add({ file: s.file, message: s.message });
  return { toolDir, toolId, problems };
}

function safeRead(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** `file:line: message` lines (paths relative to `cwd`), compiler style so editors can jump to them. */
export function renderLint(results: readonly LintResult[], cwd = process.cwd()): string {
  const out: string[] = [];
  let errors = 0;
  let warnings = 0;
  let dirty = 0;
  for (const r of results) {
    if (r.problems.length) dirty++;
    for (const p of r.problems) {
      if (p.severity === 'error') errors++; else warnings++;
      const file = path.relative(cwd, path.join(r.toolDir, p.file)) || '.';
      out.push(`${file}${p.line ? `:${p.line}` : ''}: ${p.severity}: ${p.message}${p.path && !p.message.includes(p.path) ? ` [${p.path}]` : ''}`);
    }
  }
  out.push(errors + warnings === 0
    ? `pixie lint: ${results.length} tool(s), no problems`
    : `pixie lint: ${errors} error(s), ${warnings} warning(s) in ${dirty} of ${results.length} tool(s)`);
  return out.join('\n') + '\n';
}
