// Validating many tools of a project, as `pixie validate --all | --changed [--shard]` and the API's
// validateAll() do: the tools discovered, chosen (--changed, --shard) and filtered (a --fixture or
// --tag selection leaves out tools without a matching fixture), then validated `jobs` at a time.
import os from 'node:os';
import path from 'node:path';
import { selectToolDirs } from '../ci/select-tools.js';
import { PixieError } from '../errors.js';
import type { ToolSelection, ValidateRequest } from '../model/options.js';
import type { Report } from '../model/report.js';
import { PendingRecorder, type Recorded } from '../pending/record.js';
import { discoverTools } from '../project/discover.js';
import type { Project } from '../project/project.js';
import { toolsMatching } from '../reference/matching-tools.js';
import { mapPool } from '../util/pool.js';
import { type InProject, projectOf, validateOptionsFor } from './options.js';
import { runValidation } from './validation-run.js';

export type ProjectRequest = InProject<ValidateRequest & ToolSelection>;

export interface ProjectEvents {
  /** a sentence about the choice of tools (what --changed, --shard or a filter kept), as it is made */
  onNote?: (note: string) => void;
  /** a tool folder discovery passed over */
  onWarning?: (warning: string) => void;
  /** the tools chosen, before any is validated */
  onChosen?: (toolDirs: readonly string[]) => void;
  /** one tool's report, as it finishes */
  onToolDone?: (report: Report) => void;
}

export interface ProjectValidation {
  reports: Report[];
  /** pending results recorded per tool (when the request asked) */
  pending: Recorded[];
}

/** The tool folders a request takes, in order; throws a PixieError when there are none at all. */
export function chooseTools(project: Project, request: ProjectRequest, events: ProjectEvents = {}): string[] {
  const found = discoverTools(project.toolsDir, events.onWarning);
  if (found.length === 0)
    throw new PixieError(
      'TOOL_NOT_FOUND',
      `no tools found in ${project.toolsDir}`,
      'a tool is a folder with tool.json; create one with pixie new <id>',
    );
  const selected = selectToolDirs(found, project.toolsDir, request);
  for (const n of selected.notes) events.onNote?.(n);
  // a filter filters: tools without a matching fixture are left out, and matching nothing anywhere fails
  const matching = toolsMatching(selected.dirs, request);
  if (matching.skipped.length)
    events.onNote?.(
      `${matching.skipped.length} of ${selected.dirs.length} tool(s) have no fixture matching the selection and are skipped: ${matching.skipped.map((d) => path.basename(d)).join(', ')}`,
    );
  return matching.dirs;
}

/** Tools at once: the request's jobs, the config's, else the number of CPUs. */
export function toolJobs(project: Project, request: Pick<ValidateRequest, 'jobs'>): number {
  return request.jobs ?? project.config.jobs ?? os.availableParallelism();
}

export async function validateProject(
  request: ProjectRequest = {},
  events: ProjectEvents = {},
): Promise<ProjectValidation> {
  const project = projectOf(request);
  const dirs = chooseTools(project, request, events);
  events.onChosen?.(dirs);
  const pending: Recorded[] = [];
  const reports = await mapPool(dirs, toolJobs(project, request), async (toolDir) => {
    const options = validateOptionsFor(project, request, toolDir, { many: true });
    const recorder = request.recordPending ? new PendingRecorder(toolDir, options.toolRef) : null;
    const report = await runValidation({
      ...options,
      ...(recorder ? { onFailingOutputs: recorder.take } : {}),
    });
    if (recorder) pending.push(recorder.finish(report));
    events.onToolDone?.(report);
    return report;
  });
  return { reports, pending };
}
