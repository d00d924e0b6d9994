// A front door's request made into the options of one tool's validation, in one place, so the
// command line, the service, the API and the Vitest integration cannot assemble them differently.
import type { ValidateOptions, ValidateRequest } from '../model/options.js';
import { loadProject, type Project, projectSettings } from '../project/project.js';
import { toolRef } from '../project/tool-ref.js';

/** A request with the project it runs in, when the front door has loaded it already. */
export type InProject<T> = T & { project?: Project };

export function projectOf(request: InProject<Pick<ValidateRequest, 'cwd' | 'toolsDir'>>): Project {
  return request.project ?? loadProject(request);
}

/**
 * The options of one tool's validation. `many`: the tool is one of several, so `jobs` counts tools,
 * not fixtures, and a fixture filter that matches only other tools' fixtures is no error here.
 */
export function validateOptionsFor(
  project: Project,
  request: ValidateRequest,
  toolDir: string,
  opts: { many?: boolean } = {},
): ValidateOptions {
  return {
    toolDir,
    toolRef: toolRef(toolDir, { cwd: request.cwd, toolsDir: project.toolsDir, toolsDirFlag: request.toolsDir }),
    referenceOnly: request.referenceOnly,
    strict: request.strict,
    fixture: request.fixture,
    tag: request.tag,
    repeat: request.repeat,
    determinism: request.determinism,
    explore: request.explore,
    project: projectSettings(project),
    ...(opts.many ? { filterAcrossTools: true } : { jobs: request.jobs ?? project.config.jobs }),
    ...(request.startupTimeout ? { healthTimeoutMs: request.startupTimeout * 1000 } : {}),
    ...(request.wholeValues ? { reportValueLimits: { valueChars: Infinity, totalChars: Infinity } } : {}),
    ...(request.onProgress ? { onProgress: request.onProgress } : {}),
  };
}
