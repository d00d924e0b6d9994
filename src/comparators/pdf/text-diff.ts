// The text of two PDFs compared page by page (pure): page count, then a line diff per page with
// paths `page[N]` (N from 1, as printed page numbers).
import type { Difference } from '../../model/report.js';
import { lineDifferences } from '../text.js';
import { messages } from './messages.js';
import type { PdfPages } from './page-text.js';

const MAX_DIFFERENCES = 100;

export interface PdfPageComparison {
  ok: boolean;
  score: number;
  metric: string;
  differences: Difference[];
}

export function comparePdfPages(expected: PdfPages, actual: PdfPages): PdfPageComparison {
  const differences: Difference[] = [];
  if (expected.length !== actual.length) {
    differences.push({
      path: 'pages',
      message: messages.pageCount(expected.length, actual.length),
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
        message: messages.pageMissing(p + 1, e!),
      });
      totalLines += e!.length;
      differingLines += e!.length;
      differingPages++;
      continue;
    }
    if (!e) {
      differences.push({
        path: where,
        message: messages.pageExtra(p + 1, a),
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
        message = messages.lineChanged(p + 1, line, String(d.expected), String(d.actual));
      else if (d.expected !== undefined) message = messages.lineRemoved(p + 1, line, String(d.expected));
      else if (d.actual !== undefined) message = messages.lineAdded(p + 1, line, String(d.actual));
      else message = messages.onPage(p + 1, d.message);
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
          { path: '', message: messages.more(differences.length - MAX_DIFFERENCES) },
        ]
      : differences;
  const score = ok
    ? 1
    : Math.max(0, 1 - differingLines / Math.max(1, totalLines)) * (expected.length === actual.length ? 1 : 0.5);
  const metric = ok
    ? messages.textEqual(expected.length, totalLines)
    : [
        expected.length !== actual.length ? messages.pageCounts(expected.length, actual.length) : '',
        messages.textDiffers(differingPages, pages, differingLines, totalLines),
      ]
        .filter(Boolean)
        .join('; ');
  return { ok, score, metric, differences: capped };
}
