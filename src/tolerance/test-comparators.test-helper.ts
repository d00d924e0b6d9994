// Small fake comparators for the tolerance and fixture tests (the real registry is written elsewhere;
// these pin down only what loading and resolution read: modes, options, defaults).
import type { Comparator, OptionKind } from '../comparators/types.js';
import type { Tolerance } from '../model/tolerance.js';
import type { OutputSpec, OutputType } from '../model/manifest.js';

function fake(name: string, modes: string[], options: Record<string, OptionKind>, defaults: Tolerance): Comparator {
  return {
    name,
    types: [],
    modes,
    options,
    messages: {},
    defaults: () => structuredClone(defaults),
    compare: () => ({ status: 'pass', score: 1, metric: '', rule: '', expected: null, actual: null, tolerance: {} }),
  };
}

export const fakeNumber = fake(
  'number',
  ['abs_or_rel', 'numeric_isclose', 'exact'],
  { abs: 'number', rel: 'number' },
  { compare: 'abs_or_rel', abs: 1e-6, rel: 1e-4 },
);
export const fakeChart = fake(
  'chart',
  ['data_only', 'values_unordered'],
  { series: 'tolerance', series_match: 'string' },
  { compare: 'data_only', rel: 1e-3, series: { abs: 1e-9 } },
);
export const fakeTable = fake(
  'table',
  ['rows_ordered', 'rows_unordered'],
  { columns: 'tolerance', key: 'string[]', round_digits: 'integer', allow_extra: 'boolean' },
  { compare: 'rows_ordered', abs: 1e-6 },
);
const fakeText = fake(
  'text',
  ['exact', 'normalize_whitespace', 'levenshtein'],
  { min_similarity: 'number' },
  { compare: 'exact' },
);
const fakeSha = fake('sha256', ['sha256'], {}, { compare: 'sha256' });

export function fakeComparatorFor(type: OutputType): Comparator {
  if (type === 'number') return fakeNumber;
  if (type.startsWith('chart_')) return fakeChart;
  if (type === 'table') return fakeTable;
  if (type === 'text' || type === 'markdown') return fakeText;
  return fakeSha;
}

export const TEST_OUTPUTS: OutputSpec[] = [
  { key: 'final_value', type: 'number', label: 'Final value' },
  { key: 'total_interest', type: 'number', label: 'Total interest' },
  { key: 'growth_chart', type: 'chart_line', label: 'Growth' },
  { key: 'schedule', type: 'table', label: 'Schedule' },
  { key: 'summary', type: 'text', label: 'Summary' },
];
