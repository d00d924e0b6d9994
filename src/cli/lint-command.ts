// `pixie lint [tool…]`: static checks of tool.json, fixtures and tolerance.yaml; nothing is started.
import path from 'node:path';
import { lintTool, renderLint, type LintResult } from '../ci/lint.js';
import { PixieError } from '../errors.js';
import { formatAnnotation, workspaceRelative } from '../report/renderers/github.js';
import { safeText } from '../report/safe-text.js';
import { defaultToolsDir, discoverTools, resolveTool } from '../project/discover.js';

export interface LintCliOptions {
  toolsDir?: string;
  json?: boolean;
}

export async function lintCommand(targets: string[], opts: LintCliOptions): Promise<number> {
  const toolsDir = opts.toolsDir ? path.resolve(opts.toolsDir) : defaultToolsDir();
  const dirs = targets.length
    ? targets.map((t) => resolveTool(t, toolsDir))
    : discoverTools(toolsDir, (w) => process.stderr.write(`pixie: warning: ${safeText(w)}\n`));
  if (dirs.length === 0)
    throw new PixieError(
      'TOOL_NOT_FOUND',
      `no tools found in ${toolsDir}`,
      'a tool is a folder with tool.json; create one with pixie new <id>',
    );
  const results: LintResult[] = dirs.map(lintTool);
  if (opts.json) {
    process.stdout.write(
      JSON.stringify(
        results.map((r) => ({ tool_id: r.toolId, tool_path: r.toolDir, problems: r.problems })),
        null,
        2,
      ) + '\n',
    );
  } else {
    process.stdout.write(safeText(renderLint(results)));
  }
  if (process.env.GITHUB_ACTIONS === 'true') {
    const out = opts.json ? process.stderr : process.stdout;
    for (const r of results) {
      for (const p of r.problems) {
        out.write(
          formatAnnotation({
            level: p.severity === 'error' ? 'error' : 'warning',
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
