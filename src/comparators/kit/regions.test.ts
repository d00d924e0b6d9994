// Ignore regions are checked when tolerance.yaml is loaded (the `regions` option kind) and again by
// the comparators that read them.
import { describe, expect, it } from 'vitest';
import { parseToleranceText } from '../../tolerance/load.js';
import type { Finding } from '../../model/finding.js';
import type { OutputSpec } from '../../model/manifest.js';
import { comparatorFor } from '../index.js';
import { clipRegion, parseRegions, regionsProblem } from './regions.js';

describe('ignore regions', () => {
  it('accepts rectangles, with a page for PDFs', () => {
    expect(regionsProblem([{ x: 0, y: 0, width: 10, height: 5 }])).toBeNull();
    expect(regionsProblem([{ x: 1.5, y: 2, width: 10, height: 5, page: 2 }])).toBeNull();
    expect(parseRegions(undefined)).toEqual({ regions: [] });
  });

  it('names what is wrong with each rectangle', () => {
    expect(regionsProblem({ x: 0 })).toBe(
      'must be a list of rectangles such as [{x: 0, y: 0, width: 200, height: 30}], got a mapping',
    );
    expect(regionsProblem([{ x: 0, y: 0, width: 10 }])).toBe('item 1 needs height');
    expect(
      regionsProblem([
        { x: 0, y: 0, width: 10, height: 5 },
        { x: 0, y: 0, w: 10, height: 5 },
      ]),
    ).toBe("item 2 has the unknown key 'w' (a rectangle has x, y, width, height and, for PDFs, page)");
    expect(regionsProblem([{ x: -1, y: 0, width: 10, height: 5 }])).toBe(
      'item 1.x must be a number ≥ 0, got number -1',
    );
    expect(regionsProblem([{ x: 0, y: 0, width: 0, height: 5 }])).toBe(
      'item 1 is empty (width and height must be > 0)',
    );
    expect(regionsProblem([{ x: 0, y: 0, width: 1, height: 5, page: 0 }])).toBe(
      'item 1.page must be a page number from 1, got number 0',
    );
  });

  it('clips to the image, covering every partly covered pixel', () => {
    expect(clipRegion({ x: 1.5, y: 0, width: 2, height: 1 }, 10, 10)).toEqual({ x0: 1, y0: 0, x1: 4, y1: 1 });
    expect(clipRegion({ x: 8, y: 8, width: 5, height: 5 }, 10, 10)).toEqual({ x0: 8, y0: 8, x1: 10, y1: 10 });
    expect(clipRegion({ x: 20, y: 0, width: 5, height: 5 }, 10, 10)).toBeNull();
  });

  it('are refused when tolerance.yaml is loaded, with the line', () => {
    const outputs: OutputSpec[] = [
      { key: 'chart', type: 'image', label: 'Chart' },
      { key: 'report', type: 'file', label: 'Report' },
    ];
    const problems: Finding[] = [];
    parseToleranceText(
      'chart:\n  ignore_regions: [{x: 0, y: 0, width: 10, height: 5}]\nreport:\n  ignore_regions: [{x: 0, y: 0, widht: 10, height: 5}]\n',
      { outputs, comparatorFor },
      problems,
    );
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'tolerance-invalid',
        line: 4,
        path: 'report.ignore_regions',
        message:
          "ignore_regions for report (file) item 1 has the unknown key 'widht' (a rectangle has x, y, width, height and, for PDFs, page)",
      }),
    ]);
  });
});
