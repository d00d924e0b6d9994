import { describe, expect, it } from 'vitest';
import type { Manifest } from '../model/manifest.js';
import { runTimeoutMs } from './timeouts.js';

const manifest = (fields: Partial<Manifest>) => ({ id: 't', inputs: [], outputs: [], ...fields }) as Manifest;

describe('runTimeoutMs', () => {
  it('is max_runtime_seconds + 5 s, or the tool or fixture override', () => {
    expect(runTimeoutMs(manifest({}))).toBe(65_000);
    expect(runTimeoutMs(manifest({ max_runtime_seconds: 5 }))).toBe(10_000);
    expect(runTimeoutMs(manifest({ validator_timeout_override: 7 }))).toBe(7_000);
    expect(runTimeoutMs(manifest({ validator_timeout_override: 7 }), 2.5)).toBe(2_500);
  });

  it('clamps values beyond what a timer holds (about 24.8 days) instead of overflowing to 1 ms', () => {
    expect(runTimeoutMs(manifest({ max_runtime_seconds: 3_000_000 }))).toBe(2 ** 31 - 1);
    expect(runTimeoutMs(manifest({ validator_timeout_override: 1e12 }))).toBe(2 ** 31 - 1);
    expect(runTimeoutMs(manifest({}), 1e300)).toBe(2 ** 31 - 1);
  });
});
