import { describe, expect, it } from 'vitest';
import { DiffCollector, MAX_DIFFERENCES } from './diff-collector.js';

describe('DiffCollector', () => {
  it('says whether an item is missing, extra or changed', () => {
    const c = new DiffCollector({ abs: 0.01 });
    c.array('y', [1, 2, 3], [1, 2.5]);
    c.array('x', [1], [1, 7]);
    c.optional('label', 'a', 'b');
    expect(c.list().map((d) => [d.path, d.kind])).toEqual([
      ['y', undefined],
      ['y[1]', 'changed'],
      ['y[2]', 'missing'],
      ['x', undefined],
      ['x[1]', 'extra'],
      ['label', 'changed'],
    ]);
    expect(c.differing).toBe(4);
  });

  it('keeps the first differences and counts the rest in one entry at its overflow path', () => {
    const c = new DiffCollector({}, 'rows');
    for (let i = 0; i < MAX_DIFFERENCES + 5; i++) c.record({ path: `rows[${i}]`, message: 'differs', kind: 'changed' });
    const list = c.list();
    expect(list).toHaveLength(MAX_DIFFERENCES + 1);
    expect(list.at(-1)).toEqual({ path: 'rows', message: '… and 5 more differences' });
    expect(c.recorded).toBe(MAX_DIFFERENCES + 5);
  });
});
