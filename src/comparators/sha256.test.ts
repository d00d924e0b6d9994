import { describe, expect, it } from 'vitest';
import { extractBytes, looksLikeBase64, parseDataUrl, sha256Comparator } from './sha256.js';
import { comparatorTester } from './kit/comparator-tester.test-helper.js';

const tester = comparatorTester(sha256Comparator, { key: 'v', type: 'video', defaults: 'never' });
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('sha256Comparator', () => {
  it('compares the decoded bytes, whatever the wrapping', () => {
    const bytes = 'some video bytes';
    expect(tester.compare(`data:video/mp4;base64,${b64(bytes)}`, { value: b64(bytes) }).status).toBe('pass');
    expect(
      tester.compare({ data: `data:video/mp4;base64,${b64(bytes)}` }, `data:video/mp4;base64,${b64(bytes)}`).status,
    ).toBe('pass');
  });
  it('reports hashes and sizes in the metric', () => {
    const r = tester.compare(`data:video/mp4;base64,${b64('abc')}`, `data:video/mp4;base64,${b64('abcd')}`);
    expect(r.status).toBe('fail');
    expect(r.metric).toMatch(/^sha256 ba7816bf… vs 88d4266f… \(size 3 vs 4\)$/);
    expect(r.differences).toHaveLength(1);
  });
  it('hashes canonical JSON for non-string values (key order does not matter)', () => {
    expect(tester.compare({ images: [{ value: 'x' }], n: 1 }, { n: 1, images: [{ value: 'x' }] }).status).toBe('pass');
    expect(tester.compare(0.5, { value: 0.5 }).status).toBe('pass');
    expect(tester.compare(0.5, 0.75).status).toBe('fail');
  });
  it('accepts size_sha256 and skip, rejects unknown modes, never throws', () => {
    expect(tester.compare('a', 'a', { compare: 'size_sha256' }).status).toBe('pass');
    expect(tester.compare('a', null, { compare: 'skip' }).status).toBe('skip');
    expect(tester.compare('a', 'a', { compare: 'ssim' }).metric).toMatch(/unknown compare mode 'ssim'/);
    expect(tester.compare('a', null).metric).toBe('actual is null, expected a value to hash');
  });
  it('parses data URLs (base64 and percent-encoded) and recognises base64', () => {
    expect(parseDataUrl('data:text/plain;charset=utf-8,hello%20there')).toEqual({
      mime: 'text/plain',
      bytes: Buffer.from('hello there'),
    });
    expect(parseDataUrl(`data:image/png;base64,${b64('png')}`)!.bytes.toString()).toBe('png');
    expect(looksLikeBase64(b64('hello world'))).toBe(true);
    expect(looksLikeBase64('hello, world')).toBe(false);
    expect(extractBytes('https://example.com/a.mp4').source).toBe('url');
  });
});
