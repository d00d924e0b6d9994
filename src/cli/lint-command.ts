// `pixie lint [tool…]`: static checks of tool.json, fixtures and tolerance.yaml; nothing is started.
// With --fix, the fixes findings carry are applied first and the tools linted again.
import { toolRef } from '../project/tool-ref.js';
import path from 'node:path';
import { applyFixes, type FixOutcome } from '../ci/lint-fix.js';
import { lintTool, renderLint, type LintResult } from '../ci/lint.js';
import { PixieError } from '../errors.js';
import { formatAnnotation, workspaceRelative } from '../report/renderers/github.js';
import { discoverTools, resolveTool } from '../project/discover.js';
import { loadProject } from '../project/project.js';
import { safeText } from '../report/safe-text.js';

export interface LintCliOptions {
  toolsDir?: string;
  json?: boolean;
  strict?: boolean;
  fix?: boolean;
  /** also the inputs no fixture exercises (reference/input-coverage.ts) */
  coverage?: boolean;
}

export async function lintCommand(targets: string[], opts: LintCliOptions): Promise<number> {
  const { toolsDir, config } = loadProject({ toolsDir: opts.toolsDir });
  const dirs = targets.length
    ? targets.map((t) => resolveTool(t, toolsDir))
    : discoverTools(toolsDir, (w) => process.stderr.write(`pixie: warning: ${safeText(w)}\n`));
  if (dirs.length === 0)
    throw new PixieError(
      'TOOL_NOT_FOUND',
      `no tools found in ${toolsDir}`,
      'a tool is a folder with tool.json; create one with pixie new <id>',
    );
  const projectComparators = Object.keys(config.comparators?.modules ?? {});
  const lint = (dir: string) =>
    lintTool(dir, {
      strict: opts.strict,
      coverage: opts.coverage,
      projectComparators,
      toolRef: toolRef(dir, { toolsDir, toolsDirFlag: opts.toolsDir }),
    });
  let results: LintResult[] = dirs.map(lint);
  const fixes = new Map<string, FixOutcome>();
  if (opts.fix) {
    results = results.map((r) => {
      const outcome = applyFixes(r.toolDir, r.problems);
      if (outcome.applied.length || outcome.skipped.length) fixes.set(r.toolDir, outcome);
      return outcome.applied.length ? lint(r.toolDir) : r;
    });
  }
  if (opts.json) {
    process.stdout.write(
      JSON.stringify(
        results.map((r) => ({
          tool_id: r.toolId,
          tool_path: r.toolDir,
          problems: r.problems,
          ...(opts.fix ? { fixed: fixes.get(r.toolDir)?.applied ?? [] } : {}),
        })),
        null,
        2,
      ) + '\n',
    );
  } else {
    if (opts.fix) process.stdout.write(safeText(renderFixes(fixes)));
    process.stdout.write(safeText(renderLint(results)));
  }
  if (process.env.GITHUB_ACTIONS === 'true') {
    const out = opts.json ? process.stderr : process.stdout;
    for (const r of results) {
      for (const p of r.problems) {
        out.write(
          formatAnnotation({
            level: p.severity === 'error' ? 'error' : p.severity === 'warning' ? 'warning' : 'notice',
            file: workspaceRelative(path.join(r.toolDir, p.file ?? '.')),
            ...(p.line ? { line: p.line } : {}),
            title: `pixie lint: ${safeText(r.toolId)}`,
            message: safeText(p.message),
          }) + '\n',
        );
      }
    }
  }
  return results.some((r) => r.problems.some((p) => p.severity === 'error')) ? 1 : 0;
}

/** `tools/x/tool.json: fixed: add "required": false to input 'csv' (for reference/fixture_a.json:4)` */
function renderFixes(fixes: ReadonlyMap<string, FixOutcome>, cwd = process.cwd()): string {
  const out: string[] = [];
  let applied = 0;
  for (const [toolDir, outcome] of fixes) {
    const where = (file: string) => path.relative(cwd, path.join(toolDir, file)) || '.';
    for (const a of outcome.applied) {
      applied++;
      const from = [...new Set(a.because.map((f) => `${f.file ?? '.'}${f.line ? `:${f.line}` : ''}`))];
      out.push(`${where(a.file)}: fixed: ${a.description} (for ${from.join(', ')})`);
    }
    for (const s of outcome.skipped) out.push(`${where(s.file)}: not fixed: ${s.description}: ${s.reason}`);
  }
  out.push(
    `pixie lint --fix: ${applied} fix(es) applied in ${[...fixes.values()].filter((o) => o.applied.length).length} tool(s)`,
  );
  return out.join('\n') + '\n';
}
