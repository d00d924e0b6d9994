// `pixie lint`: everything pixie can check in a tool without starting it (for pre-commit hooks):
// the folder (check 1), tool.json (checks 2–3), every fixture and tolerance.yaml (check 12's loaders),
// and reference/ hygiene. It reads the checks' findings at the severity the table gives them, the
// same as `pixie validate` (an error here fails validate, a warning warns); `strict` reads the
// --strict column instead, so what would fail `validate --strict` is an error.
import path from 'node:path';
import { folderStructure } from '../checks/folder-structure.js';
import { schemasCoherent } from '../checks/schemas-coherent.js';
import { type CheckContext, type CheckOutcome, initialState, type ValidationState } from '../checks/types.js';
import { comparatorFor } from '../comparators/index.js';
import { finding, severityOf, type Finding } from '../model/finding.js';
import { uncoveredOutputs } from '../reference/coverage.js';
import { uncoveredInputs } from '../reference/input-coverage.js';
import { loadFixtures } from '../reference/load.js';
import { readUserFile } from '../source/user-file.js';
import { strayReferenceFiles } from '../reference/stray-files.js';
import { loadManifest } from '../tool/manifest.js';
import { loadTolerance } from '../tolerance/load.js';

export interface LintResult {
  toolDir: string;
  toolId: string;
  problems: Finding[];
}

function contextFor(toolDir: string, state: Partial<ValidationState>): CheckContext {
  const full: ValidationState = { ...initialState(toolDir), ...state };
  return { toolDir, options: { toolDir }, state: full, results: new Map() };
}

/** The line of `"expected_outputs"` in a fixture file, to place the empty-expectations warning. */
function lineOfExpectedOutputs(toolDir: string, file: string): number | undefined {
  const read = readUserFile(toolDir, `reference/${file}`);
  if (!read.ok) return undefined;
  const text = read.text;
  const at = text.indexOf('"expected_outputs"');
  return at < 0 ? undefined : text.slice(0, at).split('\n').length;
}

export interface LintOptions {
  /** the --strict column of the severity table */
  strict?: boolean;
  /** --coverage: also the select options, checkbox states and range ends no fixture exercises */
  coverage?: boolean;
  /** the project's comparator names (pixie.config `comparators`), valid as `compare` modes */
  projectComparators?: readonly string[];
  /** how a pasted command names the tool (project/tool-ref.ts); the folder name when unset */
  toolRef?: string;
}

export function lintTool(toolDir: string, opts: LintOptions = {}): LintResult {
  const problems: Finding[] = [];
  const add = (fs: readonly Finding[]) => {
    for (const f of fs) problems.push({ ...f, severity: severityOf(f.code, { strict: opts.strict }) });
  };

  const folder = folderStructure.run(contextFor(toolDir, {})) as CheckOutcome;
  add(folder.findings ?? []);
  const load = loadManifest(toolDir);
  let toolId = path.basename(toolDir);
  if (!load.ok) {
    // a missing tool.json was already reported by the folder check
    if (load.stage !== 'missing' || folder.status !== 'fail') add(load.problems);
    return { toolDir, toolId, problems };
  }
  const manifest = load.manifest;
  if (typeof manifest.id === 'string' && manifest.id) toolId = manifest.id;
  add((schemasCoherent.run(contextFor(toolDir, { manifest, manifestLoad: load })) as CheckOutcome).findings ?? []);

  const referenceDir = path.join(toolDir, 'reference');
  const projectComparators = opts.projectComparators ?? [];
  const tolerance = loadTolerance(referenceDir, { outputs: manifest.outputs, comparatorFor, projectComparators });
  const fixtures = loadFixtures(referenceDir, { manifest, comparatorFor, projectComparators });
  add(tolerance.problems);
  add(fixtures.problems);
  for (const f of fixtures.fixtures) {
    // a negative fixture asserts a refusal, never outputs
    if (Object.keys(f.expected_outputs).length > 0 || f.expected_status !== null) continue;
    const line = lineOfExpectedOutputs(toolDir, f.file);
    add([
      finding('expected-outputs-empty', {
        file: `reference/${f.file}`,
        ...(line ? { line } : {}),
        path: 'expected_outputs',
        message: `expected_outputs is empty, so the fixture asserts nothing yet; pixie validate ${opts.toolRef ?? path.basename(toolDir)} --fixture ${f.file.replace(/^fixture_|\.json$/g, '')} -u fills it with every output of the tool's answer (or pixie review, after a run, to look at them first)`,
      }),
    ]);
  }
  add(strayReferenceFiles(toolDir));
  // only when every fixture loaded: one that did not may be the one asserting the output
  if (fixtures.problems.every((p) => p.severity !== 'error')) {
    add(uncoveredOutputs(manifest, fixtures.fixtures, opts.toolRef ?? path.basename(toolDir)));
    // one line per option, state and range end of every tool: asked for, as it is a to-do list, not a problem
    if (opts.coverage) add(uncoveredInputs(manifest, fixtures.fixtures));
  }
  return { toolDir, toolId, problems };
}

/** `file:line: severity: message` lines (paths relative to `cwd`), compiler style so editors can jump to them. */
export function renderLint(results: readonly LintResult[], cwd = process.cwd()): string {
  const out: string[] = [];
  let errors = 0;
  let warnings = 0;
  let notes = 0;
  let dirty = 0;
  for (const r of results) {
    if (r.problems.length) dirty++;
    for (const p of r.problems) {
      if (p.severity === 'error') errors++;
      else if (p.severity === 'warning') warnings++;
      else notes++;
      const file = path.relative(cwd, path.join(r.toolDir, p.file ?? '.')) || '.';
      const message = p.fix ? `${p.message}: ${p.fix}` : p.message;
      out.push(
        `${file}${p.line ? `:${p.line}` : ''}: ${p.severity}: ${message}${p.path && !message.includes(p.path) ? ` [${p.path}]` : ''}`,
      );
    }
  }
  out.push(
    errors + warnings + notes === 0
      ? `pixie lint: ${results.length} tool(s), no problems`
      : `pixie lint: ${errors} error(s), ${warnings} warning(s)${notes ? `, ${notes} note(s)` : ''} in ${dirty} of ${results.length} tool(s)`,
  );
  return out.join('\n') + '\n';
}
