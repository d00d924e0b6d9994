import { describe, expect, it } from 'vitest';
import { diffLineLists, lineDiff } from './line-diff.js';

const ops = (lines: { op: string; text: string }[] | null) => lines?.map((l) => `${l.op}${l.text}`);

describe('diffLineLists', () => {
  it('numbers lines 1-based on each side and keeps one inserted line one addition', () => {
    const E = ['a', 'b', 'c'];
    const A = ['a', 'x', 'b', 'c'];
    expect(diffLineLists(E, A)).toEqual([
      { op: ' ', text: 'a', e: 1, a: 1 },
      { op: '+', text: 'x', a: 2 },
      { op: ' ', text: 'b', e: 2, a: 3 },
      { op: ' ', text: 'c', e: 3, a: 4 },
    ]);
  });

  it('puts additions before removals inside a changed block', () => {
    expect(ops(diffLineLists(['k', 'a', 'b', 'k'], ['k', 'A', 'B', 'k']))).toEqual([
      ' k',
      '+A',
      '+B',
      '-a',
      '-b',
      ' k',
    ]);
  });

  it('gives up past the edit budget, but never on lines only added or only removed', () => {
    const E = Array.from({ length: 30 }, (_, i) => `e${i}`);
    const A = Array.from({ length: 30 }, (_, i) => `a${i}`);
    expect(diffLineLists(E, A, 59)).toBeNull();
    expect(diffLineLists(E, A, 60)).toHaveLength(60);
    expect(diffLineLists(['x'], ['x', ...A], 5)).toHaveLength(31);
    expect(diffLineLists([...E, 'x'], ['x'], 5)).toHaveLength(31);
  });
});

describe('lineDiff', () => {
  it('past the budget shows the differing middle as added then removed, keeping common ends', () => {
    expect(ops(lineDiff('h\ne1\ne2\nt', 'h\na1\na2\nt', 1))).toEqual([' h', '+a1', '+a2', '-e1', '-e2', ' t']);
  });
});
