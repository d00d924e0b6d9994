// compareBounded's choice of where a comparison runs, and a value the comparison process's channel
// cannot carry (structured clone refuses functions and proxies): that output's failure, never a crash.
import { describe, expect, it } from 'vitest';
import { comparatorFor } from '../index.js';
import { parseJsonWithRowColumns } from '../../util/parse-json-rows.js';
import { compareBounded, isHeavy } from './bounded.js';

describe('compareBounded', () => {
  it('a value the channel cannot carry fails that comparison with a sentence', async () => {
    const input = {
      key: 'report',
      type: 'file' as const,
      expected: { value: 'data:text/plain;base64,aGk=' },
      actual: { value: 'data:text/plain;base64,aGk=', extra: () => 1 },
      tolerance: {},
    };
    expect(isHeavy('file', input)).toBe(true);
    const r = await compareBounded(comparatorFor('file'), input);
    expect(r.status).toBe('fail');
    expect(r.metric).toMatch(/^the comparison process ended without an answer \(.*could not be cloned/);
  }, 120_000);

  it("a large table whose rows are held as columns is compared in pixie's process, cell by cell", async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => [i, i * 0.5, `r${i}`]);
    const text = JSON.stringify({ columns: ['a', 'b', 'c'], rows });
    const isRows = (p: readonly (string | number)[]) => p.length === 1 && p[0] === 'rows';
    const expected = parseJsonWithRowColumns(text, isRows);
    rows[12_345] = [12_345, 1, 'r12345'];
    const actual = parseJsonWithRowColumns(JSON.stringify({ columns: ['a', 'b', 'c'], rows }), isRows);
    const input = { key: 't', type: 'table' as const, expected, actual, tolerance: {} };
    expect(isHeavy('table', input)).toBe(false);
    const r = await compareBounded(comparatorFor('table'), input);
    expect(r.status).toBe('fail');
    expect(r.differences?.map((d) => d.path)).toEqual(['rows[12345].b']);
  });
});
