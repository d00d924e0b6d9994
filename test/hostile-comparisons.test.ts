// Hostile outputs that attack the comparison rather than the tool's process (docs/comparators.md#limits):
// PDFs that inflate to a gigabyte, draw a 20000×20000 image, nest Form XObjects 30 deep or hold
// 60 000 pages, an SVG filter that renders for minutes, a fixture regex that backtracks for ever, a
// NaN-sprinkled sound. Each runs the real CLI (a generated tool answering the file, generated here:
// none is committed) and must end with that output's failure naming the limit it crossed, pixie and
// its comparison processes together under 1 GiB; SIGTERM during a comparison ends pixie within 5 s
// and leaves no comparison process behind.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeWav, wavDataUrl } from '../src/comparators/audio/wav.js';
import { compareValues } from '../src/api/compare.js';
import { missingOptional } from '../src/comparators/optional-installed.test-helper.js';
import type { Report } from '../src/model/report.js';
import { tempDir } from './helpers/hostile.js';
import {
  BACKTRACKING_REGEX,
  doubleDeflatedPdf,
  hugeImagePdf,
  manyPagesPdf,
  NON_MATCHING_TEXT,
  nestedFormsPdf,
  pdfDataUrl,
  plainPdf,
  svgDataUrl,
  TURBULENCE_SVG,
} from './helpers/hostile-media.js';
import { REPO_ROOT } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';
import { alive, runPixieTree, type TreeResult } from './helpers/tree-memory.js';

const SERVER = path.join(REPO_ROOT, 'test', 'tools', '_shared', 'tool-server.mjs');
const SMALL_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="9" height="9"/></svg>';
const file = (pdf: Buffer) => ({ filename: 'doc.pdf', mime_type: 'application/pdf', data: pdfDataUrl(pdf) });

interface HostileCase {
  /** the output it attacks, the fixture's expected value and tolerance, and the tool's answer */
  key: 'doc' | 'picture' | 'message';
  expected: unknown;
  actual: () => Promise<unknown> | unknown;
  tolerance?: Record<string, unknown>;
}

const CASES: Record<string, HostileCase> = {
  deflated: { key: 'doc', expected: file(plainPdf()), actual: async () => file(await doubleDeflatedPdf()) },
  visual: {
    key: 'doc',
    expected: file(plainPdf()),
    actual: async () => file(await hugeImagePdf()),
    tolerance: { pdf_compare: 'visual' },
  },
  nested: { key: 'doc', expected: file(plainPdf()), actual: () => file(nestedFormsPdf(30)) },
  pages: { key: 'doc', expected: file(plainPdf()), actual: () => file(manyPagesPdf(60_000)) },
  turbulence: { key: 'picture', expected: svgDataUrl(SMALL_SVG), actual: () => svgDataUrl(TURBULENCE_SVG) },
  regex: {
    key: 'message',
    expected: BACKTRACKING_REGEX,
    actual: () => NON_MATCHING_TEXT,
    tolerance: { compare: 'regex' },
  },
};

/** A tool answering each case's hostile value (from a file beside it) and small values elsewhere. */
async function hostileTool(): Promise<string> {
  const dir = path.join(tempDir('comparisons'), 'hostile-comparisons');
  mkdirSync(path.join(dir, 'reference'), { recursive: true });
  mkdirSync(path.join(dir, 'answers'));
  writeFileSync(
    path.join(dir, 'tool.json'),
    JSON.stringify({
      id: 'hostile-comparisons',
      name: 'Hostile comparisons',
      description: 'Answers outputs that are costly to compare.',
      version: '1.0.0',
      max_runtime_seconds: 30,
      inputs: [{ key: 'case', type: 'text', label: 'Case', default: 'regex' }],
      outputs: [
        { key: 'doc', type: 'file', label: 'Document', default_export_format: 'pdf' },
        { key: 'picture', type: 'image', label: 'Picture' },
        { key: 'message', type: 'text', label: 'Message' },
      ],
    }),
  );
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  writeFileSync(
    path.join(dir, 'main.js'),
    [
      "import { readFileSync } from 'node:fs';",
      `import { serveTool } from ${JSON.stringify(SERVER)};`,
      `const small = { doc: ${JSON.stringify(file(plainPdf()))}, picture: ${JSON.stringify(svgDataUrl(SMALL_SVG))}, message: 'hi' };`,
      'serveTool({ dir: import.meta.dirname, run: (inputs) => {',
      "  const which = String(inputs.case).replace(/[^a-z]/g, '');",
      "  return { ...small, ...JSON.parse(readFileSync(new URL('answers/' + which + '.json', import.meta.url), 'utf8')) };",
      '} });',
    ].join('\n'),
  );
  for (const [name, c] of Object.entries(CASES)) {
    writeFileSync(path.join(dir, 'answers', `${name}.json`), JSON.stringify({ [c.key]: await c.actual() }));
    writeFileSync(
      path.join(dir, 'reference', `fixture_${name}.json`),
      JSON.stringify({
        name,
        inputs: { case: name },
        expected_outputs: { [c.key]: c.expected },
        ...(c.tolerance ? { tolerance: { [c.key]: c.tolerance } } : {}),
      }),
    );
  }
  return dir;
}

let tool = '';
beforeAll(async () => {
  tool = await hostileTool();
}, 300_000);

function validate(name: string, opts: Parameters<typeof runPixieTree>[1] = {}): Promise<TreeResult> {
  return runPixieTree(['validate', tool, '--reference-only', '--fixture', name, '--json'], {
    timeoutMs: 170_000,
    ...opts,
  });
}

/** The one output the case attacks, from the run's --json report. */
function outputOf(r: TreeResult, name: string) {
  const report = JSON.parse(r.stdout) as Report;
  expect(report.fixtures).toHaveLength(1);
  return report.fixtures[0]!.outputs.find((o) => o.key === CASES[name]!.key)!;
}

const noPdfjs = missingOptional('pdfjs-dist');
const noCanvas = noPdfjs || missingOptional('@napi-rs/canvas');
const noSharp = missingOptional('sharp');

describe('comparisons bounded in memory (pixie and its comparison processes together)', () => {
  it.skipIf(noPdfjs)(
    'a 2.4 KB PDF whose content stream is deflated twice to 1 GiB',
    async () => {
      const r = await validate('deflated');
      expect(r.code, r.stderr.slice(0, 2000)).toBe(1);
      expect(outputOf(r, 'deflated')).toMatchObject({
        status: 'fail',
        metric:
          "decoding one of its streams or images needs more than 128 MiB (PIXIE_MAX_DECODED_MB), pixie's limit on one decoded stream or image",
      });
      // before: 2.2 GB
      expect(r.peakMb).toBeLessThan(1024);
      expect(processesUnder(tool)).toEqual([]);
    },
    180_000,
  );

  it.skipIf(noCanvas)(
    'pdf_compare: visual of a 1 KB page drawing a 20000×20000 image',
    async () => {
      const r = await validate('visual');
      expect(r.code, r.stderr.slice(0, 2000)).toBe(1);
      expect(outputOf(r, 'visual').metric).toBe(
        "the PDF draws an image of more than 16777216 pixels (4096 × 4096), pixie's limit on one image; it cannot be compared",
      );
      // before: 4.5 GB
      expect(r.peakMb).toBeLessThan(1024);
    },
    180_000,
  );
});

describe('comparisons bounded in time: each ends with a failure naming the limit', () => {
  // the default limit is 30 s; 10 here keeps the suite short, and the sentence is the same
  const quick = { PIXIE_MAX_COMPARE_SECONDS: '10' };
  const timeLimit =
    "the comparison was stopped after 10 s, pixie's time limit for comparing one output (PIXIE_MAX_COMPARE_SECONDS)";

  it.skipIf(noPdfjs)(
    'Form XObjects nested 30 deep, each drawing the one below twice',
    async () => {
      const r = await validate('nested', { env: quick });
      expect(r.code, r.stderr.slice(0, 2000)).toBe(1);
      expect(outputOf(r, 'nested')).toMatchObject({ status: 'fail', metric: timeLimit });
    },
    180_000,
  );

  it.skipIf(noPdfjs)(
    'a 60 000-page PDF is refused by its page count (under the default time limit)',
    async () => {
      const r = await validate('pages');
      expect(r.code, r.stderr.slice(0, 2000)).toBe(1);
      expect(outputOf(r, 'pages').metric).toBe(
        "the PDF has 60000 pages, over pixie's limit of 10000 pages read per document (pdf_compare: page_count compares longer ones)",
      );
    },
    180_000,
  );

  it.skipIf(noSharp)(
    'a 300-byte SVG whose feTurbulence filter renders for minutes',
    async () => {
      expect(TURBULENCE_SVG.length).toBeLessThan(320);
      const r = await validate('turbulence', { env: quick });
      expect(r.code, r.stderr.slice(0, 2000)).toBe(1);
      expect(outputOf(r, 'turbulence')).toMatchObject({ status: 'fail', metric: timeLimit });
    },
    180_000,
  );

  it('a fixture regex (\\w+\\s?)* against a long string it does not match', async () => {
    const r = await validate('regex', { env: quick });
    expect(r.code, r.stderr.slice(0, 2000)).toBe(1);
    expect(outputOf(r, 'regex')).toMatchObject({ status: 'fail', metric: timeLimit });
  }, 180_000);
});

describe('SIGTERM during a comparison ends pixie within 5 s, leaving no comparison process', () => {
  const cases = [
    ['regex', false],
    ['nested', noPdfjs],
    ['turbulence', noSharp],
  ] as const;
  for (const [name, skip] of cases)
    it.skipIf(skip)(
      `while comparing '${name}'`,
      async () => {
        const r = await validate(name, { signal: { name: 'SIGTERM', afterComparingMs: 1500 } });
        expect(r.comparisonPids.length, r.stderr.slice(0, 2000)).toBeGreaterThan(0);
        expect(r.exitAfterSignalMs).not.toBeNull();
        expect(r.exitAfterSignalMs!).toBeLessThan(5000);
        expect(r.code).toBe(143);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        expect(r.comparisonPids.filter(alive)).toEqual([]);
        expect(processesUnder(tool)).toEqual([]);
      },
      180_000,
    );
});

describe('samples that are not numbers', () => {
  it('a different tone with one NaN every 1000 samples fails, saying so', async () => {
    const rate = 8000;
    const tone = (hz: number) =>
      Float32Array.from({ length: rate }, (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / rate));
    const other = tone(660);
    for (let i = 0; i < other.length; i += 1000) other[i] = Number.NaN;
    const r = await compareValues({
      type: 'audio',
      expected: wavDataUrl(encodeWav(tone(440), rate)),
      actual: wavDataUrl(encodeWav(other, rate, 'float32')),
    });
    expect(r.status).toBe('fail');
    expect(r.metric).toBe(
      'actual audio cannot be decoded: WAV holds samples that are not numbers: 8 NaN of 8000 (the first at 0.000 s); audio samples must be finite',
    );
  }, 60_000);
});
