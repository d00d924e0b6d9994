// The one precedence rule over the real comparators (docs/tolerance.md, "One rule for built-in
// defaults"): a tolerance the author writes at any depth replaces pixie's built-in abs/rel, for every
// comparator and every nested ('tolerance'-kind) option it has.
import { describe, expect, it } from 'vitest';
import { COMPARATOR_FAMILIES } from '../comparators/index.js';
import type { Comparator } from '../comparators/types.js';
import type { OutputType } from '../model/manifest.js';
import type { Tolerance } from '../model/tolerance.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { emptyToleranceConfig, type ToleranceConfig } from './config.js';
import { resolveTolerance } from './resolve.js';

/** Every abs/rel in a resolved block, with its path. */
function numericFields(block: Record<string, unknown>, at = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(block)) {
    const path = at ? `${at}.${k}` : k;
    if (k === 'abs' || k === 'rel') out[path] = v;
    else if (isPlainObject(v)) Object.assign(out, numericFields(v, path));
  }
  return out;
}

const every: { family: string; comparator: Comparator; type: OutputType }[] = Object.entries(
  COMPARATOR_FAMILIES,
).flatMap(([family, comparator]) => comparator.types.map((type) => ({ family, comparator, type })));

/** Authored blocks that set a number at each depth the comparator's options allow. */
function authoredBlocks(comparator: Comparator): { label: string; block: Tolerance; want: Record<string, unknown> }[] {
  const blocks: { label: string; block: Tolerance; want: Record<string, unknown> }[] = [
    { label: 'abs at the top level', block: { abs: 0.01 }, want: { abs: 0.01 } },
    { label: 'rel at the top level', block: { rel: 0.5 }, want: { rel: 0.5 } },
  ];
  for (const [option, kind] of Object.entries(comparator.options)) {
    if (kind !== 'tolerance') continue;
    blocks.push(
      { label: `${option}: {abs}`, block: { [option]: { abs: 0.01 } }, want: { [`${option}.abs`]: 0.01 } },
      {
        label: `${option}: {<name>: {rel}}`,
        block: { [option]: { part: { rel: 0.5 } } },
        want: { [`${option}.part.rel`]: 0.5 },
      },
    );
  }
  return blocks;
}

describe('built-in abs/rel step aside once an author writes a number at any depth', () => {
  const layers: [string, (block: Tolerance, type: OutputType) => [ToleranceConfig, Tolerance | undefined]][] = [
    ['the fixture', (block) => [emptyToleranceConfig(), block]],
    ['tolerance.yaml overrides', (block) => [{ ...emptyToleranceConfig(), overrides: { out: block } }, undefined]],
    [
      'tolerance.yaml defaults',
      (block, type) => [{ ...emptyToleranceConfig(), defaults: { [type]: block } }, undefined],
    ],
  ];
  for (const { family, comparator, type } of every) {
    for (const { label, block, want } of authoredBlocks(comparator)) {
      it.each(layers)(`${family} ${type}: ${label} in %s`, (_layer, place) => {
        const [config, fixture] = place(block, type);
        const resolved = resolveTolerance('out', type, config, fixture, comparator);
        expect(numericFields(resolved)).toEqual(want);
        // every other built-in setting (the mode, the options) stays
        const builtIn = comparator.defaults(type);
        for (const [k, v] of Object.entries(builtIn)) if (k !== 'abs' && k !== 'rel') expect(resolved[k]).toEqual(v);
      });
    }
  }
});

describe('the rule decides real comparisons', () => {
  const run = async (type: OutputType, tolerance: Tolerance, expected: unknown, actual: unknown) => {
    const comparator = COMPARATOR_FAMILIES[type === 'table' ? 'table' : 'chart'];
    const resolved = resolveTolerance('out', type, emptyToleranceConfig(), tolerance, comparator);
    return comparator.compare({ key: 'out', type, expected, actual, tolerance: resolved });
  };
  const line = (y: number) => ({ x: [1], series: [{ name: 'balance', y: [y] }] });
  const table = (amount: number) => ({ columns: ['id', 'amount'], rows: [{ id: 1, amount }] });

  it('a chart with no tolerance keeps the built-in rel 1e-3: 100000 vs 100050 passes', async () => {
    expect((await run('chart_line', {}, line(100000), line(100050))).status).toBe('pass');
  });

  it('chart series: {abs: 0.01} drops the built-in rel: 100000 vs 100050 fails and the rule says abs 0.01 only', async () => {
    const r = await run('chart_line', { series: { abs: 0.01 } }, line(100000), line(100050));
    expect(r.status).toBe('fail');
    expect(r.rule).toContain('abs 0.01');
    expect(r.rule).not.toContain('rel 0.001');
  });

  it('chart series: {<name>: {abs: 0.01}} drops the built-in rel for that series too', async () => {
    const r = await run('chart_line', { series: { balance: { abs: 0.01 } } }, line(100000), line(100050));
    expect(r.status).toBe('fail');
  });

  it('table columns: {amount: {abs: 0.01}} holds as written: 0.005 off passes, 0.02 off fails', async () => {
    const tol = { columns: { amount: { abs: 0.01 } } };
    expect((await run('table', tol, table(0.1), table(0.1 + 0.005))).status).toBe('pass');
    expect((await run('table', tol, table(100000), table(100000.02))).status).toBe('fail');
  });

  it('an author-written top-level tolerance still reaches nested blocks (it is not built-in)', async () => {
    const r = await run('chart_line', { rel: 1e-3, series: { abs: 0.01 } }, line(100000), line(100050));
    expect(r.status).toBe('pass');
  });
});
