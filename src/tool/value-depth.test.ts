import { afterEach, describe, expect, it, vi } from 'vitest';
import { depthProblem } from './value-depth.js';

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('depthProblem', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('refuses one level past the limit even when the text is the shortest that can hold it', () => {
    vi.stubEnv('PIXIE_MAX_DEPTH', '3');
    const text = nested(4);
    expect(text.length).toBe(2 * (3 + 1));
    expect(depthProblem(JSON.parse(text), 'the answer', text.length)).toBe(
      'the answer nests more than 3 levels of arrays and objects (at [0][0][0]); pixie follows values up to 3 levels deep (PIXIE_MAX_DEPTH), so flatten the value or raise the limit',
    );
  });

  it('passes a value at the limit, walked or not', () => {
    vi.stubEnv('PIXIE_MAX_DEPTH', '3');
    const text = nested(3);
    expect(depthProblem(JSON.parse(text), 'the answer', text.length)).toBeNull();
    expect(depthProblem(JSON.parse(text), 'the answer')).toBeNull();
    // a long text (a long string inside) of a shallow value is walked, and passes
    const long = JSON.stringify({ a: [[`${'x'.repeat(50)}`]] });
    expect(depthProblem(JSON.parse(long), 'the answer', long.length)).toBeNull();
  });

  it('a text long enough to hold too deep a value is walked, as is a value given no length', () => {
    vi.stubEnv('PIXIE_MAX_DEPTH', '3');
    const value = JSON.parse(nested(5));
    expect(depthProblem(value, 'the answer')).toMatch(/^the answer nests more than 3 levels/);
    expect(depthProblem(value, 'the answer', 10)).toMatch(/^the answer nests more than 3 levels/);
  });
});
