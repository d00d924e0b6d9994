// Media fixtures made independently of the tools (issue 4): each media example tool has fixtures
// whose expected PNG, WAV or PDF was produced by a committed Python script that shares no code with
// the tool (tools/*/scripts/make-*.py). Check 12 must pass them on the real tools, fail mutated
// copies naming the media output (a recoloured image, a tone a semitone off, a changed word), and
// still pass benign variations (another PNG encoding, a 2-sample delay or another sample rate,
// other PDF metadata). No run may leave a process behind.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FixtureResult, OutputComparison, Report } from '../src/model/report.js';
import { skipWithoutExample } from './helpers/media-examples.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

type MediaTool = 'gradient-image' | 'tone-generator' | 'invoice-pdf';

/** The outputs each tool's independent fixtures assert, and the generator that made them. */
const MEDIA: Record<MediaTool, { keys: string[]; script: string }> = {
  'gradient-image': { keys: ['image', 'greyscale', 'swatches'], script: 'make-gradient-png.py' },
  'tone-generator': { keys: ['audio'], script: 'make-tone-wav.py' },
  'invoice-pdf': { keys: ['invoice'], script: 'make-invoice-pdf.py' },
};

/** A copy of an example tool inside the repository (so it still finds node_modules), patched. */
function copyOf(tool: MediaTool, patch: (dir: string) => void = () => undefined): string {
  mkdirSync(path.join(REPO_ROOT, 'test-artifacts'), { recursive: true });
  const dir = path.join(mkdtempSync(path.join(REPO_ROOT, 'test-artifacts', 'media-')), tool);
  cpSync(path.join(REPO_ROOT, 'tools', tool), dir, { recursive: true });
  patch(dir);
  return dir;
}

/** Replace every occurrence (a string or a global RegExp); throws when nothing changed. */
function edit(file: string, from: string | RegExp, to: string): void {
  const text = readFileSync(file, 'utf8');
  const next = typeof from === 'string' ? text.split(from).join(to) : text.replace(from, to);
  if (next === text) throw new Error(`patch did not apply to ${file}: ${from}`);
  writeFileSync(file, next);
}

/** Check 12 only, on the independent fixtures; nothing may survive the run. */
async function check12(
  dir: string,
): Promise<{ report: Report; code: number; c12: Report['checks'][number]; fixtures: FixtureResult[] }> {
  const r = await runPixie(['validate', dir, '--reference-only', '--json', '--tag', 'independent']);
  expect(processesUnder(dir)).toEqual([]);
  let report: Report;
  try {
    report = JSON.parse(r.stdout) as Report;
  } catch {
    throw new Error(`pixie printed no JSON report (exit ${r.code}): ${r.stderr.slice(0, 2000)}`);
  }
  return { report, code: r.code, c12: report.checks[11]!, fixtures: report.fixtures };
}

const output = (f: FixtureResult, key: string): OutputComparison => {
  const o = f.outputs.find((x) => x.key === key);
  if (!o) throw new Error(`${f.file} has no output '${key}' (has ${f.outputs.map((x) => x.key).join(', ')})`);
  return o;
};

const explain = (fixtures: FixtureResult[]): string =>
  fixtures.flatMap((f) => f.outputs.map((o) => `${f.file} ${o.key}: ${o.status} — ${o.metric}`)).join('\n');

function expectMediaPass(tool: MediaTool, fixtures: FixtureResult[]): void {
  expect(fixtures.length, `independent fixtures of ${tool}`).toBeGreaterThanOrEqual(1);
  for (const f of fixtures) {
    for (const key of MEDIA[tool].keys) {
      const o = output(f, key);
      expect(o.status, `${f.file} ${key}: ${o.metric}`).toBe('pass');
      expect(o.degraded, `${f.file} ${key} degraded`).toBeUndefined();
    }
  }
}

describe.concurrent('independent media fixtures pass check 12 on the example tools', () => {
  for (const tool of Object.keys(MEDIA) as MediaTool[]) {
    it(`${tool}: check 12 passes and every media output passes`, async (ctx) => {
      skipWithoutExample(ctx, tool);
      // a pristine copy, so the leak check sees only this run's processes
      const dir = copyOf(tool);
      const { c12, code, fixtures } = await check12(dir);
      expect(c12.status, `${c12.message}\n${explain(fixtures)}`).toBe('pass');
      expect(code).toBe(0);
      expectMediaPass(tool, fixtures);
      for (const f of fixtures) {
        // the expected media really are a different file from the tool's: decoded and compared, not byte-equal
        for (const key of MEDIA[tool].keys)
          expect(output(f, key).metric, `${f.file} ${key}`).not.toMatch(/^identical bytes/);
        expect(f.source).toContain(`scripts/${MEDIA[tool].script}`);
      }
      expect(existsSync(path.join(REPO_ROOT, 'tools', tool, 'scripts', MEDIA[tool].script))).toBe(true);
    });
  }

  it('gradient-image: the independent PNGs pass in pixel mode and in histogram mode alike', async (ctx) => {
    skipWithoutExample(ctx, 'gradient-image');
    for (const mode of ['pixel', 'histogram']) {
      const dir = copyOf('gradient-image', (d) => {
        const ref = path.join(d, 'reference');
        for (const file of ['fixture_independent_png_horizontal.json', 'fixture_independent_png_diagonal_pixel.json']) {
          const fx = JSON.parse(readFileSync(path.join(ref, file), 'utf8')) as Record<string, unknown>;
          delete fx.tolerance;
          writeFileSync(path.join(ref, file), JSON.stringify(fx, null, 2));
        }
        writeFileSync(
          path.join(ref, 'tolerance.yaml'),
          MEDIA['gradient-image'].keys.map((k) => `${k}: { compare: ${mode} }\n`).join(''),
        );
      });
      const { c12, fixtures } = await check12(dir);
      expect(c12.status, `${mode}: ${c12.message}\n${explain(fixtures)}`).toBe('pass');
      expectMediaPass('gradient-image', fixtures);
      expect(output(fixtures[0]!, 'image').rule).toContain(mode === 'pixel' ? 'max_diff_ratio' : 'histogram');
    }
  });
});

describe.concurrent('mutated media tools fail check 12 naming the output', () => {
  it('a recoloured image (red and blue swapped) fails `image` with a diff image', async (ctx) => {
    skipWithoutExample(ctx, 'gradient-image');
    const dir = copyOf('gradient-image', (d) =>
      edit(
        path.join(d, 'main.ts'),
        'raw.set([r, g, b], (y * width + x) * 3);',
        'raw.set([b, g, r], (y * width + x) * 3);',
      ),
    );
    const { c12, code, fixtures } = await check12(dir);
    expect(code).toBe(1);
    expect(c12.status).toBe('fail');
    expect(fixtures.length).toBeGreaterThanOrEqual(1);
    for (const f of fixtures) {
      const image = output(f, 'image');
      expect(image.status, `${f.file}: ${image.metric}`).toBe('fail');
      expect(image.differences?.length).toBeGreaterThan(0);
      const diff = image.artifacts?.[0]?.data_url ?? '';
      expect(diff).toMatch(/^data:image\/png;base64,/);
      expect(Buffer.from(diff.split(',')[1]!, 'base64').subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(output(f, 'greyscale').status).toBe('fail'); // `before` is the same recoloured gradient
      expect(output(f, 'swatches').status).toBe('pass'); // swatches are drawn from the inputs, not the gradient
    }
  });

  it('a tone a semitone sharp fails `audio`', async (ctx) => {
    skipWithoutExample(ctx, 'tone-generator');
    const dir = copyOf('tone-generator', (d) =>
      edit(
        path.join(d, 'main.ts'),
        'const cycles = (frequency * n) / sampleRate;',
        'const cycles = (frequency * 2 ** (1 / 12) * n) / sampleRate;',
      ),
    );
    const { c12, code, fixtures } = await check12(dir);
    expect(code).toBe(1);
    expect(c12.status).toBe('fail');
    expect(fixtures.length).toBeGreaterThanOrEqual(1);
    for (const f of fixtures) {
      const audio = output(f, 'audio');
      expect(audio.status, `${f.file}: ${audio.metric}`).toBe('fail');
      expect(audio.metric).toMatch(/spectral distance [\d.]+ dB > max 2 dB/);
      expect((audio.differences ?? []).some((d) => /log-mel spectra differ/.test(d.message))).toBe(true);
    }
  });

  it('a changed word in the PDF fails `invoice` at that line', async (ctx) => {
    skipWithoutExample(ctx, 'invoice-pdf');
    const dir = copyOf('invoice-pdf', (d) =>
      edit(path.join(d, 'main.ts'), "'Thank you for your business.'", "'Thank you for your custom.'"),
    );
    const { c12, code, fixtures } = await check12(dir);
    expect(code).toBe(1);
    expect(c12.status).toBe('fail');
    expect(fixtures.length).toBeGreaterThanOrEqual(1);
    for (const f of fixtures) {
      const invoice = output(f, 'invoice');
      expect(invoice.status, `${f.file}: ${invoice.metric}`).toBe('fail');
      expect(invoice.metric).toMatch(/1 of 1 page\(s\) differ \(1 of \d+ line\(s\)\)/);
      const d = (invoice.differences ?? []).find((x) => /page\[1\]/.test(x.path));
      expect(d?.message).toContain('"Thank you for your business."');
      expect(d?.message).toContain('"Thank you for your custom."');
    }
  });
});

describe.concurrent('benign variations of the media tools still pass check 12', () => {
  const cases: { name: string; tool: MediaTool; patch: (main: string) => void }[] = [
    {
      name: 'gradient-image re-encoded at compression level 1 with adaptive filtering',
      tool: 'gradient-image',
      patch: (main) =>
        edit(
          main,
          '.png({ compressionLevel: 9, adaptiveFiltering: false })',
          '.png({ compressionLevel: 1, adaptiveFiltering: true })',
        ),
    },
    {
      name: 'gradient-image written as palette PNGs',
      tool: 'gradient-image',
      patch: (main) =>
        edit(
          main,
          '.png({ compressionLevel: 9, adaptiveFiltering: false })',
          '.png({ palette: true, colours: 256, dither: 0 })',
        ),
    },
    {
      name: 'tone-generator delayed by 2 samples',
      tool: 'tone-generator',
      // phase 0 for n = 0, 1, 2 (a sine and a triangle start at 0), then the tone two samples late
      patch: (main) =>
        edit(
          main,
          'const cycles = (frequency * n) / sampleRate;',
          'const cycles = (frequency * Math.max(0, n - 2)) / sampleRate;',
        ),
    },
    {
      name: 'tone-generator rendering at twice the requested sample rate',
      tool: 'tone-generator',
      patch: (main) => {
        edit(main, 'const SAMPLE_RATES = [8000, 22050, 44100];', 'const SAMPLE_RATES = [16000, 44100, 88200];');
        edit(
          main,
          'const sampleRate = Number(inputs.sample_rate);',
          'const sampleRate = 2 * Number(inputs.sample_rate);',
        );
      },
    },
    {
      name: 'invoice-pdf with another producer and creation/modification dates',
      tool: 'invoice-pdf',
      patch: (main) => {
        edit(
          main,
          "doc.setProducer('pdf-lib 1.17 (https://github.com/Hopding/pdf-lib)');",
          "doc.setProducer('Another PDF Producer 9.9');",
        );
        edit(main, 'doc.setCreationDate(date);', "doc.setCreationDate(new Date('2031-07-04T12:34:56Z'));");
        edit(main, 'doc.setModificationDate(date);', "doc.setModificationDate(new Date('2031-07-05T01:02:03Z'));");
      },
    },
  ];
  for (const c of cases) {
    it(`${c.name}: pass`, async (ctx) => {
      skipWithoutExample(ctx, c.tool);
      const dir = copyOf(c.tool, (d) => c.patch(path.join(d, 'main.ts')));
      const { c12, code, fixtures } = await check12(dir);
      expect(c12.status, `${c12.message}\n${explain(fixtures)}`).toBe('pass');
      expect(code).toBe(0);
      expectMediaPass(c.tool, fixtures);
    });
  }
});
