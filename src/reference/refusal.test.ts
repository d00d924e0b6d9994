import { describe, expect, it } from 'vitest';
import { boundedTest, containsSubset, judgeRefusal } from './refusal.js';

describe('judgeRefusal', () => {
  const refusal = { status: 422, text: '{"detail": {"field": "x", "errors": ["too big", "odd"]}}' };
  it('passes on the expected status, or any 4xx, and checks the detail', () => {
    expect(judgeRefusal(422, null, refusal).status).toBe('pass');
    expect(judgeRefusal('4xx', { kind: 'subset', subset: { errors: ['odd'] } }, refusal).status).toBe('pass');
    expect(judgeRefusal(422, { kind: 'text', text: 'too big' }, refusal).status).toBe('pass');
    const wrong = judgeRefusal(400, null, refusal);
    expect(wrong).toMatchObject({ status: 'fail', response: { status: 422 } });
    expect(wrong.message).toBe(
      'expected a refusal (HTTP 400), but the tool answered HTTP 422: {"field":"x","errors":["too big","odd"]}',
    );
  });
  it('a subset: objects by their keys, lists by items in any order', () => {
    expect(containsSubset({ a: [1, { b: 2, c: 3 }] }, { a: [{ b: 2 }] })).toBe(true);
    expect(containsSubset({ a: [1] }, { a: [2] })).toBe(false);
    expect(containsSubset('x', { a: 1 })).toBe(false);
  });
  it('a backtracking regex gives up after its time instead of hanging pixie', () => {
    expect(boundedTest('^(a+)+$', '', `${'a'.repeat(40)}b`)).toBe('timeout');
    const verdict = judgeRefusal(
      422,
      { kind: 'regex', source: '^(a+)+$', flags: '' },
      { status: 422, text: `{"detail": "${'a'.repeat(40)}b"}` },
    );
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('could not be searched: /^(a+)+$/ ran over 1 s on it');
    expect(boundedTest('^X', 'i', 'x marks')).toBe(true);
  });
});
