import { describe, expect, it } from 'vitest';
import { editDistance, suggest } from './did-you-mean.js';

describe('editDistance', () => {
  it('counts a transposition as one edit', () => {
    expect(editDistance('lable', 'label')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

describe('suggest', () => {
  const keys = ['key', 'type', 'label', 'description', 'default', 'required', 'group', 'show_if'];

  it('finds typos and transpositions', () => {
    expect(suggest('lable', keys)).toBe('label');
    expect(suggest('descripton', keys)).toBe('description');
    expect(suggest('requried', keys)).toBe('required');
    expect(suggest('chart_lines', ['chart_line', 'chart_bar', 'chart_area'])).toBe('chart_line');
  });

  it('ignores case and dash versus underscore', () => {
    expect(suggest('Show-If', keys)).toBe('show_if');
  });

  it('returns undefined when nothing is close', () => {
    expect(suggest('colour', keys)).toBeUndefined();
    expect(suggest('zzz', keys)).toBeUndefined();
    expect(suggest('', keys)).toBeUndefined();
  });

  it('keeps short words strict', () => {
    expect(suggest('kez', keys)).toBe('key');
    expect(suggest('xy', ['key'])).toBeUndefined();
  });
});
