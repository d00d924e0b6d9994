import type { Manifest } from '../model/manifest.js';
import { clampTimerMs } from '../util/timer.js';
import type { ValidateOptions } from '../model/options.js';

const DEFAULT_MAX_RUNTIME_S = 60;
const DEFAULT_MAX_MEMORY_MB = 512;

/**
 * A /run's deadline: the override when set, else max_runtime_seconds + 5 s, clamped to the longest
 * delay a timer can hold (about 24.8 days) so a huge value waits long instead of timing out at once
 * (docs/checks.md, timeouts).
 */
export function runTimeoutMs(manifest: Manifest, fixtureOverride?: number | null): number {
  const seconds =
    fixtureOverride ??
    manifest.validator_timeout_override ??
    (manifest.max_runtime_seconds ?? DEFAULT_MAX_RUNTIME_S) + 5;
  return clampTimerMs(seconds * 1000);
}

/** The run limit in words, naming where it comes from: "10 s (max_runtime_seconds 5 + 5 s grace)". */
export function runLimitWords(manifest: Manifest, fixtureOverride?: number | null): string {
  const seconds = runTimeoutMs(manifest, fixtureOverride) / 1000;
  if (fixtureOverride != null) return `${seconds} s (the fixture's validator_timeout_override)`;
  if (manifest.validator_timeout_override != null) return `${seconds} s (validator_timeout_override)`;
  const declared = manifest.max_runtime_seconds;
  return declared !== undefined
    ? `${seconds} s (max_runtime_seconds ${declared} + 5 s grace)`
    : `${seconds} s (the default max_runtime_seconds ${DEFAULT_MAX_RUNTIME_S} + 5 s grace)`;
}

export function memoryLimitMb(manifest: Manifest): number {
  return manifest.max_memory_mb ?? DEFAULT_MAX_MEMORY_MB;
}

/** The /healthz deadline: --startup-timeout, else tool.json, else the project's limits, else start-up's default. */
export function startupTimeoutMs(
  manifest: Manifest,
  options: Pick<ValidateOptions, 'healthTimeoutMs' | 'project'>,
): number | undefined {
  const seconds = manifest.startup_timeout_seconds ?? options.project?.limits.startup_timeout_seconds;
  return options.healthTimeoutMs ?? (seconds !== undefined ? seconds * 1000 : undefined);
}
