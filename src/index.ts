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
export type { Finding, Severity } from './report/finding.js';
export type {
  CheckName,
  CheckPhase,
  CheckResult,
  Difference,
  FixtureResult,
  OutputComparison,
  Report,
  Status,
} from './report/model.js';
export type { FindingCode } from './report/severity.js';
export type { EnvironmentSummary } from './tool/environment.js';
export type { OutputType } from './tool/manifest-types.js';
export type { ProgressEvent } from './validation/options.js';
