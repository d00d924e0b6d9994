// The checks in report order (docs/checks.md). Order lives here and only here: a check's number is
// its position in this list.
import { cleanShutdown } from './clean-shutdown.js';
import { dependenciesDeclared } from './dependencies-declared.js';
import { folderStructure } from './folder-structure.js';
import { outputConforms } from './output-conforms.js';
import { referenceFixtures } from './reference-fixtures.js';
import { runtimeReady } from './runtime-ready.js';
import { sampleRunSucceeds } from './sample-run-succeeds.js';
import { schemaMatchesDisk } from './schema-matches-disk.js';
import { schemasCoherent } from './schemas-coherent.js';
import { streamingCheck } from './streaming-check.js';
import { toolJsonParses } from './tool-json-parses.js';
import { toolSpawns } from './tool-spawns.js';
import type { CheckName, CheckPhase, CheckResult, Report } from '../model/report.js';
import type { Check } from './types.js';

export const CHECKS: readonly Check[] = [
  folderStructure,
  toolJsonParses,
  schemasCoherent,
  dependenciesDeclared,
  runtimeReady,
  toolSpawns,
  schemaMatchesDisk,
  sampleRunSucceeds,
  outputConforms,
  streamingCheck,
  cleanShutdown,
  referenceFixtures,
];

export function checkNumber(name: CheckName): number {
  return CHECKS.findIndex((c) => c.name === name) + 1;
}

/** The phase of a check named in a report, also for reports written before results carried it. */
function phaseOf(result: Pick<CheckResult, 'name'> & { phase?: CheckPhase }): CheckPhase {
  return result.phase ?? CHECKS.find((c) => c.name === result.name)?.phase ?? 'contract';
}

/** Every check with the same status and message, for runs that did not start (an empty shard). */
export function uniformResults(status: CheckResult['status'], message: string): CheckResult[] {
  return CHECKS.map((c, i) => ({
    number: i + 1,
    name: c.name,
    phase: c.phase,
    status,
    message,
    details: null,
    duration_ms: 0,
  }));
}

/**
 * A report of a run that started nothing: every check says the same, no fixture ran (an empty shard,
 * or a stand-in in tests and benchmarks); `more` sets any other field.
 */
export function uniformReport(
  tool: { id: string; path: string },
  status: CheckResult['status'],
  message: string,
  more: Partial<Report> = {},
): Report {
  return {
    tool_id: tool.id,
    tool_path: tool.path,
    timestamp: new Date().toISOString(),
    overall: 'pass',
    duration_ms: 0,
    checks: uniformResults(status, message),
    fixtures: [],
    sample_inputs: null,
    sample_output: null,
    spawn_log: null,
    peak_memory_mb: null,
    warnings: [],
    errors: [],
    ...more,
  };
}

/** Reports written before check results carried their phase get it from the check's name. */
export function withPhases(report: Report): Report {
  return report.checks.every((c) => c.phase)
    ? report
    : { ...report, checks: report.checks.map((c) => ({ ...c, phase: phaseOf(c) })) };
}
