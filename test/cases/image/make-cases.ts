// Generates the numbered golden image pairs and cases.json (run once; the output is committed):
//   node --import tsx test/cases/image/make-cases.ts
// Every pair is NN-name-a.<ext> (expected) and NN-name-b.<ext> (actual); cases.json lists, per pair,
// the modes to run with their tolerance and the verdict each must give.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const DIR = path.dirname(fileURLToPath(import.meta.url));
const S = 64;

const icon = (o: { bg?: string; accent?: string; dx?: number; opaqueBg?: boolean } = {}) => `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}">
  ${o.opaqueBg === false ? '' : `<rect width="${S}" height="${S}" fill="${o.bg ?? '#f1f5f9'}"/>`}
  <g transform="translate(${o.dx ?? 0} 0)">
    <rect x="6" y="6" width="30" height="18" rx="3" fill="${o.accent ?? '#2563eb'}"/>
    <circle cx="46" cy="16" r="9" fill="#f59e0b"/>
    <text x="6" y="52" font-family="DejaVu Sans" font-size="20" font-weight="bold" fill="#0f172a">Px</text>
    <rect x="38" y="36" width="20" height="20" fill="#16a34a"/>
  </g>
</svg>`;

const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();
const flat = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" shape-rendering="crispEdges"><rect width="32" height="32" fill="#ffffff"/><rect x="4" y="4" width="12" height="12" fill="#ff0000"/><rect x="16" y="16" width="12" height="12" fill="#0000ff"/></svg>`;

interface Check { mode: string; tolerance?: Record<string, unknown>; expected: 'pass' | 'fail'; why: string }
interface Case { id: string; a: string; b: string; type?: string; checks: Check[] }
const cases: Case[] = [];

async function pair(id: string, a: Buffer, aExt: string, b: Buffer, bExt: string, checks: Check[]) {
  const fa = `${id}-a.${aExt}`, fb = `${id}-b.${bExt}`;
  writeFileSync(path.join(DIR, fa), a);
  writeFileSync(path.join(DIR, fb), b);
  cases.push({ id, a: fa, b: fb, checks });
}

const base = await png(icon());
const raw = await sharp(base).raw().toBuffer({ resolveWithObject: true });

await pair('01-identical', base, 'png', base, 'png', [
  { mode: 'histogram', expected: 'pass', why: 'identical bytes pass before decoding' },
  { mode: 'sha256', expected: 'pass', why: 'identical bytes' },
]);
await pair('02-reencoded', base, 'png', await sharp(base).png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer(), 'png', [
  { mode: 'pixel', tolerance: { max_diff_ratio: 0 }, expected: 'pass', why: 'other bytes, same pixels' },
  { mode: 'sha256', expected: 'fail', why: 'sha256 compares bytes, not pixels' },
]);
await pair('03-jpeg-q90', base, 'png', await sharp(base).jpeg({ quality: 90 }).toBuffer(), 'jpg', [
  { mode: 'ssim', expected: 'pass', why: 'lossy re-encoding is benign' },
  // documented limit: the defaults were measured on 640×400 images; on a saturated 64×64 icon, JPEG's
  // 4:2:0 chroma subsampling smears a larger share of pixels (histogram 0.114, 6 pixels beyond 0.1)
  { mode: 'histogram', expected: 'fail', why: 'documented limit of the 640×400-tuned default on a tiny saturated icon' },
  { mode: 'histogram', tolerance: { max_distance: 0.15 }, expected: 'pass', why: 'a fixture can loosen max_distance for small JPEG outputs' },
  { mode: 'pixel', expected: 'fail', why: 'documented limit: 6 of 4096 pixels (0.15 %) exceed threshold 0.1' },
]);
await pair('04-webp-lossless', base, 'png', await sharp(base).webp({ lossless: true }).toBuffer(), 'webp', [
  { mode: 'pixel', tolerance: { max_diff_ratio: 0 }, expected: 'pass', why: 'WebP decodes to the same pixels' },
]);
const flatPng = await png(flat);
await pair('05-gif', flatPng, 'png', await sharp(flatPng).gif({ dither: 0 }).toBuffer(), 'gif', [
  { mode: 'pixel', tolerance: { max_diff_ratio: 0 }, expected: 'pass', why: 'a 3-colour image survives GIF exactly' },
]);
await pair('06-size-differs', base, 'png', await sharp(base).resize(S + 1, S, { fit: 'fill' }).png().toBuffer(), 'png', [
  { mode: 'histogram', expected: 'fail', why: 'different sizes fail in every mode' },
  { mode: 'pixel', expected: 'fail', why: 'different sizes fail in every mode' },
]);
await pair('07-hue-change', base, 'png', await sharp(base).modulate({ hue: 90 }).png().toBuffer(), 'png', [
  { mode: 'histogram', expected: 'fail', why: 'a colour change moves the histograms' },
  { mode: 'pixel', expected: 'fail', why: 'a colour change moves pixels beyond the threshold' },
]);
await pair('08-small-patch', base, 'png', await sharp(base).composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="6" height="6"><rect width="6" height="6" fill="#ef4444"/></svg>`), left: 20, top: 28 }]).png().toBuffer(), 'png', [
  { mode: 'pixel', expected: 'fail', why: '36 px (0.9 %) > max_diff_ratio 0.001' },
  { mode: 'histogram', expected: 'pass', why: 'documented limit: a 0.9 % patch is below the histogram gate' },
]);
await pair('09-shift-1px', base, 'png', await png(icon({ dx: 1 })), 'png', [
  { mode: 'pixel', expected: 'pass', why: 'max_shift 1 tolerates content moved by one pixel' },
  { mode: 'pixel', tolerance: { max_shift: 0, antialiasing: false }, expected: 'fail', why: 'without shift tolerance the moved edges differ' },
  { mode: 'histogram', expected: 'pass', why: 'position-blind' },
]);
await pair('10-blur', base, 'png', await sharp(base).blur(2).png().toBuffer(), 'png', [
  { mode: 'ssim', expected: 'fail', why: 'a strong blur loses structure' },
  { mode: 'ssim', tolerance: { min_ssim: 0.5 }, expected: 'pass', why: 'a lenient min_ssim accepts it' },
]);
await pair('11-alpha', await png(icon({ bg: '#ffffff' })), 'png', await png(icon({ opaqueBg: false })), 'png', [
  { mode: 'pixel', expected: 'fail', why: 'transparent vs white background is a real change' },
  { mode: 'histogram', expected: 'fail', why: 'the alpha histogram differs' },
]);
const greys = Buffer.alloc(S * S);
for (let y = 0; y < S; y++) for (let x = 0; x < S; x++) greys[y * S + x] = (x * 4 + y) & 255;
await pair('12-grey-vs-rgb', await sharp(greys, { raw: { width: S, height: S, channels: 1 } }).toColourspace('b-w').png().toBuffer(), 'png',
  await sharp(Buffer.from(Array.from(greys).flatMap((g) => [g, g, g])), { raw: { width: S, height: S, channels: 3 } }).png().toBuffer(), 'png', [
    { mode: 'pixel', tolerance: { max_diff_ratio: 0 }, expected: 'pass', why: 'a greyscale PNG equals the RGB PNG with the same values' },
  ]);
await pair('13-corrupt', base, 'png', base.subarray(0, Math.floor(base.length * 0.6)), 'png', [
  { mode: 'histogram', expected: 'fail', why: 'a truncated PNG fails naming the decoder error' },
]);
await pair('14-not-an-image', base, 'png', Buffer.from('this is plain text, not a PNG\n'), 'png', [
  { mode: 'histogram', expected: 'fail', why: 'non-image bytes fail naming the decoder error' },
]);
// 4×4 patch: 16 of 4096 pixels = 0.00390625 exactly
const patched = Buffer.from(raw.data);
for (let y = 40; y < 44; y++) for (let x = 8; x < 12; x++) patched.set([255, 0, 255, 255].slice(0, raw.info.channels), (y * S + x) * raw.info.channels);
await pair('15-boundary', base, 'png', await sharp(patched, { raw: { width: S, height: S, channels: raw.info.channels } }).png().toBuffer(), 'png', [
  { mode: 'pixel', tolerance: { max_diff_ratio: 0.00390625, antialiasing: false, max_shift: 0 }, expected: 'pass', why: '16/4096 at exactly max_diff_ratio passes' },
  { mode: 'pixel', tolerance: { max_diff_ratio: 0.0039, antialiasing: false, max_shift: 0 }, expected: 'fail', why: 'just under it fails' },
]);

writeFileSync(path.join(DIR, 'cases.json'), `${JSON.stringify(cases, null, 2)}\n`);
console.log(`${cases.length} pairs written to ${DIR}`);
