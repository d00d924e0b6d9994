// validateTool() and validateAll() for programs (docs/api.md): the same project lookup, config and
// report as `pixie validate`, without the terminal.
import os from 'node:os';
import { discoverTools, resolveTool } from '../project/discover.js';
import { loadProject, type Project, projectSettings } from '../project/project.js';
import { toolsMatching } from '../reference/matching-tools.js';
import type { Report } from '../model/report.js';
import { mapPool } from '../util/pool.js';
import type { ExploreOptions, ProgressEvent, ValidateOptions } from '../model/options.js';
import { validateTool as validateToolDir } from '../validation/validate-tool.js';

export interface ProjectLookup {
  /** where the project is looked for, walking up to pixie.config or tools/ (default: the current directory) */
  cwd?: string;
  /** the tools directory, over $PIXIE_TOOLS_DIR and the config's tools_dir (relative to `cwd`) */
  toolsDir?: string;
}

export interface ValidateToolOptions extends ProjectLookup {
  /** report the contract checks as skipped and judge only the reference fixtures */
  referenceOnly?: boolean;
  /** the fixtures check also fails on warnings, stray reference files and tools without fixtures */
  strict?: boolean;
  /** fixture selectors: a path, file name, bare name or glob */
  fixture?: string[];
  tag?: string[];
  /** fixtures run at once (default 4, or the config's jobs) */
  jobs?: number;
  /** seconds a tool may take to answer /healthz, over tool.json and the config */
  startupTimeout?: number;
  /** runs of every selected fixture, instead of each fixture's own `repeat` (as --repeat) */
  repeat?: number;
  /** false: check 8 sends the sample input once, not twice (as --no-determinism) */
  determinism?: boolean;
  /** also explore the tool's inputs (as --explore); `{}` for the default budget and a random seed */
  explore?: ExploreOptions;
  onProgress?: (event: ProgressEvent) => void;
}

export interface ValidateAllOptions extends Omit<ValidateToolOptions, 'jobs'> {
  /** tools validated at once (default: the config's jobs, else the CPU count) */
  jobs?: number;
}

function internalOptions(project: Project, opts: ValidateToolOptions): Omit<ValidateOptions, 'toolDir'> {
  return {
    referenceOnly: opts.referenceOnly,
    strict: opts.strict,
    fixture: opts.fixture,
    tag: opts.tag,
    repeat: opts.repeat,
    determinism: opts.determinism,
    explore: opts.explore,
    project: projectSettings(project),
    ...(opts.startupTimeout ? { healthTimeoutMs: opts.startupTimeout * 1000 } : {}),
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
  };
}

/**
 * Validates one tool, by id (a folder in the tools directory) or path, and returns the report
 * `pixie validate --json` prints. Throws a PixieError for a tool that does not exist or a broken config.
 */
export async function validateTool(toolPathOrId: string, options: ValidateToolOptions = {}): Promise<Report> {
  const project = loadProject(options);
  const toolDir = resolveTool(toolPathOrId, project.toolsDir, options.cwd);
  return validateToolDir({
    ...internalOptions(project, options),
    toolDir,
    jobs: options.jobs ?? project.config.jobs,
  });
}

/**
 * Validates every tool of the project, `jobs` at a time, like `pixie validate --all`. With a fixture
 * or tag filter, tools without a matching fixture are left out; a filter that matches no fixture in
 * any tool throws a PixieError (code NO_MATCH).
 */
export async function validateAll(options: ValidateAllOptions = {}): Promise<Report[]> {
  const project = loadProject(options);
  const { dirs } = toolsMatching(discoverTools(project.toolsDir), options);
  const base = internalOptions(project, options);
  return mapPool(dirs, options.jobs ?? project.config.jobs ?? os.availableParallelism(), (toolDir) =>
    validateToolDir({ ...base, filterAcrossTools: true, toolDir }),
  );
}
