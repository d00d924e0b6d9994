// The default image comparison against the peers' own test material (test/cases/image-pngsuite and
// test/cases/image-peers, sources and licences in their READMEs): every PngSuite image passes a
// lossless re-encode and fails with one changed pixel that pixelmatch counts; every corrupt PngSuite
// file fails naming the output; each peer pair gets the verdict its cases.json gives.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  onePixelChanges,
  pixelmatchCount,
  plainImage,
  withPixel,
  type Rgb,
} from '../../../test/helpers/image-variants.js';
import { comparatorTester, resultText } from '../kit/comparator-tester.test-helper.js';
import { compareRgba } from './compare-rgba.js';
import { decodeImage } from './decode.js';
import { missingOptional } from '../optional-installed.test-helper.js';
import { imageComparator } from './image.js';
import type { RgbaImage } from './rgba.js';
import { settingsOf } from './settings.js';

// sharp decodes for the comparator and for these tests: `npm ci --omit=optional` leaves it out
const withoutSharp = missingOptional('sharp');
let sharp!: typeof import('sharp')['default'];
if (!withoutSharp) sharp = (await import('sharp')).default;

const CASES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/cases');
const tester = comparatorTester(imageComparator, { key: 'picture' });
const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg' };
const dataUrl = (bytes: Buffer, file = 'x.png'): string =>
  `data:${MIME[file.split('.').pop()!]};base64,${bytes.toString('base64')}`;

/** Decoded as the comparator decodes (8-bit sRGB RGBA). */
async function decoded(bytes: Buffer): Promise<RgbaImage> {
  const d = await decodeImage(sharp, bytes);
  if (!d.ok) throw new Error(d.problem);
  return d.image;
}

const png = async (img: RgbaImage): Promise<Buffer> =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } })
    .png()
    .toBuffer();

/** An image file against itself re-encoded, and against itself with one changed pixel (two places). */
async function expectOnePixelVerdicts(file: string): Promise<void> {
  const bytes = readFileSync(file);
  const again = await sharp(bytes).png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer();
  const reencoded = await tester.compareAsync(dataUrl(bytes, file), dataUrl(again), undefined, 'image');
  expect(reencoded.status, `re-encoded: ${resultText(reencoded)}`).toBe('pass');
  const img = await decoded(bytes);
  const changes = onePixelChanges(img, 2);
  expect(changes.length, 'pixelmatch counts a one-pixel change somewhere').toBeGreaterThan(0);
  for (const change of changes) {
    const r = await tester.compareAsync(
      dataUrl(bytes, file),
      dataUrl(await png(withPixel(img, change))),
      undefined,
      'image',
    );
    expect(r.status, `${change.label}: ${resultText(r)}`).toBe('fail');
    expect(r.metric).toMatch(new RegExp(`^1 of ${img.width * img.height} pixels \\(`));
    expect(r.differences![0]!.message).toContain(`within x ${change.x}..${change.x}, y ${change.y}..${change.y}`);
  }
}

interface SuiteFile {
  file: string;
  valid: boolean;
  what?: string;
}
const SUITE = path.join(CASES, 'image-pngsuite');
const suite = JSON.parse(readFileSync(path.join(SUITE, 'cases.json'), 'utf8')) as SuiteFile[];

describe.skipIf(withoutSharp)('PngSuite (test/cases/image-pngsuite)', () => {
  it('lists every image of the folder: 161 valid, 14 corrupt', () => {
    expect(suite.filter((c) => c.valid)).toHaveLength(161);
    expect(suite.filter((c) => !c.valid).map((c) => c.file)).toEqual(
      expect.arrayContaining(['xc1n0g08.png', 'xcsn0g01.png', 'xhdn0g08.png', 'xs7n0g01.png']),
    );
    for (const c of suite) expect(() => readFileSync(path.join(SUITE, c.file)), c.file).not.toThrow();
  });

  it.each(suite.filter((c) => c.valid).map((c) => [c.file] as const))(
    '%s: a lossless re-encode passes, one changed pixel fails',
    (file) => expectOnePixelVerdicts(path.join(SUITE, file)),
  );

  const valid = dataUrl(readFileSync(path.join(SUITE, 'basn2c08.png')));
  it.each(suite.filter((c) => !c.valid).map((c) => [c.file, c.what] as const))(
    '%s (%s) fails naming the output, as either side or both',
    async (file) => {
      const bytes = readFileSync(path.join(SUITE, file));
      const size = `${bytes.length} B, image/png`;
      const actual = await tester.compareAsync(valid, dataUrl(bytes), undefined, 'image');
      expect(actual.status).toBe('fail');
      expect(actual.metric).toMatch(
        new RegExp(`^actual image for output 'picture' could not be decoded \\(${size}\\): .+`),
      );
      const expected = await tester.compareAsync(dataUrl(bytes), valid, undefined, 'image');
      expect(expected.metric).toMatch(/^expected image for output 'picture' in the fixture could not be decoded/);
      const both = await tester.compareAsync(dataUrl(bytes), dataUrl(bytes), undefined, 'image');
      expect(both.status).toBe('fail');
      expect(both.metric).toMatch(
        new RegExp(
          `^expected and actual image for output 'picture' are the same bytes \\(${size}\\), but not a readable image: .+`,
        ),
      );
      expect(both.differences?.length).toBe(1);
    },
  );

  it('on the decoded pixels, every one-pixel change pixelmatch counts at 16 places and 4 colours fails', async () => {
    const s = settingsOf({}, 'pixel');
    let counted = 0;
    for (const c of suite.filter((x) => x.valid)) {
      const img = await decoded(readFileSync(path.join(SUITE, c.file)));
      const { width: w, height: h } = img;
      for (let p = 0; p < 16; p++) {
        // the corners and edges first, then spread over the image
        const x = p < 4 ? (p & 1) * (w - 1) : (p * 7919) % w;
        const y = p < 4 ? (p >> 1) * (h - 1) : (p * 104729) % h;
        const k = (y * w + x) * 4;
        const [r, g, b] = [img.data[k]!, img.data[k + 1]!, img.data[k + 2]!];
        // the colour of the pixel beside it: an edge moved by one pixel at one place only
        const nk = x < w - 1 ? k + 4 : x > 0 ? k - 4 : k;
        const colours: Rgb[] = [
          [255, 255, 255],
          [0, 0, 0],
          [255 - r, 255 - g, 255 - b],
          [img.data[nk]!, img.data[nk + 1]!, img.data[nk + 2]!],
        ];
        for (const colour of colours) {
          const changed = withPixel(img, { x, y, colour });
          if (pixelmatchCount(img, changed) === 0) continue;
          counted++;
          expect(compareRgba(img, changed, s).ok, `${c.file} (${x}, ${y}) → ${colour.join(',')}`).toBe(false);
        }
      }
    }
    expect(counted).toBeGreaterThan(5000);
  });
});

describe.skipIf(withoutSharp)('lines', () => {
  it('a 1-px grey (200) line across a white image fails, all 64 pixels of it', async () => {
    const white = await png(plainImage(64, 64, [255, 255, 255]));
    const lined = plainImage(64, 64, [255, 255, 255], { y: 30, colour: [200, 200, 200] });
    expect(pixelmatchCount(plainImage(64, 64, [255, 255, 255]), lined)).toBe(64);
    const r = await tester.compareAsync(dataUrl(white), dataUrl(await png(lined)), undefined, 'image');
    expect(r.status).toBe('fail');
    expect(r.metric).toMatch(/^64 of 4096 pixels \(1\.56%\) differ > 0 allowed/);
  });

  it('the same 1-px line drawn a pixel lower is the same ink moved: it passes, and fails when it moves two', async () => {
    const at = (y: number) => plainImage(64, 64, [255, 255, 255], { y, colour: [60, 60, 60] });
    const s = settingsOf({}, 'pixel');
    expect(compareRgba(at(30), at(31), s)).toMatchObject({ ok: true });
    expect(compareRgba(at(30), at(32), s)).toMatchObject({ ok: false, metric: expect.stringMatching(/^128 of 4096/) });
  });
});

interface PeerCase {
  id: string;
  expected: string;
  actual: string;
  peer: string;
  peer_verdict: 'same' | 'different';
  peer_says: string;
  status: 'pass' | 'fail';
  why: string;
}
const PEERS = path.join(CASES, 'image-peers');
const peers = JSON.parse(readFileSync(path.join(PEERS, 'cases.json'), 'utf8')) as PeerCase[];
/** Pairs where pixie passes what pixelmatch 7.2 counts, each with its reason in cases.json. */
const FORGIVEN = new Set(['pixelmatch/5a-5b']);

describe.skipIf(withoutSharp)("the peers' pairs (test/cases/image-peers)", () => {
  it.each(peers.map((c) => [`${c.id} → ${c.status}`, c] as const))('%s', async (_title, c) => {
    const e = readFileSync(path.join(PEERS, c.expected));
    const a = readFileSync(path.join(PEERS, c.actual));
    const r = await tester.compareAsync(dataUrl(e, c.expected), dataUrl(a, c.actual), undefined, 'image');
    expect(r.status, `${c.why}\n${resultText(r)}`).toBe(c.status);
    expect(r.degraded).toBeUndefined();
    if (c.status === 'fail') expect(r.differences?.length).toBeGreaterThan(0);
    // pixie fails every pair of one size that pixelmatch counts pixels in, but those the cases explain
    const [de, da] = await Promise.all([decoded(e), decoded(a)]);
    if (de.width === da.width && de.height === da.height && pixelmatchCount(de, da) > 0)
      expect(c.status === 'fail' || FORGIVEN.has(c.id), c.id).toBe(true);
  });

  const files = [...new Set(peers.flatMap((c) => [c.expected, c.actual]))];
  it.each(files.map((f) => [f] as const))('%s: a lossless re-encode passes, one changed pixel fails', (file) =>
    expectOnePixelVerdicts(path.join(PEERS, file)),
  );
});
