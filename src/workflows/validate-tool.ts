// Validating one tool, as `pixie validate <tool>`, the API's validateTool() and the service run it:
// the tool found in the project, its options made from the request, --shard over its fixtures, and
// the out-of-tolerance values recorded as pending results when the request asks.
import path from 'node:path';
import { emptyShardReport, shardFixtures } from '../ci/fixture-shard.js';
import { parseShard } from '../ci/shard.js';
import type { ToolSelection, ValidateOptions, ValidateRequest } from '../model/options.js';
import type { Report } from '../model/report.js';
import { PendingRecorder, type Recorded } from '../pending/record.js';
import { resolveTool } from '../project/discover.js';
import type { Project } from '../project/project.js';
import { type InProject, projectOf, validateOptionsFor } from './options.js';
import { runValidation } from './validation-run.js';

export type { Recorded } from '../pending/record.js';

export type ToolRequest = InProject<ValidateRequest & Pick<ToolSelection, 'shard' | 'durations'>>;

export interface ToolValidation {
  toolDir: string;
  report: Report;
  /** what was recorded in .pixie/pending (when the request asked) */
  pending: Recorded | null;
  /** with --shard: the fixtures of this shard and how many there were to split */
  shard: { files: string[]; candidates: number } | null;
}

/** A validator of prepared options: runValidation, or a stand-in the service's tests give. */
export type ValidateFn = (options: ValidateOptions) => Promise<Report>;

/** Validates the tool `target` (an id in the tools directory, or a path). */
export async function validateTool(target: string, request: ToolRequest = {}): Promise<ToolValidation> {
  const project = projectOf(request);
  const toolDir = resolveTool(target, project.toolsDir, request.cwd);
  return validateToolDir(project, toolDir, request);
}

/** Validates the tool in `toolDir` of `project`. */
export async function validateToolDir(
  project: Project,
  toolDir: string,
  request: ToolRequest,
  validate: ValidateFn = runValidation,
): Promise<ToolValidation> {
  const options = validateOptionsFor(project, request, toolDir);
  const pending = request.recordPending ? new PendingRecorder(toolDir, options.toolRef) : null;
  const spec = request.shard ? parseShard(request.shard) : null;
  const shard = spec ? shardFixtures(toolDir, spec, { fixture: request.fixture, durations: request.durations }) : null;
  let report: Report;
  if (spec && shard && shard.candidates > 0 && shard.files.length === 0)
    report = emptyShardReport(toolDir, spec, {
      reference_only: Boolean(request.referenceOnly),
      strict: Boolean(request.strict),
    });
  else
    report = await validate({
      ...options,
      ...(shard?.files.length ? { fixture: shard.files } : {}),
      ...(pending ? { onFailingOutputs: pending.take } : {}),
    });
  return { toolDir: path.resolve(toolDir), report, pending: pending?.finish(report) ?? null, shard };
}
