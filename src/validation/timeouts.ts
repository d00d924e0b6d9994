import type { Manifest } from '../tool/manifest-types.js';
import { clampTimerMs } from '../util/timer.js';

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

export function memoryLimitMb(manifest: Manifest): number {
  return manifest.max_memory_mb ?? DEFAULT_MAX_MEMORY_MB;
}
