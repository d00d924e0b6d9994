// Image comparison speed: pixie's pure compare core vs pixelmatch and ssim.js on the same decoded
// 1920×1080 pixels (decoding happens once, outside the timings). Prints medians and ratios. The
// default pixel mode makes pixelmatch's decisions itself (a port of its test, in one pass that also
// sorts out anti-aliasing, the opacity check and pixie's own checks on the pixels it flags), so the
// default verdict is set against pixelmatch alone (aim ≥ 1×); those two pairs of timings alternate
// run by run, so the ratio survives a shared machine's drift.
// Run alone: node --import tsx bench/image.ts
import pixelmatch from 'pixelmatch';
import * as ssimJs from 'ssim.js';
import { compareRgba } from '../src/comparators/image/compare-rgba.js';
import { histogramDistance } from '../src/comparators/image/histogram.js';
import { IMAGE_DEFAULTS, settingsOf } from '../src/comparators/image/settings.js';
import { renderDiff } from '../src/comparators/image/diff-image.js';
import { pixelDiff } from '../src/comparators/image/pixel-diff.js';
import { samePixels, type RgbaImage } from '../src/comparators/image/rgba.js';
import { ssim } from '../src/comparators/image/ssim.js';
import { dashboardSvg, loadBenchSharp, renderPng, type Sharp, toRgba } from './image-scenes.js';
import { median, showSpread, spread } from './measure.js';

const W = 1920,
  H = 1080;

/**
 * `ours` and `peer` in alternating pairs after a warm-up of each: the medians and the pair-by-pair
 * ratio (peer / ours) with its min and max, so a shared machine's drift hits both sides alike.
 */
function paired(
  peer: () => unknown,
  ours: () => unknown,
  runs: number,
): { peer: number; ours: number; ratios: number[] } {
  peer();
  ours();
  const p: number[] = [];
  const o: number[] = [];
  const ratios: number[] = [];
  const timed = (fn: () => unknown): number => {
    const t = performance.now();
    fn();
    return performance.now() - t;
  };
  for (let i = 0; i < runs; i++) {
    let tp: number;
    let to: number;
    if (i % 2) {
      tp = timed(peer);
      to = timed(ours);
    } else {
      to = timed(ours);
      tp = timed(peer);
    }
    p.push(tp);
    o.push(to);
    ratios.push(tp / to);
  }
  return { peer: median(p), ours: median(o), ratios };
}

function time(fn: () => unknown, runs: number): number {
  fn(); // warm-up (JIT)
  const ts: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    ts.push(performance.now() - t);
  }
  return median(ts);
}

async function makePair(sharp: Sharp): Promise<{ a: RgbaImage; b: RgbaImage; changed: number }> {
  const base = await renderPng(sharp, dashboardSvg(W, H));
  // a real change: one bar recoloured and a badge overlaid (~2 % of pixels)
  const edited = await sharp(await renderPng(sharp, dashboardSvg(W, H, { bar3: '#ec4899' })))
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64"><rect width="240" height="64" rx="10" fill="#111827"/><text x="120" y="42" font-family="DejaVu Sans" font-size="28" text-anchor="middle" fill="#fff">BETA build</text></svg>`,
        ),
        left: 1500,
        top: 1000,
      },
    ])
    .png()
    .toBuffer();
  const a = await toRgba(sharp, base);
  const b = await toRgba(sharp, edited);
  return { a, b, changed: pixelDiff(a, b, { threshold: 0 }).differing };
}

const spreadOf = (ratios: number[]): string => `${showSpread(spread(ratios), 2, '×')} (min / median / max)`;
const line = (label: string, ms: number, note = ''): string =>
  `  ${label.padEnd(62)} ${ms.toFixed(1).padStart(8)} ms${note ? `  ${note}` : ''}`;
const ratio = (peer: number, ours: number): string =>
  `${(peer / ours).toFixed(1)}× ${peer >= ours ? 'faster' : 'SLOWER'} than the peer`;

export async function benchImage(): Promise<void> {
  const loaded = await loadBenchSharp();
  if ('degraded' in loaded) {
    console.log(`  skipped: ${loaded.degraded.reason}`);
    return;
  }
  const { a, b, changed } = await makePair(loaded.sharp);
  const n = W * H;
  const copy: RgbaImage = { ...a, data: Uint8Array.from(a.data) };
  const threshold = IMAGE_DEFAULTS.threshold;
  console.log(
    `${W}×${H} dashboard PNGs decoded once; ${changed} pixels (${((changed / n) * 100).toFixed(2)} %) differ at all; medians`,
  );

  const verdictPair = paired(
    () => pixelmatch(a.data, b.data, undefined, W, H, { threshold }),
    () => compareRgba(a, b, settingsOf({}, 'pixel')),
    21,
  );
  const pmDefault = verdictPair.peer;
  const verdict = verdictPair.ours;
  const pmNoAa = time(() => pixelmatch(a.data, b.data, undefined, W, H, { threshold, includeAA: true }), 15);
  const pmOut = new Uint8Array(n * 4);
  const diffPair = paired(
    () => pixelmatch(a.data, b.data, pmOut, W, H, { threshold }),
    () => renderDiff(a, b, { mask: compareRgba(a, b, settingsOf({}, 'pixel')).mask }),
    21,
  );
  const pmDiff = diffPair.peer;
  const pxDiff = diffPair.ours;
  const pmSame = time(() => pixelmatch(a.data, copy.data, undefined, W, H, { threshold }), 15);

  const hist = time(() => histogramDistance(a, b), 15);
  const pxDefault = time(() => pixelDiff(a, b, { threshold, antialiasing: true }), 15);
  const pxPlain = time(() => pixelDiff(a, b, { threshold, antialiasing: false }), 15);
  const pxShift = time(() => pixelDiff(a, b, { threshold, antialiasing: true, maxShift: 1 }), 15);
  const same = time(() => samePixels(a, copy), 15);

  const ours = time(() => ssim(a, b), 9);
  const oursFull = time(() => ssim(a, b, 1), 5);
  const clamped = (img: RgbaImage) => ({
    width: img.width,
    height: img.height,
    data: new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length),
  });
  const [ja, jb] = [clamped(a), clamped(b)];
  const peerWeber = time(() => ssimJs.ssim(ja, jb), 3);
  const peerFast = time(() => ssimJs.ssim(ja, jb, { ssim: 'fast' }), 3);

  console.log(line('pixelmatch, default (AA detection on)', pmDefault));
  console.log(
    line("pixie pixel count, default (pixelmatch's test + pixie checks)", pxDefault, ratio(pmDefault, pxDefault)),
  );
  console.log(
    line(
      'pixie default verdict (compareRgba, failing, AA marked; aim ≥ 1×)',
      verdict,
      `${ratio(pmDefault, verdict)}; pair by pair ${spreadOf(verdictPair.ratios)}`,
    ),
  );
  console.log(line('pixie pixel count, max_shift 1', pxShift, ratio(pmDefault, pxShift)));
  console.log(line('pixie histogram', hist, ratio(pmDefault, hist)));
  console.log(line('pixelmatch, includeAA (no AA detection)', pmNoAa));
  console.log(line('pixie pixel count, antialiasing false', pxPlain, ratio(pmNoAa, pxPlain)));
  console.log(line('pixelmatch with diff output', pmDiff));
  console.log(
    line(
      'pixie default verdict + diff image',
      pxDiff,
      `${ratio(pmDiff, pxDiff)}; pair by pair ${spreadOf(diffPair.ratios)}`,
    ),
  );
  console.log(line('pixelmatch, identical pixels', pmSame));
  console.log(line('pixie samePixels (fast path before any mode)', same, ratio(pmSame, same)));
  console.log(line('ssim.js 3.5 default (weber, auto downsample)', peerWeber));
  console.log(line('ssim.js 3.5 fast', peerFast));
  console.log(
    line(
      'pixie ssim (auto downsample, 8×8 box windows)',
      ours,
      `${ratio(peerWeber, ours)} (weber); ${(peerFast / ours).toFixed(1)}× vs fast (aim ≥ 3×)`,
    ),
  );
  console.log(line('pixie ssim at full resolution (no downsample)', oursFull, ratio(peerWeber, oursFull)));
}

if (import.meta.url === `file://${process.argv[1]}`) await benchImage();
