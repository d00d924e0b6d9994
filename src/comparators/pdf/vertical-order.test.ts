import { describe, expect, it } from 'vitest';
import { type VerticalPiece, verticalOrder } from './vertical-order.js';

/** Columns of vertical text 12 pt wide, 18 pt apart, from x = 200 leftwards, each from `top` down. */
function page(columns: string[], perGlyph: boolean, top = 40, size = 12): VerticalPiece[] {
  const out: VerticalPiece[] = [];
  columns.forEach((text, c) => {
    const x = 200 - 1.5 * size * c;
    if (!perGlyph) out.push({ str: text, x, y: top, height: size * text.length, size });
    else
      Array.from(text).forEach((ch, k) => {
        out.push({ str: ch, x: x + (k % 2) * 0.3, y: top + size * k, height: size, size });
      });
  });
  return out;
}

describe('verticalOrder: columns right to left, each top to bottom, a sentence a line', () => {
  const columns = ['吾輩は猫である。名前', 'はまだ無い。どこで生', 'れたかとんと見当がつ', 'かぬ。'];
  const sentences = ['吾輩は猫である。', '名前はまだ無い。', 'どこで生れたかとんと見当がつかぬ。'];

  it('reads whole columns, and the same columns drawn glyph by glyph in any order, alike', () => {
    expect(verticalOrder(page(columns, false))).toEqual(sentences);
    const glyphs = page(columns, true);
    expect(verticalOrder(glyphs)).toEqual(sentences);
    expect(verticalOrder([...glyphs].reverse())).toEqual(sentences);
    // a column drawn in two runs, the lower one first
    expect(
      verticalOrder([
        { str: 'である。', x: 200, y: 88, height: 48, size: 12 },
        { str: '吾輩は猫', x: 200, y: 40, height: 48, size: 12 },
      ]),
    ).toEqual(['吾輩は猫である。']);
  });

  it('keeps a heading in a larger size apart, and reads a lower tier of columns after the upper one', () => {
    const heading = page(['吾輩は猫である'], false, 40, 14).map((p) => ({ ...p, x: 230 }));
    expect(verticalOrder([...page(columns, false), ...heading])).toEqual(['吾輩は猫である', ...sentences]);
    const upper = page(['上の段です。'], false, 40);
    const lower = page(['下の段です。'], false, 200);
    expect(verticalOrder([...lower, ...upper])).toEqual(['上の段です。', '下の段です。']);
  });

  it('reads vertical presentation forms as their characters and drops the spaces glyph positions make', () => {
    const column = (str: string) => [{ str, x: 200, y: 40, height: 12 * str.length, size: 12 }];
    expect(verticalOrder(column('君子は和して同ぜず\ufe12'))).toEqual(verticalOrder(column('君子は 和して同ぜず。')));
    expect(verticalOrder(column('（８。）と︙'))).toEqual(['(8。)', 'と...']);
  });
});
