import { describe, expect, it } from 'vitest';
import { safeText } from './safe-text.js';
import { createValueCap, isTruncatedValue } from './value-cap.js';

describe('safeText', () => {
  it('removes escape sequences and shows other control characters escaped', () => {
    expect(safeText('\u001b[31mred\u001b[0m \u009b2J\rover\u0007')).toBe('red \\rover\\u0007');
    expect(safeText('tab\tand\nnewline')).toBe('tab\tand\nnewline');
    expect(safeText('one\nline', true)).toBe('one\\nline');
    expect(safeText('right-to-left \u202e override')).toBe('right-to-left \\u202e override');
  });

  it('never lets a line start with a workflow command', () => {
    const out = safeText('ok\n::error file=a::x\n   ::add-mask::secret\nmid ::warning:: stays');
    expect(out.split('\n').filter((l) => /^\s*::/.test(l))).toEqual([]);
    expect(out).toBe('ok\n:\u200b:error file=a::x\n   :\u200b:add-mask::secret\nmid ::warning:: stays');
  });
});

describe('the report value cap', () => {
  it('keeps values within the limits and replaces the others with a marker that notes their size', () => {
    const cap = createValueCap({ valueChars: 20, totalChars: 30, depth: 3 });
    expect(cap.keep('short')).toBe('short');
    expect(cap.keep(12345)).toBe(12345);
    expect(cap.keep({ a: [1, 2] })).toEqual({ a: [1, 2] });
    const long = cap.keep('y'.repeat(50));
    expect(long).toEqual({
      $truncated: {
        json_chars: 52,
        kind: 'a string of 50 characters',
        preview: 'y'.repeat(50),
        why: 'it is larger than the 20 B a report keeps of one value',
      },
    });
    expect(isTruncatedValue(long)).toBe(true);
    expect(cap.keep([[[[1]]]])).toMatchObject({
      $truncated: { why: expect.stringMatching(/nests more than 3 levels/) },
    });
    // the total is shared: 'short' (5) and the object (12) used 17 of 30
    expect(cap.keep('z'.repeat(15))).toMatchObject({
      $truncated: { why: expect.stringMatching(/had already used the 30 B/) },
    });
    expect(cap.keepEach({ ['__proto__']: 'p', ok: 1 })).toEqual(JSON.parse('{"__proto__": "p", "ok": 1}'));
  });
});
