// pixie-validator's public API (docs/api.md). Everything a program needs to validate tools, compare
// values and read fixtures; the reports are the ones `pixie validate --json` prints.
export { compareValues, type CompareInput } from './api/compare.js';
export { loadFixtures, type LoadFixturesOptions, type ToolFixtures } from './api/fixtures.js';
export {
  validateAll,
  validateTool,
  type ProjectLookup,
  type ValidateAllOptions,
  type ValidateToolOptions,
} from './api/validate.js';
export { PixieError, type PixieErrorCode } from './errors.js';
export type { Fixture } from './reference/load.js';
export type { Finding, Severity } from './model/finding.js';
export type {
  CheckName,
  CheckPhase,
  CheckResult,
  Difference,
  FixtureResult,
  OutputComparison,
  Report,
  Status,
} from './model/report.js';
export type { FindingCode } from './model/severity.js';
export type { EnvironmentSummary } from './model/environment.js';
export type { OutputType } from './model/manifest.js';
export type { ProgressEvent } from './model/options.js';
