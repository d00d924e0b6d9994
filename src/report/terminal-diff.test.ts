import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import type { OutputComparison } from '../model/report.js';
import { terminalDiff } from './terminal-diff.js';

const plain = pc.createColors(false);

const comparison = (o: Partial<OutputComparison>): OutputComparison => ({
  key: 'k',
  type: 'number',
  comparator: 'number',
  status: 'fail',
  score: 0,
  metric: 'm',
  rule: 'r',
  expected: undefined,
  actual: undefined,
  tolerance: null,
  ...o,
});

describe('terminalDiff', () => {
  it('a number with its difference and rule', () => {
    expect(terminalDiff(comparison({ expected: 5, actual: 6, metric: 'abs diff 1', rule: 'abs 0.5' }), plain)).toEqual([
      'metric: abs diff 1',
      'rule:   abs 0.5',
      '  - 5',
      '  + 6',
      '  difference: +1 (16.7 % of the larger value)',
    ]);
  });

  it('the table cells that changed, and rows only on one side', () => {
    const lines = terminalDiff(
      comparison({
        type: 'table',
        comparator: 'table',
        expected: {
          columns: ['year', 'balance'],
          rows: [
            { year: 1, balance: 100 },
            { year: 2, balance: 200 },
          ],
        },
        actual: {
          columns: ['year', 'balance'],
          rows: [
            { year: 1, balance: 100 },
            { year: 2, balance: 210 },
            { year: 3, balance: 300 },
          ],
        },
        differences: [
          { path: 'rows[1].balance', message: 'expected 200, got 210', kind: 'changed', expected: 200, actual: 210 },
          { path: 'rows[2]', message: 'extra row', kind: 'extra', actual: { year: 3, balance: 300 } },
        ],
      }),
      plain,
    );
    expect(lines).toContain('  row 1, balance: 200 → 210');
    expect(lines).toContain('  + row 2: only in actual');
  });

  it('the chart points that moved', () => {
    const lines = terminalDiff(
      comparison({
        type: 'chart_line',
        comparator: 'chart',
        expected: { x: [1, 2, 3], series: [{ name: 'a', y: [1, 2, 3] }] },
        actual: { x: [1, 2, 3], series: [{ name: 'a', y: [1, 2.5, 3] }] },
      }),
      plain,
    );
    expect(lines).toContain('  a point 1 (x 2): y 2 → 2.5');
  });

  it('text as a line diff with context', () => {
    const lines = terminalDiff(
      comparison({ type: 'text', comparator: 'text', expected: 'one\ntwo\nthree', actual: 'one\n2\nthree' }),
      plain,
    );
    // inside a changed block the diff lists additions first (util/line-diff.ts)
    expect(lines.slice(2)).toEqual(['    one', '  + 2', '  - two', '    three']);
  });

  it('media as the paths of their files', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const lines = terminalDiff(comparison({ type: 'image', comparator: 'image', expected: png, actual: png }), plain, {
      files: { expected: '/p/k.expected.png', actual: '/p/k.actual.png', diffs: ['/p/k.diff.png'] },
    });
    expect(lines).toContain('  expected: /p/k.expected.png');
    expect(lines).toContain('  actual:   /p/k.actual.png');
    expect(lines).toContain('  diff:     /p/k.diff.png');
  });

  it('never prints a tool-controlled escape sequence', () => {
    const lines = terminalDiff(
      comparison({
        type: 'text',
        comparator: 'text',
        expected: 'a',
        actual: 'b\u001b[2Jc',
        metric: 'x\u001b]0;t\u0007',
      }),
      plain,
    );
    expect(lines.join('\n')).not.toMatch(/\u001b/);
  });
});
