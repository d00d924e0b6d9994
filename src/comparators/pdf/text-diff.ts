// The text of two PDFs compared page by page (pure): page count, then a line diff per page with
// paths `page[N]` (N from 1, as printed page numbers).
import type { Difference } from '../../model/report.js';
import { lineDifferences } from '../text.js';
import type { PdfPages } from './page-text.js';

const MAX_DIFFERENCES = 100;

export interface PdfPageComparison {
  ok: boolean;
  score: number;
  metric: string;
  differences: Difference[];
}

const quote = (s: string): string => JSON.stringify(s.length > 120 ? `${s.slice(0, 119)}…` : s);

export function comparePdfPages(expected: PdfPages, actual: PdfPages): PdfPageComparison {
  const differences: Difference[] = [];
  if (expected.length !== actual.length) {
    differences.push({
      path: 'pages',
      message: `page count differs: expected ${expected.length}, got ${actual.length}`,
      expected: expected.length,
      actual: actual.length,
    });
  }
  let totalLines = 0;
  let differingLines = 0;
  let differingPages = 0;
  const pages = Math.max(expected.length, actual.length);
  for (let p = 0; p < pages; p++) {
    const e = expected[p];
    const a = actual[p];
    const where = `page[${p + 1}]`;
    if (!a) {
      differences.push({
        path: where,
        message: `page ${p + 1} is missing in actual (expected ${e!.length} line(s)${e!.length ? `, first ${quote(e![0]!)}` : ''})`,
      });
      totalLines += e!.length;
      differingLines += e!.length;
      differingPages++;
      continue;
    }
    if (!e) {
      differences.push({
        path: where,
        message: `page ${p + 1} is extra in actual (${a.length} line(s)${a.length ? `, first ${quote(a[0]!)}` : ''})`,
      });
      totalLines += a.length;
      differingLines += a.length;
      differingPages++;
      continue;
    }
    const diff = lineDifferences(e.join('\n'), a.join('\n'));
    totalLines += diff.total;
    if (diff.differing === 0) continue;
    differingLines += diff.differing;
    differingPages++;
    for (const d of diff.differences) {
      const line = d.path; // "line N" (expected numbering), or '' for the "… and N more" note
      let message: string;
      if (d.expected !== undefined && d.actual !== undefined)
        message = `page ${p + 1}, ${line}: - ${quote(String(d.expected))} + ${quote(String(d.actual))}`;
      else if (d.expected !== undefined) message = `page ${p + 1}, ${line} removed: - ${quote(String(d.expected))}`;
      else if (d.actual !== undefined) message = `page ${p + 1}, ${line} added: + ${quote(String(d.actual))}`;
      else message = `page ${p + 1}: ${d.message}`;
      differences.push({
        path: where,
        message,
        ...(d.expected !== undefined ? { expected: d.expected } : {}),
        ...(d.actual !== undefined ? { actual: d.actual } : {}),
      });
    }
  }
  const ok = differences.length === 0;
  const capped =
    differences.length > MAX_DIFFERENCES
      ? [
          ...differences.slice(0, MAX_DIFFERENCES),
          { path: '', message: `… and ${differences.length - MAX_DIFFERENCES} more differences` },
        ]
      : differences;
  const score = ok
    ? 1
    : Math.max(0, 1 - differingLines / Math.max(1, totalLines)) * (expected.length === actual.length ? 1 : 0.5);
  const metric = ok
    ? `text equal on all ${expected.length} page(s) (${totalLines} line(s))`
    : [
        expected.length !== actual.length ? `page count ${expected.length} vs ${actual.length}` : '',
        `${differingPages} of ${pages} page(s) differ (${differingLines} of ${totalLines} line(s))`,
      ]
        .filter(Boolean)
        .join('; ');
  return { ok, score, metric, differences: capped };
}
