// The --html report and the dashboard place the very same fragment for each failing output.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { comparatorFor } from '../../comparators/index.js';
import { skipWithout } from '../../comparators/optional-installed.test-helper.js';
import { toolPage } from '../../server/views/pages.js';
import type { OutputType } from '../../model/manifest.js';
import type { OutputComparison, Report } from '../../model/report.js';
import { renderHtml } from '../renderers/html.js';
import { outputDetail } from './output-detail.js';
import { SERIES_LEGEND } from './series.js';

async function compared(
  key: string,
  type: OutputType,
  expected: unknown,
  actual: unknown,
  tolerance: Record<string, unknown> = {},
): Promise<OutputComparison> {
  const c = comparatorFor(type);
  const r = await c.compare({ key, type, expected, actual, tolerance: { ...c.defaults(type), ...tolerance } });
  return { key, type, comparator: r.comparator ?? c.name, ...r };
}

const png = (name: string) =>
  `data:image/png;base64,${readFileSync(new URL(`../../../test/cases/image/${name}`, import.meta.url)).toString('base64')}`;

async function failingReport(): Promise<Report> {
  const columns = [
    { key: 'k', label: 'K' },
    { key: 'v', label: 'V' },
  ];
  const outputs = await Promise.all([
    compared('total', 'number', 10, 9.5),
    compared(
      'rows',
      'table',
      {
        columns,
        rows: [
          { k: 'a', v: 1 },
          { k: 'b', v: 2 },
        ],
      },
      {
        columns,
        rows: [
          { k: 'a', v: 1 },
          { k: 'b', v: 5 },
        ],
      },
    ),
    compared('summary', 'text', 'one\n<b>two</b>', 'one\n<i>two</i>'),
    compared(
      'growth',
      'chart_line',
      { x: [0, 1], series: [{ name: 'a', y: [1, 2] }] },
      { x: [0, 1], series: [{ name: 'a', y: [1, 3] }] },
    ),
    compared('picture', 'image', png('07-hue-change-a.png'), png('07-hue-change-b.png')),
    compared('same', 'number', 1, 1),
  ]);
  return {
    tool_id: 'demo',
    tool_path: '/tools/demo',
    timestamp: '2026-01-01T00:00:00.000Z',
    overall: 'fail',
    duration_ms: 10,
    checks: [
      {
        number: 12,
        name: 'reference_fixtures_match',
        phase: 'fixtures',
        status: 'fail',
        message: '1 of 1 fixture(s) failed',
        details: null,
        duration_ms: 5,
      },
    ],
    fixtures: [
      {
        file: 'fixture_a.json',
        name: 'a',
        status: 'fail',
        message: '5 output(s) differ',
        duration_ms: 5,
        source: null,
        tags: [],
        inputs: {},
        outputs,
      },
    ],
    sample_inputs: null,
    sample_output: null,
    spawn_log: null,
    peak_memory_mb: null,
    warnings: [],
    errors: [],
  };
}

describe('one fragment for both pages', () => {
  it('the --html report and the dashboard contain the same detail for every failing output, and none for a passing one', async () => {
    const report = await failingReport();
    const file = renderHtml([report]);
    const dashboard = toolPage({
      id: 'demo',
      name: 'Demo',
      category: null,
      toolPath: '/tools/demo',
      stale: false,
      report,
      reportKind: 'validate',
      reportFile: null,
      history: [],
      activeRunId: null,
      validation: 'fail',
    });
    const outputs = report.fixtures[0]!.outputs;
    expect(outputs.map((o) => o.status)).toEqual(['fail', 'fail', 'fail', 'fail', 'fail', 'pass']);
    for (const o of outputs.slice(0, 5)) {
      const fragment = outputDetail(o).value;
      expect(file, o.key).toContain(fragment);
      expect(dashboard, o.key).toContain(fragment);
    }
    for (const page of [file, dashboard]) {
      expect(page.match(/<div class="output-detail">/g)).toHaveLength(5);
      expect(page).toContain(SERIES_LEGEND.line);
      expect(page).toContain('<span class="del">- &lt;b&gt;two&lt;/b&gt;</span>');
      expect(page).not.toContain('<b>two');
    }
  });

  it('draws expected dashed and actual solid, as the legend says', async () => {
    const html = outputDetail(
      await compared(
        'growth',
        'chart_line',
        { x: [0, 1], series: [{ name: 'a', y: [1, 2] }] },
        { x: [0, 1], series: [{ name: 'a', y: [1, 3] }] },
      ),
    ).value;
    const lines = [...html.matchAll(/<polyline [^>]*>/g)].map((m) => m[0]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('stroke-dasharray');
    expect(lines[1]).not.toContain('stroke-dasharray');
    expect(html).toContain('<title>a (expected)</title></polyline><polyline');
    expect(html).toContain('dashed: expected · solid: actual');
  });

  it('shows a PDF page that differs visually as expected, actual and diff side by side', async (ctx) => {
    skipWithout(ctx, 'pdfjs-dist', '@napi-rs/canvas');
    const pdf = (name: string) => ({
      filename: 'chart.pdf',
      data: `data:application/pdf;base64,${readFileSync(new URL(`../../../test/cases/real/pdf/${name}`, import.meta.url)).toString('base64')}`,
    });
    const html = outputDetail(
      await compared('report', 'file', pdf('chart-a.pdf'), pdf('chart-bars.pdf'), { pdf_compare: 'visual' }),
    ).value;
    const row = html.match(
      /<div class="image-row"><div class="muted">page 1<\/div>\s*<div class="side-by-side">(.*?)<\/div><\/div>/s,
    );
    expect(row, html.slice(0, 400)).not.toBeNull();
    expect([...row![1]!.matchAll(/<figcaption>([^<]*)<\/figcaption>/g)].map((m) => m[1])).toEqual([
      'expected page 1',
      'actual page 1',
      'page 1 diff (red: differs, yellow: tolerated, hatched: ignored)',
    ]);
  });
});
