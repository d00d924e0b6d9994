import type { Report } from '../model/report.js';

/** 0 pass or warn, 1 any fail, 2 a fault of pixie itself (docs/cli.md). */
export function exitCodeFor(reports: readonly Report[]): number {
  if (reports.some((r) => r.errors.length)) return 2;
  return reports.some((r) => r.overall === 'fail') ? 1 : 0;
}
