/// <reference types="vite/client" />
// One contract for every comparator: identical → pass; a clear change → fail with a path; the
// tolerance boundary → pass; compare: skip → skip; garbage → a clear fail, never a throw.
import { describe, expect, it, type TestContext } from 'vitest';
import { OUTPUT_TYPES } from '../model/manifest.js';
import { emptyToleranceConfig } from '../tolerance/config.js';
import { resolveTolerance } from '../tolerance/resolve.js';
import { COMPARATORS } from './index.js';
import type { ComparisonResult, ContractCase } from './types.js';
import { skipWithout } from './optional-installed.test-helper.js';
import type { Tolerance } from '../model/tolerance.js';

// every family's cases, wherever its folder: adding `<family>.cases.ts` is all a new comparator needs here
const CASE_FILES = import.meta.glob<{ contractCases: ContractCase[] }>('./**/*.cases.ts', { eager: true });
const CASES: ContractCase[] = Object.values(CASE_FILES).flatMap((m) => m.contractCases);

async function compare(c: ContractCase, expected: unknown, actual: unknown, fixtureTolerance?: Tolerance) {
  const comparator = COMPARATORS[c.type];
  const tolerance = resolveTolerance(
    'out',
    c.type,
    emptyToleranceConfig(),
    fixtureTolerance ?? c.tolerance,
    comparator,
  );
  return comparator.compare({ key: 'out', type: c.type, expected, actual, tolerance });
}

/** A media comparison that fell back to size + SHA-256 because `npm ci --omit=optional` left its package out. */
function skipWithoutItsPackage(ctx: TestContext, r: ComparisonResult): void {
  if (r.degraded) skipWithout(ctx, r.degraded.package);
}

describe.each(CASES.map((c) => [c.label, c] as const))('%s', (_label, c) => {
  it('identical values pass', async () => {
    const r = await compare(c, structuredClone(c.value), structuredClone(c.value));
    expect(r.status, r.metric).toBe('pass');
    expect(r.score).toBeGreaterThan(0.99);
  });

  it('a clear change fails with a path', async (ctx) => {
    const r = await compare(c, c.value, c.changed);
    skipWithoutItsPackage(ctx, r);
    expect(r.status).toBe('fail');
    expect(r.metric.length).toBeGreaterThan(0);
    expect(r.score).toBeGreaterThanOrEqual(0);
    expect(r.score).toBeLessThan(1);
    if (c.changedPath)
      expect(
        (r.differences ?? []).map((d) => d.path),
        r.metric,
      ).toContain(c.changedPath);
  });

  // a case with no tolerance boundary (booleans, exact hashes) has no such test, rather than a skipped one
  const b = c.boundary;
  if (b)
    it('the tolerance boundary passes', async (ctx) => {
      const r = await compare(c, b.expected, b.actual, b.tolerance);
      skipWithoutItsPackage(ctx, r);
      expect(r.status, r.metric).toBe('pass');
    });

  it('compare: skip skips and never fails', async () => {
    const r = await compare(c, c.value, c.changed, { ...c.tolerance, compare: 'skip' });
    expect(r.status).toBe('skip');
  });

  it('garbage gives a clear failure, never a throw', async () => {
    const r = await compare(c, c.value, c.garbage);
    expect(r.status).toBe('fail');
    expect(r.metric).toMatch(/\w/);
  });
});

describe('the comparator registry', () => {
  it('finds every cases file, each with cases', () => {
    expect(Object.keys(CASE_FILES).length).toBeGreaterThanOrEqual(13);
    for (const [file, m] of Object.entries(CASE_FILES)) expect(m.contractCases?.length, file).toBeGreaterThan(0);
  });

  it('has a comparator for every one of the 39 output types', () => {
    for (const t of OUTPUT_TYPES) expect(COMPARATORS[t], t).toBeDefined();
  });

  it('every comparator lists the types it is registered for, and each has a contract case', () => {
    const covered = new Set(CASES.map((c) => c.type));
    for (const t of OUTPUT_TYPES) {
      expect(COMPARATORS[t].types, `${COMPARATORS[t].name} should declare ${t}`).toContain(t);
      expect(covered.has(t), `no contract case for ${t}`).toBe(true);
    }
  });
});
