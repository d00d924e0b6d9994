import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { describe, expect, it } from 'vitest';
import type { ComparisonResult } from '../types.js';
import type { Tolerance } from '../../model/tolerance.js';
import { compareRgba } from './compare-rgba.js';
import { MAX_IMAGE_PIXELS } from './decode.js';
import { histogramDistance } from './histogram.js';
import { contractCases } from './image.cases.js';
import { imageComparator } from './image.js';
import { IMAGE_DEFAULTS, settingsOf } from './settings.js';
import { renderDiff } from './diff-image.js';
import { pixelDiff } from './pixel-diff.js';
import type { RgbaImage } from './rgba.js';
import { ssim } from './ssim.js';
import { comparatorTester } from '../kit/comparator-tester.test-helper.js';
import { missingOptional } from '../optional-installed.test-helper.js';

// sharp decodes for the comparator and for these tests; without it only the fallback's test runs
const withoutSharp = missingOptional('sharp');
let sharp!: typeof import('sharp')['default'];
if (!withoutSharp) sharp = (await import('sharp')).default;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CASES_DIR = path.join(ROOT, 'test/cases/image');
const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };
const dataUrl = (file: string): string =>
  `data:${MIME[file.split('.').pop()!]};base64,${readFileSync(path.join(CASES_DIR, file)).toString('base64')}`;

const tester = comparatorTester(imageComparator, { key: 'picture' });
const asChart = comparatorTester(imageComparator, { key: 'chart' });

async function decodeArtifact(r: ComparisonResult): Promise<{ width: number; height: number; format: string }> {
  expect(r.artifacts?.length, r.metric).toBeGreaterThan(0);
  const url = r.artifacts![0]!.data_url;
  expect(url).toMatch(/^data:image\/png;base64,/);
  const meta = await sharp(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')).metadata();
  return { width: meta.width!, height: meta.height!, format: meta.format! };
}

interface GoldenCase {
  id: string;
  a: string;
  b: string;
  checks: { mode: string; tolerance?: Tolerance; expected: 'pass' | 'fail'; why: string }[];
}
const golden = JSON.parse(readFileSync(path.join(CASES_DIR, 'cases.json'), 'utf8')) as GoldenCase[];

describe.skipIf(withoutSharp)('golden image pairs (test/cases/image/cases.json)', () => {
  const rows = golden.flatMap((c) =>
    c.checks.map(
      (check) =>
        [
          `${c.id} ${check.mode}${check.tolerance ? ` ${JSON.stringify(check.tolerance)}` : ''} → ${check.expected}`,
          c,
          check,
        ] as const,
    ),
  );
  it.each(rows)('%s', async (_name, c, check) => {
    const r = await tester.compareAsync(
      dataUrl(c.a),
      dataUrl(c.b),
      { ...check.tolerance, compare: check.mode },
      'image',
    );
    expect(r.status, `${check.why}: ${r.metric}`).toBe(check.expected);
    expect(r.degraded).toBeUndefined();
    const undecodable = c.id.startsWith('13-') || c.id.startsWith('14-');
    if (r.status === 'fail' && !undecodable) await decodeArtifact(r);
  });

  it('every case names its files and each file exists', () => {
    expect(golden.length).toBeGreaterThanOrEqual(15);
    for (const c of golden)
      for (const f of [c.a, c.b]) expect(() => readFileSync(path.join(CASES_DIR, f))).not.toThrow();
  });
});

describe.skipIf(withoutSharp)('image comparator contract cases', () => {
  describe.each(contractCases.map((c) => [c.label, c] as const))('%s', (_label, c) => {
    it('identical values pass', async () => {
      const r = await tester.compareAsync(structuredClone(c.value), structuredClone(c.value), c.tolerance, c.type);
      expect(r.status, r.metric).toBe('pass');
      expect(r.score).toBe(1);
    });
    it('a clear change fails with a path and a diff image', async () => {
      const r = await tester.compareAsync(c.value, c.changed, c.tolerance, c.type);
      expect(r.status).toBe('fail');
      expect(r.score).toBeLessThan(1);
      expect(
        (r.differences ?? []).map((d) => d.path),
        r.metric,
      ).toContain(c.changedPath);
      await decodeArtifact(r);
    });
    it('the boundary passes', async () => {
      const r = await tester.compareAsync(c.boundary!.expected, c.boundary!.actual, c.boundary!.tolerance, c.type);
      expect(r.status, r.metric).toBe('pass');
    });
    it('compare: skip skips', async () => {
      const r = await tester.compareAsync(c.value, c.changed, { compare: 'skip' }, c.type);
      expect(r.status).toBe('skip');
    });
    it('garbage fails clearly, never throws', async () => {
      const r = await tester.compareAsync(c.value, c.garbage, c.tolerance, c.type);
      expect(r.status).toBe('fail');
      expect(r.metric).toMatch(/picture/);
    });
  });
});

describe.skipIf(withoutSharp)('image comparator behaviour', () => {
  const a = dataUrl('07-hue-change-a.png');
  const b = dataUrl('07-hue-change-b.png');
  const b64 = (url: string): string => url.slice(url.indexOf(',') + 1);

  it('accepts data URLs, bare base64 and {value|data|url} objects alike', async () => {
    for (const form of [b64(a), { value: a }, { data: b64(a) }, { url: a }, { image: a }]) {
      const r = await tester.compareAsync(a, form, undefined, 'image');
      expect(r.status, JSON.stringify(form).slice(0, 40)).toBe('pass');
      expect(r.metric).toMatch(/identical bytes/);
    }
  });

  it('reports both sizes when they differ, with a diff image covering both', async () => {
    const r = await tester.compareAsync(
      dataUrl('06-size-differs-a.png'),
      dataUrl('06-size-differs-b.png'),
      undefined,
      'image',
    );
    expect(r.metric).toBe('image sizes differ: expected 64×64, got 65×64');
    expect(await decodeArtifact(r)).toMatchObject({ width: 65, height: 64, format: 'png' });
  });

  it('histogram mode reports the distance, the worst channel and the rule', async () => {
    const r = await tester.compareAsync(a, b, { compare: 'histogram' }, 'image');
    expect(r.metric).toMatch(/^histogram distance 0\.\d+ > max 0\.045 \(worst channel (red|green|blue)/);
    expect(r.rule).toContain('Hellinger');
    expect(r.differences![0]!.message).toMatch(/pixels \([\d.]+%\) differ beyond colour threshold 0\.1/);
  });

  it('a corrupted PNG fails naming the output and the decoder complaint', async () => {
    const r = await asChart.compareAsync(a, dataUrl('13-corrupt-b.png'), {}, 'image');
    expect(r.status).toBe('fail');
    expect(r.metric, r.metric).toMatch(
      /^actual image for output 'chart' could not be decoded \(634 B, image\/png\): .*(png|read|corrupt|truncated)/i,
    );
  });

  it('non-image bytes fail naming the decoder complaint', async () => {
    const r = await asChart.compareAsync(a, dataUrl('14-not-an-image-b.png'), {}, 'image');
    expect(r.metric).toMatch(/^actual image for output 'chart' could not be decoded.*unsupported image format/);
  });

  it('a bad fixture value is blamed on the fixture', async () => {
    const r = await tester.compareAsync(42, a, undefined, 'image');
    expect(r.metric).toMatch(/^expected image for output 'picture' in the fixture is a number \(42\)/);
  });

  it('different URLs are not downloaded and fail saying so; equal URLs pass', async () => {
    expect((await tester.compareAsync('https://x.test/a.png', 'https://x.test/a.png', undefined, 'image')).status).toBe(
      'pass',
    );
    const r = await tester.compareAsync('https://x.test/a.png', 'https://x.test/b.png', undefined, 'image');
    expect(r.metric).toMatch(/not downloaded/);
  });

  it('accepts the spellings of the original Pixie: ssim_per_image, ssim_pair, size_sha256', async () => {
    expect(
      (
        await tester.compareAsync(
          { images: [{ value: a }] },
          { images: [{ value: dataUrl('03-jpeg-q90-b.jpg') }] },
          { compare: 'ssim_per_image' },
          'image_grid',
        )
      ).status,
    ).toBe('pass');
    expect(
      (
        await tester.compareAsync(
          { before: a, after: a },
          { before: a, after: dataUrl('10-blur-b.png') },
          { compare: 'ssim_pair' },
          'image_compare',
        )
      ).status,
    ).toBe('fail');
    const r = await tester.compareAsync(a, dataUrl('02-reencoded-b.png'), { compare: 'size_sha256' }, 'image');
    expect(r.metric).toMatch(/^sha256 [0-9a-f]{8}… vs/);
  });

  it('an unknown mode fails listing the modes', async () => {
    const r = await tester.compareAsync(a, b, { compare: 'psnr' }, 'image');
    expect(r.metric).toMatch(/unknown compare mode 'psnr'.*pixel, histogram, ssim, sha256/);
  });

  it('image_grid reports a count mismatch and still compares the common images', async () => {
    const r = await tester.compareAsync(
      { images: [{ value: a }, { value: a }] },
      { images: [{ value: b }] },
      undefined,
      'image_grid',
    );
    expect(r.status).toBe('fail');
    expect(r.differences!.map((d) => d.path)).toEqual(['images', 'images[0]']);
    expect(r.metric).toMatch(/^image count differs: expected 2, got 1; 1 of 1 image\(s\) differ/);
    expect(r.artifacts![0]!.label).toMatch(/^images\[0\] diff/);
  });

  it('image_compare compares before and after and labels each diff', async () => {
    const r = await tester.compareAsync({ before: a, after: a }, { before: b, after: b }, undefined, 'image_compare');
    expect(r.differences!.map((d) => d.path)).toEqual(['before', 'after']);
    expect(r.artifacts!.map((x) => x.label.split(' ')[0])).toEqual(['before', 'after']);
    const missing = await tester.compareAsync({ before: a, after: a }, { before: a }, undefined, 'image_compare');
    expect(missing.metric).toMatch(/'after' is missing from the actual value/);
  });

  it('declares its options and defaults for tolerance.yaml validation', () => {
    expect(imageComparator.types).toEqual(['image', 'image_grid', 'image_compare']);
    expect(Object.keys(imageComparator.options)).toEqual(
      expect.arrayContaining(['min_ssim', 'max_diff_ratio', 'max_distance', 'threshold', 'antialiasing', 'max_shift']),
    );
    expect(imageComparator.defaults('image_grid')).toEqual({ ...IMAGE_DEFAULTS });
  });
});

describe.skipIf(withoutSharp)('image core (pure, on RGBA buffers)', () => {
  const solid = (w: number, h: number, rgba: number[]): RgbaImage => {
    const data = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i++) data.set(rgba, i * 4);
    return { width: w, height: h, data };
  };

  it('identical images: distance 0, SSIM 1, no differing pixel', () => {
    const img = solid(20, 10, [10, 200, 30, 255]);
    expect(histogramDistance(img, img).distance).toBe(0);
    expect(ssim(img, img).ssim).toBeCloseTo(1, 12);
    expect(pixelDiff(img, img).differing).toBe(0);
  });

  it('disjoint colours give histogram distance 1 and count every pixel', () => {
    const black = solid(8, 8, [0, 0, 0, 255]);
    const white = solid(8, 8, [255, 255, 255, 255]);
    expect(histogramDistance(black, white).distance).toBeCloseTo(1, 12);
    expect(pixelDiff(black, white).ratio).toBe(1);
  });

  it('a one-level change of a flat colour barely moves the soft histogram', () => {
    expect(
      histogramDistance(solid(8, 8, [127, 127, 127, 255]), solid(8, 8, [128, 128, 128, 255])).distance,
    ).toBeLessThan(0.1);
  });

  it('fully transparent pixels are equal whatever their stored colour; alpha changes count', () => {
    const clearBlack = solid(4, 4, [0, 0, 0, 0]);
    const clearWhite = solid(4, 4, [255, 255, 255, 0]);
    const white = solid(4, 4, [255, 255, 255, 255]);
    expect(pixelDiff(clearBlack, clearWhite).differing).toBe(0);
    expect(pixelDiff(clearWhite, white).differing).toBe(16);
  });

  it('sorts pixels exactly as pixelmatch does, on the golden pairs, with and without its anti-aliasing detector', async () => {
    const dir = path.join(ROOT, 'test', 'cases', 'image');
    const rgba = async (file: string): Promise<RgbaImage> => {
      const { data, info } = await sharp(path.join(dir, file))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return {
        width: info.width,
        height: info.height,
        data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      };
    };
    let compared = 0;
    for (const stem of ['07-hue-change', '08-small-patch', '09-shift-1px', '10-blur', '11-alpha', '15-boundary']) {
      const a = await rgba(`${stem}-a.png`);
      const b = await rgba(`${stem}-b.png`);
      if (a.width !== b.width || a.height !== b.height) continue;
      for (const threshold of [0, 0.1, 0.3])
        for (const antialiasing of [false, true]) {
          const ours = pixelDiff(a, b, { threshold, antialiasing });
          const theirs = pixelmatch(a.data, b.data, undefined, a.width, a.height, {
            threshold,
            includeAA: !antialiasing,
          });
          // pixie counts pixelmatch's differences, less those it tolerates as moved ink
          expect(ours.differing + ours.moved, `${stem}, threshold ${threshold}, antialiasing ${antialiasing}`).toBe(
            theirs,
          );
          compared++;
        }
    }
    expect(compared).toBeGreaterThanOrEqual(24);
  });

  it('works on tiny images (1×1, 3×2) and unaligned buffers', () => {
    const one = solid(1, 1, [1, 2, 3, 255]);
    expect(ssim(one, one).ssim).toBeCloseTo(1);
    const raw = new Uint8Array(3 * 2 * 4 + 1).subarray(1);
    const odd: RgbaImage = { width: 3, height: 2, data: raw };
    expect(pixelDiff(odd, solid(3, 2, [0, 0, 0, 0])).differing).toBe(0);
    expect(ssim(odd, odd).ssim).toBeCloseTo(1);
  });

  it('renderDiff marks differing pixels red over the faded expected image', () => {
    const e = solid(4, 4, [0, 0, 0, 255]);
    const a = solid(4, 4, [0, 0, 0, 255]);
    a.data.set([255, 255, 255, 255], 5 * 4);
    const d = renderDiff(e, a);
    expect(Array.from(d.data.subarray(5 * 4, 5 * 4 + 4))).toEqual([255, 0, 0, 255]);
    expect(Array.from(d.data.subarray(0, 4))).toEqual([230, 230, 230, 255]);
  });
});

describe.skipIf(withoutSharp)('hostile images', () => {
  /** A real 1×1 PNG whose header is rewritten to declare w×h (CRC fixed): under 100 bytes. */
  const pngDeclaring = async (w: number, h: number): Promise<string> => {
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    png.writeUInt32BE(w, 16);
    png.writeUInt32BE(h, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    return `data:image/png;base64,${png.toString('base64')}`;
  };
  const small = dataUrl('01-identical-a.png');

  it('refuses an image whose header declares more than the pixel budget, before decoding it', async () => {
    expect(MAX_IMAGE_PIXELS).toBe(4096 * 4096);
    const r = await tester.compareAsync(small, await pngDeclaring(16000, 16000), undefined, 'image');
    expect(r.status).toBe('fail');
    expect(r.metric).toMatch(
      /^actual image for output 'picture' could not be decoded \(\d+ B, image\/png\): it declares 16000×16000 px \(256 megapixels\), over pixie's limit of 16\.8 megapixels \(4096×4096\) per image$/,
    );
    const fixture = await tester.compareAsync(await pngDeclaring(5000, 5000), small, undefined, 'image');
    expect(fixture.metric).toMatch(
      /^expected image for output 'picture' in the fixture could not be decoded .* 5000×5000 px/,
    );
  });

  it('refuses an SVG declaring a huge canvas', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="9" height="9"/></svg>`;
    const r = await tester.compareAsync(
      small,
      `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      undefined,
      'image',
    );
    expect(r.metric).toMatch(/could not be decoded .*: it declares (100000×100000 px|more than 268 megapixels)/);
  });

  it('a bad ignore_regions fails naming the output and the rectangle', async () => {
    const r = await tester.compareAsync(small, small, { ignore_regions: [{ x: 0, y: 0, width: 5 }] }, 'image');
    expect(r.status).toBe('fail');
    expect(r.metric).toBe("tolerance for output 'picture': ignore_regions item 1 needs height");
    const page = await tester.compareAsync(
      small,
      small,
      { ignore_regions: [{ x: 0, y: 0, width: 5, height: 5, page: 1 }] },
      'image',
    );
    expect(page.metric).toMatch(/page is for PDF pages/);
  });

  it('the diff image hatches ignore regions', async () => {
    const a = dataUrl('08-small-patch-a.png');
    const r = await tester.compareAsync(
      a,
      dataUrl('08-small-patch-b.png'),
      { ignore_regions: [{ x: 0, y: 0, width: 6, height: 6 }] },
      'image',
    );
    expect(r.status).toBe('fail');
    const url = r.artifacts![0]!.data_url;
    const { data } = await sharp(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(Array.from(data.subarray(0, 3))).toEqual([96, 112, 160]); // (0, 0) lies on a stripe
    expect(r.metric).toMatch(/differing pixel\(s\) in ignore regions/);
  });
});

describe.skipIf(withoutSharp)('one way to see transparency, in every mode', () => {
  const solid = (w: number, h: number, rgba: number[]): RgbaImage => {
    const data = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i++) data.set(rgba, i * 4);
    return { width: w, height: h, data };
  };
  const modes = ['pixel', 'histogram', 'ssim'] as const;
  it('transparent vs opaque white fails every mode; hidden colours of transparent pixels pass every mode', () => {
    for (const mode of modes) {
      const s = settingsOf({}, mode);
      expect(compareRgba(solid(16, 16, [255, 255, 255, 255]), solid(16, 16, [255, 255, 255, 0]), s).ok, mode).toBe(
        false,
      );
      expect(compareRgba(solid(16, 16, [0, 0, 0, 255]), solid(16, 16, [0, 0, 0, 0]), s).ok, mode).toBe(false);
      const clear = compareRgba(solid(16, 16, [0, 0, 0, 0]), solid(16, 16, [255, 0, 0, 0]), s);
      expect(clear.ok, mode).toBe(true);
    }
  });
  it('identical decoded pixels pass every mode at the strictest settings', () => {
    const img = solid(9, 7, [10, 20, 30, 128]);
    for (const mode of modes) {
      const v = compareRgba(
        img,
        { ...img, data: img.data.slice() },
        settingsOf({ threshold: 0, min_ssim: 1, max_distance: 0 }, mode),
      );
      expect(v).toMatchObject({ ok: true, identical: true, score: 1 });
    }
  });
});

describe('without sharp (a resolve hook makes it unloadable for real)', () => {
  it('falls back to size + SHA-256 and says which package to install', async () => {
    const out = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        [
          '--import',
          './test/cases/image/block-sharp.mjs',
          '--import',
          'tsx',
          'test/cases/image/compare-without-sharp.ts',
        ],
        { cwd: ROOT, env: { ...process.env, PIXIE_DISABLE_OPTIONAL: '' } },
        (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout)),
      );
    });
    const { result, same } = JSON.parse(out) as {
      result: ComparisonResult;
      same: { status: string; degraded: unknown };
    };
    expect(result.status).toBe('fail');
    expect(result.degraded).toEqual({
      package: 'sharp',
      install: 'npm install sharp',
      reason: expect.stringMatching(/^sharp could not be loaded \(Cannot find module 'sharp'/),
    });
    expect(result.metric).toMatch(
      /^sha256 [0-9a-f]{8}… vs [0-9a-f]{8}… \(size 1058 vs 1028\) \[fell back to size \+ SHA-256/,
    );
    expect(result.rule).toMatch(/^identical bytes \(size \+ SHA-256\), because sharp could not be loaded/);
    expect(result.artifacts).toBeUndefined();
    // identical bytes pass without a decoder, and still say the comparison was degraded
    expect(same).toEqual({ status: 'pass', degraded: expect.objectContaining({ package: 'sharp' }) });
  });
});
