// Measures the real-world golden set (test/cases/real) in several modes per output type, for the
// evidence tables (bench/image-evidence.ts, bench/pdf-evidence.ts, bench/audio-evidence.ts) and
// README's media table. Each pair is compared once per mode through the comparator, as check 12 does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { comparatorFor } from '../src/comparators/index.js';
import type { ComparisonResult } from '../src/comparators/types.js';
import type { Tolerance } from '../src/model/tolerance.js';
import type { OutputType } from '../src/model/manifest.js';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/cases/real');
const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', wav: 'audio/wav', pdf: 'application/pdf' };

interface RealCase {
  id: string;
  type: OutputType;
  expected: string;
  actual: string;
  tolerance: Tolerance;
  status: 'pass' | 'fail';
  why: string;
}

export interface Mode {
  label: string;
  tolerance: Tolerance;
  /** the number to show from the result */
  value(r: ComparisonResult): string;
}

function outputValue(file: string, type: OutputType): unknown {
  const ext = file.split('.').pop()!;
  const url = `data:${MIME[ext]};base64,${readFileSync(path.join(DIR, file)).toString('base64')}`;
  return type === 'file' ? { filename: `output.${ext}`, mime_type: MIME[ext], data: url } : url;
}

/** The first number in the metric after `after` (or at its start). */
export function numberIn(metric: string, after = ''): string {
  const at = after ? metric.indexOf(after) : 0;
  if (at < 0) return '—';
  const m = /-?\d+(\.\d+)?/.exec(metric.slice(at + after.length));
  return m ? m[0] : '—';
}

/** One row per distinct pair of the type: what a person says, then each mode's number and verdict. */
export async function measureReal(type: OutputType, modes: Mode[]): Promise<string> {
  const all = JSON.parse(readFileSync(path.join(DIR, 'cases.json'), 'utf8')) as RealCase[];
  const seen = new Set<string>();
  const rows: string[][] = [];
  for (const c of all.filter((x) => x.type === type)) {
    const pair = `${c.expected}|${c.actual}`;
    if (seen.has(pair)) continue;
    seen.add(pair);
    // a pair's first case is the default verdict a person expects
    const limit = /documented limit/.test(c.why);
    const person = limit ? (c.status === 'pass' ? 'fail' : 'pass') : c.status;
    const row = [
      `${path.basename(c.expected)} → ${path.basename(c.actual)}`,
      c.why.replace(/^documented limit[^:]*: /, ''),
      person === 'pass' ? 'same' : 'differs',
    ];
    for (const m of modes) {
      const r = await comparatorFor(type).compare({
        key: 'output',
        type,
        expected: outputValue(c.expected, type),
        actual: outputValue(c.actual, type),
        tolerance: { ...comparatorFor(type).defaults(type), ...m.tolerance },
      });
      const wanted = r.status === (person === 'pass' ? 'pass' : 'fail');
      row.push(`${m.value(r)} ${r.status}${wanted ? '' : ' ✗'}`);
    }
    rows.push(row);
  }
  const header = ['pair', 'what changed', 'a person says', ...modes.map((m) => m.label)];
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
