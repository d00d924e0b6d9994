// Differences as views list them: each with its kind, capped so a page stays readable.
import type { Difference } from '../../model/report.js';

export type DifferenceKind = NonNullable<Difference['kind']>;

export interface DifferenceItem {
  path: string;
  message: string;
  kind: DifferenceKind;
}

const MAX_LISTED_DIFFERENCES = 200;

/** The comparator's kind; reports written before comparators set it are read from which values are present. */
export function differenceKind(d: Difference): DifferenceKind {
  if (d.kind) return d.kind;
  const hasExpected = d.expected !== undefined;
  const hasActual = d.actual !== undefined;
  if (hasExpected && !hasActual) return 'missing';
  if (hasActual && !hasExpected) return 'extra';
  return 'changed';
}

export function differenceItems(diffs: readonly Difference[]): { items: DifferenceItem[]; more: number } {
  return {
    items: diffs
      .slice(0, MAX_LISTED_DIFFERENCES)
      .map((d) => ({ path: d.path, message: d.message, kind: differenceKind(d) })),
    more: Math.max(0, diffs.length - MAX_LISTED_DIFFERENCES),
  };
}
