import { describe, expect, it } from 'vitest';
import { clampTimerMs, MAX_TIMER_MS } from './timer.js';

describe('clampTimerMs', () => {
  it('keeps delays a Node timer can hold and clamps the rest to 2^31 - 1 ms', () => {
    expect(MAX_TIMER_MS).toBe(2_147_483_647);
    expect(clampTimerMs(65_000)).toBe(65_000);
    expect(clampTimerMs(3_000_005_000)).toBe(MAX_TIMER_MS);
    expect(clampTimerMs(Number.POSITIVE_INFINITY)).toBe(MAX_TIMER_MS);
    expect(clampTimerMs(Number.NaN)).toBe(MAX_TIMER_MS);
    expect(clampTimerMs(0.000_001)).toBe(1);
    expect(clampTimerMs(-5)).toBe(1);
  });

  it('a clamped delay really waits instead of firing at once', async () => {
    const fired = await new Promise<boolean>((resolve) => {
      const t = setTimeout(() => resolve(true), clampTimerMs(3_000_005_000));
      setTimeout(() => {
        clearTimeout(t);
        resolve(false);
      }, 50);
    });
    expect(fired).toBe(false);
  });
});
