import { describe, expect, it } from 'vitest';
import { base64Shape, decodeBase64 } from './base64.js';

describe('base64 in one linear pass', () => {
  it('reads both alphabets, whitespace and padding', () => {
    expect(decodeBase64('aGVs\nbG8=')?.toString()).toBe('hello');
    expect(decodeBase64('-_8')).toEqual(Buffer.from([0xfb, 0xff]));
    expect(base64Shape('ab+/')).toEqual({ chars: 4, padding: 0, standard: true, urlSafe: false });
  });

  it('refuses what no encoder writes', () => {
    expect(decodeBase64('')).toBeNull();
    expect(decodeBase64('abcde')).toBeNull(); // one character over a multiple of four
    expect(decodeBase64('ab=c')).toBeNull(); // data after padding
    expect(decodeBase64('ab===')).toBeNull();
    expect(decodeBase64('hello world!')).toBeNull();
  });

  it('checks a 20 MB payload without overflowing the stack', () => {
    const text = Buffer.alloc(15 * 1024 * 1024, 7).toString('base64');
    expect(base64Shape(text)?.chars).toBe(text.length);
    expect(base64Shape(`${text}!`)).toBeNull();
  });
});
