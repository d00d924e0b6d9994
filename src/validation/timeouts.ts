import type { Manifest } from '../tool/manifest-types.js';

const DEFAULT_MAX_RUNTIME_S = 60;
const DEFAULT_MAX_MEMORY_MB = 512;

/** A /run's deadline: the override when set, else max_runtime_seconds + 5 s (docs/checks.md, timeouts). */
export function runTimeoutMs(manifest: Manifest, fixtureOverride?: number | null): number {
  const seconds =
    fixtureOverride ??
    manifest.validator_timeout_override ??
    (manifest.max_runtime_seconds ?? DEFAULT_MAX_RUNTIME_S) + 5;
  return seconds * 1000;
}

export function memoryLimitMb(manifest: Manifest): number {
  return manifest.max_memory_mb ?? DEFAULT_MAX_MEMORY_MB;
}
