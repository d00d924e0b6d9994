// validateTool() and validateAll() for programs (docs/api.md): the same workflows, project lookup,
// config and report as `pixie validate`, without the terminal.
import type { ExploreOptions, ProgressEvent, ValidateRequest } from '../model/options.js';
import type { Report } from '../model/report.js';
import { validateProject } from '../workflows/validate-project.js';
import { validateTool as validateToolWorkflow } from '../workflows/validate-tool.js';

export interface ProjectLookup {
  /** where the project is looked for, walking up to pixie.config or tools/ (default: the current directory) */
  cwd?: string;
  /** the tools directory, over $PIXIE_TOOLS_DIR and the config's tools_dir (relative to `cwd`) */
  toolsDir?: string;
}

/** The API's options: the request every front door makes, without the command line's own settings. */
export interface ValidateToolOptions
  extends ProjectLookup,
    Pick<
      ValidateRequest,
      'referenceOnly' | 'strict' | 'fixture' | 'tag' | 'jobs' | 'startupTimeout' | 'repeat' | 'determinism'
    > {
  /** also explore the tool's inputs (as --explore); `{}` for the default budget and a random seed */
  explore?: ExploreOptions;
  onProgress?: (event: ProgressEvent) => void;
}

export interface ValidateAllOptions extends Omit<ValidateToolOptions, 'jobs'> {
  /** tools validated at once (default: the config's jobs, else the CPU count) */
  jobs?: number;
}

/**
 * Validates one tool, by id (a folder in the tools directory) or path, and returns the report
 * `pixie validate --json` prints. Throws a PixieError for a tool that does not exist or a broken config.
 */
export async function validateTool(toolPathOrId: string, options: ValidateToolOptions = {}): Promise<Report> {
  return (await validateToolWorkflow(toolPathOrId, options)).report;
}

/**
 * Validates every tool of the project, `jobs` at a time, like `pixie validate --all`. With a fixture
 * or tag filter, tools without a matching fixture are left out; a filter that matches no fixture in
 * any tool throws a PixieError (code NO_MATCH).
 */
export async function validateAll(options: ValidateAllOptions = {}): Promise<Report[]> {
  return (await validateProject({ ...options, all: true })).reports;
}
