// Reading and writing numbers as Python's json does (util/python-json.ts), side by side with
// JSON.parse and JSON.stringify on the same text: a /run answer holding a table of N rows × 10
// columns in four forms: plain JSON (the fast path: JSON.parse and one search for long numbers), one
// NaN, NaN in every 40th cell, and an id column past 2^53 (the slow path: a scan, then JSON.parse
// again with placeholders). Readers: parseJson on the text (SSE events, answers without a table),
// parseJsonWithRowColumns on the bytes (check 12 on an answer with a table: its rows held as
// columns), and the peer, JSON.parse of the same text with NaN written as null (it cannot read NaN;
// it reads the long ids as the nearest doubles). Writers: stringifyJson (reports, --update-fixtures)
// against JSON.stringify of the same value. Every measurement runs in its own process, so its peak
// RSS belongs to it alone; medians of RUNS processes.
// Run alone: node --import tsx bench/python-json.ts [rows] [--write]  (--write saves bench/evidence/python-json.md)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './measure.js';
import { peakKib } from './peak-rss.mjs';

const RUNS = 5;
const FORMS = ['plain', 'one NaN', 'NaN every 40th cell', 'ids past 2^53'] as const;
type Form = (typeof FORMS)[number];
const MODES = ['JSON.parse', 'parseJson', 'parseJsonWithRowColumns', 'JSON.stringify', 'stringifyJson'] as const;
type Mode = (typeof MODES)[number];

function answerText(rows: number, form: Form): string {
  let seed = 7;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    const id = form === 'ids past 2^53' ? String(9007199254740993n + BigInt(i)) : String(i);
    const cells = Array.from({ length: 8 }, (_, c) =>
      (form === 'NaN every 40th cell' && (i * 8 + c) % 40 === 0) || (form === 'one NaN' && i === rows >> 1 && c === 0)
        ? 'NaN'
        : String(Math.round(rand() * 1e6) / 100),
    );
    lines.push(`[${id}, "row ${i % 977}", ${cells.join(', ')}]`);
  }
  return `{"trades": {"columns": ["id", "name", "a", "b", "c", "d", "e", "f", "g", "h"], "rows": [${lines.join(', ')}]}}`;
}

interface Sample {
  ms: number;
  maxRssMb: number;
}

/** In a fresh process: read the file, then time one reader or writer on it. */
async function child(mode: Mode, file: string): Promise<void> {
  const { parseJson, stringifyJson } = await import('../src/util/python-json.js');
  const { parseJsonWithRowColumns, tableRowsIn } = await import('../src/util/parse-json-rows.js');
  const bytes = readFileSync(file);
  let ms = 0;
  let keep: unknown;
  if (mode === 'JSON.stringify' || mode === 'stringifyJson') {
    // both write the value parseJson read (NaN and long ids included): what a report keeps
    const value = parseJson(bytes.toString('utf8'));
    const started = performance.now();
    keep = mode === 'stringifyJson' ? stringifyJson(value) : JSON.stringify(value);
    ms = performance.now() - started;
  } else {
    const started = performance.now();
    if (mode === 'JSON.parse') keep = JSON.parse(bytes.toString('utf8').replace(/NaN/g, 'null'));
    else if (mode === 'parseJson') keep = parseJson(bytes.toString('utf8'));
    else keep = parseJsonWithRowColumns(bytes, tableRowsIn([{ key: 'trades', type: 'table' }])!);
    ms = performance.now() - started;
  }
  const sample: Sample = { ms, maxRssMb: peakKib() / 1024 };
  process.stdout.write(JSON.stringify(sample));
  if (keep === undefined) process.exitCode = 1;
}

function measure(mode: Mode, file: string): Sample {
  const self = fileURLToPath(import.meta.url);
  const out = execFileSync(process.execPath, ['--import', 'tsx', self, '--child', mode, file], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out) as Sample;
}

const fixed = (n: number, width: number, digits = 0) => n.toFixed(digits).padStart(width);

export async function benchPythonJson(opts: { rows?: number; write?: boolean } = {}): Promise<void> {
  const rows = opts.rows ?? 200_000;
  const dir = path.join(os.tmpdir(), `pixie-bench-python-json-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const table: string[] = [
    '| answer | MB | reader or writer | ms | vs peer | peak RSS MB | vs peer |',
    '| ------ | -- | ---------------- | -- | ------- | ----------- | ------- |',
  ];
  // per mode (not a peer), its time and peak RSS over its peer's, in the order of FORMS
  const ratios = new Map<Mode, { ms: number; rss: number }[]>();
  console.log(`a /run answer with a table of ${rows} rows × 10 columns; median of ${RUNS} processes each`);
  try {
    for (const form of FORMS) {
      const file = path.join(dir, 'answer.json');
      const text = answerText(rows, form);
      writeFileSync(file, text);
      const mb = Buffer.byteLength(text) / 1e6;
      // the modes take turns, so that a shared machine's load falls on each alike
      const samples = new Map<Mode, Sample[]>(MODES.map((m) => [m, []]));
      for (let run = 0; run < RUNS; run++) for (const mode of MODES) samples.get(mode)!.push(measure(mode, file));
      const result = new Map<Mode, Sample>();
      for (const [mode, s] of samples)
        result.set(mode, { ms: median(s.map((x) => x.ms)), maxRssMb: median(s.map((x) => x.maxRssMb)) });
      console.log(`  ${form} (${mb.toFixed(1)} MB)`);
      for (const mode of MODES) {
        const s = result.get(mode)!;
        const peer = result.get(
          mode.endsWith('tringify') || mode === 'stringifyJson' ? 'JSON.stringify' : 'JSON.parse',
        )!;
        const isPeer = mode === 'JSON.parse' || mode === 'JSON.stringify';
        if (!isPeer)
          ratios.set(mode, [...(ratios.get(mode) ?? []), { ms: s.ms / peer.ms, rss: s.maxRssMb / peer.maxRssMb }]);
        const ratio = isPeer ? 'peer' : `${(s.ms / peer.ms).toFixed(2)}×`;
        const rss = isPeer ? 'peer' : `${(s.maxRssMb / peer.maxRssMb).toFixed(2)}×`;
        console.log(
          `    ${mode.padEnd(24)} ${fixed(s.ms, 6)} ms ${ratio.padStart(6)}   peak RSS ${fixed(s.maxRssMb, 5)} MB ${rss.padStart(6)}`,
        );
        table.push(
          `| ${form} | ${mb.toFixed(1)} | ${mode} | ${s.ms.toFixed(0)} | ${ratio} | ${s.maxRssMb.toFixed(0)} | ${rss} |`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (opts.write)
    writeFileSync(new URL('./evidence/python-json.md', import.meta.url), evidenceMarkdown(rows, table, ratios));
}

/** "1.21×", or the range "1.70–2.45×" of the forms picked (indexes into FORMS). */
function span(of: { ms: number; rss: number }[] | undefined, what: 'ms' | 'rss', forms: number[]): string {
  const xs = forms.map((i) => of?.[i]?.[what]).filter((x): x is number => x !== undefined);
  if (xs.length === 0) return '?';
  const lo = Math.min(...xs).toFixed(2);
  const hi = Math.max(...xs).toFixed(2);
  return lo === hi ? `${lo}×` : `${lo}–${hi}×`;
}

function evidenceMarkdown(
  rows: number,
  table: readonly string[],
  ratios: Map<Mode, { ms: number; rss: number }[]>,
): string {
  const plain = [0];
  const python = [1, 2, 3];
  const every = [0, 1, 2, 3];
  return [
    "# Python's JSON: reading and writing cost, against JSON.parse and JSON.stringify",
    '',
    `Generated by \`node --import tsx bench/python-json.ts ${rows} --write\` on ${os.cpus().length} shared cores, Node ${process.version}.`,
    `A /run answer holding a table of ${rows} rows × 10 columns, in four forms. Each row is one process; medians of ${RUNS},`,
    'the modes taking turns. The peer for readers is JSON.parse of the same text with NaN written as null (JSON.parse',
    'cannot read NaN and reads ids past 2^53 as the nearest doubles); for writers, JSON.stringify of the same value.',
    "Peak RSS includes the file's bytes and Node itself, the same for both. Times on a shared machine are noisy; the",
    'ratios, measured side by side, are what to read.',
    '',
    ...table,
    '',
    '## Reading',
    '',
    `- **plain** JSON: \`parseJson\` is JSON.parse plus one search for long numbers (${span(ratios.get('parseJson'), 'ms', plain)}),`,
    `  and \`stringifyJson\` JSON.stringify after a walk that finds no NaN (${span(ratios.get('stringifyJson'), 'ms', plain)}).`,
    `- **NaN** or **long ids** anywhere: \`parseJson\` scans for candidates and parses again with placeholders`,
    `  (${span(ratios.get('parseJson'), 'ms', python)}; peak RSS ${span(ratios.get('parseJson'), 'rss', python)}), and \`stringifyJson\` calls a replacer for every value`,
    `  (${span(ratios.get('stringifyJson'), 'ms', python)}).`,
    `- \`parseJsonWithRowColumns\` (check 12 on a table answer) holds the rows as columns: peak RSS`,
    `  ${span(ratios.get('parseJsonWithRowColumns'), 'rss', every)} of JSON.parse's in every form, time ${span(ratios.get('parseJsonWithRowColumns'), 'ms', every)}.`,
    '',
  ].join('\n');
}

if (process.argv[2] === '--child') {
  await child(process.argv[3] as Mode, process.argv[4]!);
} else if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const rows = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 200_000);
  await benchPythonJson({ rows, write: process.argv.includes('--write') });
}
