import { describe, expect, it } from 'vitest';
import { codePointsOf, differingSpan, hasHidden, visibleJson, visiblePair } from './visible-text.js';

describe('visibleJson: one string quoted with what a reader cannot see escaped', () => {
  it('leaves printable text as JSON writes it, in any script', () => {
    for (const s of [
      'plain "quoted" \\ text',
      'café crème',
      '日本語のテキスト',
      'Москва',
      'Ελληνικά',
      '😀 ❤️',
      'Tiếng Việt',
    ]) {
      expect(visibleJson(s)).toBe(JSON.stringify(s));
      expect(hasHidden(s)).toBe(false);
    }
  });

  it('escapes invisible characters as JSON escapes, and keeps the result valid JSON', () => {
    const s = '\ufeffa\u00a0b\u200bc\u200dd\u2060e\u3000f\u00adg\u202eh\u{e0041}';
    const q = visibleJson(s);
    expect(q).toBe('"\\ufeffa\\u00a0b\\u200bc\\u200dd\\u2060e\\u3000f\\u00adg\\u202eh\\udb40\\udc41"');
    expect(JSON.parse(q)).toBe(s);
    expect(hasHidden(s)).toBe(true);
  });

  it('shows the marks of decomposed accents and a letter of another script inside a word', () => {
    expect(visibleJson('cafe\u0301')).toBe('"cafe\\u0301"');
    expect(visibleJson('\u212b')).toBe('"\\u212b"'); // ANGSTROM SIGN, which NFC replaces by Å
    expect(visibleJson('p\u0430ypal')).toBe('"p\\u0430ypal"');
    // a Latin o in a Russian word is the odd one out
    expect(visibleJson('\u0441\u043eo\u0431\u0449\u0435\u043d\u0438\u0435')).toBe(
      '"\u0441\u043e\\u006f\u0431\u0449\u0435\u043d\u0438\u0435"',
    );
  });
});

describe('visiblePair: two strings side by side', () => {
  it('escapes the differing part when it prints alike, and nothing when the difference is visible', () => {
    expect(visiblePair('caf\u00e9', 'cafe\u0301')).toEqual(['"caf\\u00e9"', '"cafe\\u0301"']);
    expect(visiblePair('\ufb01le', 'file')).toEqual(['"\\ufb01le"', '"file"']);
    expect(visiblePair('a', '\u0430')).toEqual(['"a"', '"\\u0430"']);
    expect(visiblePair('\u2764\ufe0f ok', '\u2764 ok')).toEqual(['"\\u2764\\ufe0f ok"', '"\\u2764 ok"']);
    expect(visiblePair('日本語', '日木語')).toEqual(['"日本語"', '"日木語"']);
    expect(visiblePair('café', 'cafè')).toEqual(['"café"', '"cafè"']);
  });

  it('widens the differing span to whole characters with their marks', () => {
    expect(differingSpan('e\u0301x', 'e\u0300x')).toEqual({ start: 0, endE: 2, endA: 2 });
    expect(differingSpan('a😀', 'a😁')).toEqual({ start: 1, endE: 3, endA: 3 });
  });

  it('names code points as Unicode writes them', () => {
    expect(codePointsOf('e\u0301')).toBe('U+0065 U+0301');
    expect(codePointsOf('😀')).toBe('U+1F600');
    expect(codePointsOf('')).toBe('nothing');
  });
});

describe('visibleJson on a long string', () => {
  it('still escapes the common invisible characters of a whole document on one line', () => {
    const s = `${'日本語のテキスト。'.repeat(20_000)}\u00a0\ufeff`;
    const q = visibleJson(s);
    expect(q.endsWith('。\\u00a0\\ufeff"')).toBe(true);
    expect(JSON.parse(q)).toBe(s);
  });
});
