// Evidence for the image comparator's defaults: first the real-world golden set (test/cases/real:
// pixelmatch's fixtures and renders by librsvg, ImageMagick, ghostscript and poppler) in every mode,
// then images rendered by sharp with benign variations (re-encoding, resampling, a 1-pixel shift,
// rounding noise) and real changes (hue, brightness, a patch, a recoloured region, changed text).
// Run: node --import tsx bench/image-evidence.ts   (writes bench/evidence/image-thresholds.md)
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeImage } from '../src/comparators/image/decode.js';
import { histogramDistance } from '../src/comparators/image/histogram.js';
import { imageComparator } from '../src/comparators/image/image.js';
import { IMAGE_DEFAULTS } from '../src/comparators/image/settings.js';
import { pixelDiff } from '../src/comparators/image/pixel-diff.js';
import type { RgbaImage } from '../src/comparators/image/rgba.js';
import { ssim } from '../src/comparators/image/ssim.js';
import { dashboardSvg, loadBenchSharp, photoSvg, renderPng, type Sharp, toRgba } from './image-scenes.js';
import { measureReal, numberIn } from './real-evidence.js';

/** The real-world pairs in the default mode, pixelmatch's own detector alone, histogram and SSIM. */
export function realImageTable(): Promise<string> {
  const px = (r: { metric: string }) => (/^same pixels/.test(r.metric) ? '0 px' : `${numberIn(r.metric)} px`);
  return measureReal('image', [
    { label: 'pixel (default)', tolerance: {}, value: px },
    { label: 'pixel, antialiasing: false', tolerance: { antialiasing: false }, value: px },
    {
      label: 'histogram',
      tolerance: { compare: 'histogram' },
      value: (r) => (/^same pixels/.test(r.metric) ? '0' : numberIn(r.metric, 'distance ')),
    },
    {
      label: 'ssim',
      tolerance: { compare: 'ssim' },
      value: (r) => (/^same pixels/.test(r.metric) ? '1' : numberIn(r.metric, 'ssim ')),
    },
  ]);
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const W = 640,
  H = 400;

type Kind = 'benign' | 'size' | 'real';
interface Variation {
  label: string;
  kind: Kind;
  scenes?: string[];
  make(sharp: Sharp, png: Buffer, scene: string): Promise<Buffer>;
}

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

async function rawToPng(sharp: Sharp, img: RgbaImage): Promise<Buffer> {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } })
    .png()
    .toBuffer();
}

export const variations: Variation[] = [
  {
    label: 'PNG re-encoded (zlib level 1, other bytes, same pixels)',
    kind: 'benign',
    make: (sharp, png) => sharp(png).png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer(),
  },
  { label: 'JPEG q90 round trip', kind: 'benign', make: (sharp, png) => sharp(png).jpeg({ quality: 90 }).toBuffer() },
  {
    label: 'WebP q90 (lossy) round trip',
    kind: 'benign',
    make: (sharp, png) => sharp(png).webp({ quality: 90 }).toBuffer(),
  },
  {
    label: 'resized +1 px and back (lanczos3)',
    kind: 'benign',
    make: async (sharp, png) =>
      sharp(
        await sharp(png)
          .resize(W + 1, H, { fit: 'fill' })
          .png()
          .toBuffer(),
      )
        .resize(W, H, { fit: 'fill' })
        .png()
        .toBuffer(),
  },
  {
    label: 'shifted right by 1 px',
    kind: 'benign',
    make: async (sharp, png) =>
      sharp(await sharp(png).extend({ left: 1, extendWith: 'copy' }).png().toBuffer())
        .extract({ left: 0, top: 0, width: W, height: H })
        .png()
        .toBuffer(),
  },
  {
    label: 'rounding noise ±2 on every channel',
    kind: 'benign',
    make: async (sharp, png) => {
      const img = await toRgba(sharp, png);
      const rnd = prng(42);
      const data = Uint8Array.from(img.data);
      for (let i = 0; i < data.length; i++)
        if (i % 4 !== 3) data[i] = Math.min(255, Math.max(0, data[i]! + Math.round(rnd() * 4 - 2)));
      return rawToPng(sharp, { ...img, data });
    },
  },
  {
    label: 'resized +1 px (641×400: size differs)',
    kind: 'size',
    make: (sharp, png) =>
      sharp(png)
        .resize(W + 1, H, { fit: 'fill' })
        .png()
        .toBuffer(),
  },
  { label: 'hue rotated 30°', kind: 'real', make: (sharp, png) => sharp(png).modulate({ hue: 30 }).png().toBuffer() },
  {
    label: 'brightness −10 %',
    kind: 'real',
    make: (sharp, png) => sharp(png).modulate({ brightness: 0.9 }).png().toBuffer(),
  },
  {
    label: 'small patch 40×20 red (0.3 % of pixels)',
    kind: 'real',
    make: (sharp, png) =>
      sharp(png)
        .composite([
          {
            input: Buffer.from(
              `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#ef4444"/></svg>`,
            ),
            left: 420,
            top: 150,
          },
        ])
        .png()
        .toBuffer(),
  },
  {
    label: 'overlay badge 120×32 with text (1.5 %)',
    kind: 'real',
    make: (sharp, png) =>
      sharp(png)
        .composite([
          {
            input: Buffer.from(
              `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32"><rect width="120" height="32" rx="6" fill="#111827"/><text x="60" y="21" font-family="DejaVu Sans" font-size="14" text-anchor="middle" fill="#fff">BETA build</text></svg>`,
            ),
            left: 480,
            top: 340,
          },
        ])
        .png()
        .toBuffer(),
  },
  {
    label: 'recoloured region 160×100 (hue +120°, 6 %)',
    kind: 'real',
    make: async (sharp, png) => {
      const region = await sharp(png)
        .extract({ left: 60, top: 180, width: 160, height: 100 })
        .modulate({ hue: 120 })
        .png()
        .toBuffer();
      return sharp(png)
        .composite([{ input: region, left: 60, top: 180 }])
        .png()
        .toBuffer();
    },
  },
  {
    label: 'one bar recoloured amber → pink',
    kind: 'real',
    scenes: ['dashboard'],
    make: (sharp) => renderPng(sharp, dashboardSvg(W, H, { bar3: '#ec4899' })),
  },
  {
    label: 'bar values changed (data regression)',
    kind: 'real',
    scenes: ['dashboard'],
    make: (sharp) => renderPng(sharp, dashboardSvg(W, H, { bars: [0.55, 0.62, 0.42, 0.81, 0.7, 0.35] })),
  },
  {
    label: 'ridge line moved (shape moved)',
    kind: 'real',
    scenes: ['photo'],
    make: (sharp) => renderPng(sharp, photoSvg(W, H, { ridge: 0.1 })),
  },
  {
    label: 'title text changed (2024 → 2025)',
    kind: 'real',
    scenes: ['dashboard'],
    make: (sharp) => renderPng(sharp, dashboardSvg(W, H, { title: 'Quarterly revenue 2025' })),
  },
];

/** Hard 64-bin histograms (the first suggestion), for the record of why the comparator uses 16 soft bins. */
function hardHistogramDistance(a: RgbaImage, b: RgbaImage): number {
  let worst = 0;
  for (let c = 0; c < 4; c++) {
    const ha = new Float64Array(64),
      hb = new Float64Array(64);
    for (let i = c; i < a.data.length; i += 4) {
      ha[a.data[i]! >> 2]!++;
      hb[b.data[i]! >> 2]!++;
    }
    let bc = 0;
    for (let k = 0; k < 64; k++) bc += Math.sqrt(ha[k]! * hb[k]!);
    worst = Math.max(worst, Math.sqrt(Math.max(0, 1 - bc / (a.width * a.height))));
  }
  return worst;
}

interface Row {
  scene: string;
  label: string;
  kind: Kind;
  hist: number | null;
  hard: number | null;
  ssim: number | null;
  pixelAa: number | null;
  pixelNoAa: number | null;
  verdicts: Record<string, string>;
}

const f = (x: number | null, d = 4): string => (x === null ? '—' : x.toFixed(d));
const p = (x: number | null): string => (x === null ? '—' : `${(x * 100).toFixed(2)} %`);

export async function collectImageEvidence(): Promise<Row[]> {
  const loaded = await loadBenchSharp();
  if ('degraded' in loaded) throw new Error(`image evidence needs sharp: ${loaded.degraded.reason}`);
  const { sharp } = loaded;
  const scenes: Record<string, Buffer> = {
    dashboard: await renderPng(sharp, dashboardSvg(W, H)),
    photo: await renderPng(sharp, photoSvg(W, H)),
  };
  mkdirSync(path.join(ROOT, 'bench', 'evidence'), { recursive: true });
  const rows: Row[] = [];
  for (const [scene, png] of Object.entries(scenes)) {
    const base = await decodeImage(sharp, png);
    if (!base.ok) throw new Error(base.problem);
    for (const v of variations) {
      if (v.scenes && !v.scenes.includes(scene)) continue;
      const bytes = await v.make(sharp, png, scene);
      const dec = await decodeImage(sharp, bytes);
      if (!dec.ok) throw new Error(`${v.label}: ${dec.problem}`);
      const a = base.image,
        b = dec.image;
      const same = a.width === b.width && a.height === b.height;
      const verdicts: Record<string, string> = {};
      for (const compare of ['histogram', 'ssim', 'pixel']) {
        const r = await imageComparator.compare({
          key: 'image',
          type: 'image',
          expected: `data:image/png;base64,${png.toString('base64')}`,
          actual: bytes.toString('base64'),
          tolerance: { ...imageComparator.defaults('image'), compare },
        });
        verdicts[compare] = r.status;
      }
      rows.push({
        scene,
        label: v.label,
        kind: v.kind,
        hist: same ? histogramDistance(a, b).distance : null,
        hard: same ? hardHistogramDistance(a, b) : null,
        ssim: same ? ssim(a, b).ssim : null,
        pixelAa: same
          ? pixelDiff(a, b, {
              threshold: IMAGE_DEFAULTS.threshold,
              antialiasing: IMAGE_DEFAULTS.antialiasing,
              maxShift: IMAGE_DEFAULTS.max_shift,
            }).ratio
          : null,
        pixelNoAa: same
          ? pixelDiff(a, b, { threshold: IMAGE_DEFAULTS.threshold, antialiasing: false, maxShift: 0 }).ratio
          : null,
        verdicts,
      });
    }
  }
  return rows;
}

function summary(rows: Row[], pick: (r: Row) => number | null, higherIsWorse: boolean): string {
  const vals = (k: Kind) =>
    rows
      .filter((r) => r.kind === k)
      .map(pick)
      .filter((x): x is number => x !== null);
  const benign = vals('benign'),
    real = vals('real');
  const worstBenign = higherIsWorse ? Math.max(...benign) : Math.min(...benign);
  const mildestReal = higherIsWorse ? Math.min(...real) : Math.max(...real);
  return `worst benign ${worstBenign.toFixed(4)}, mildest real change ${mildestReal.toFixed(4)}`;
}

const NOTES = `## Reading

- **pixel** (the default: \`threshold\` 0.1, \`antialiasing\` true, \`max_diff_pixels\` 0, \`max_diff_ratio\` 0,
  \`max_shift\` 0). On the real-world set it fails every real change — shop names on a map tile (2340 px),
  labels and icons moved by a few pixels (67 and 114 px), a label's year (20 px), a decimal point (1 px), a
  transparent area that was white — and passes re-encodes (16-bit, palette, JPEG q90 of a page render), a
  chart drawn 0.3 px off and an alpha re-encoding. pixelmatch's detector alone leaves 334 px of the
  0.3 px shift (and \`antialiasing: false\`, in the table, turns all tolerance off): pixie also tolerates
  a flagged pixel on evidence that the same ink moved or was redrawn (moved-ink.ts; image-metrics.md),
  never a pixel that changed alone. No allowance above 0 px is safe: the decimal point is 1 px.
  Known misses, kept as cases: the sunburst (pixelmatch's anti-aliasing fixture; 29 px where 40 rays meet),
  a label drawn without anti-aliasing (12 px) and a page rendered by ghostscript vs poppler (176 px) fail; a
  fixture can allow them with \`max_diff_pixels\`, or use \`ssim\`. The default against the peers' own
  verdicts (PngSuite, pixelmatch's, odiff's and looks-same's pairs): [image-peers.md](image-peers.md).
- **Size changes** fail in every mode before any metric (\`image sizes differ: expected 640×400, got 641×400\`).
- **histogram** (\`max_distance\` 0.045). Hellinger distance per channel, worst channel. With the issue's
  first idea, 64 hard bins, lossy re-encoding and ±2 noise of flat UI colours reach 0.19–0.35, above every real
  change but hue and brightness: no threshold separates them. Candidates measured on these same rows
  (worst benign → ratio of the mildest detected real change to it): Hellinger 16 soft bins 0.041 → 1.26×;
  32 soft bins 0.097 → 0.78×; 64 soft bins 0.179 → 0.45×; total variation 16 bins 0.023 → 0.60×; 1-D EMD 0.0055 → 0.64×;
  joint 8³ RGB Hellinger 0.067 → 1.16×. 16 soft bins won. 0.045 sits between the worst benign (0.0405, the
  lanczos resample round trip; JPEG/WebP q90 ≤ 0.032) and the 1.5 % badge (0.051); every larger edit is ≥ 0.065.
  A histogram is position-blind: moved shapes, changed bar heights and changed text (≤ 0.023) pass, and a
  0.3 % patch is below lossy-codec noise. Use \`pixel\` for those.
- **pixel on the rendered scenes**: with \`max_shift: 1\` (opt-in) a pixel passes when each side's colour is
  found within 1 px in the other image, which takes a 1-px text shift to 0 while deleted or recoloured shapes
  still count; the default fails a whole image moved by 1 px, as a change of position. A −10 % brightness change on the dark photo stays below the YIQ threshold 0.1 (the histogram
  catches it). A lanczos resample round trip blurs text and fails: pixel mode treats visible blur as change.
- **ssim** (\`min_ssim\` 0.95, the original Pixie's value, kept so existing fixtures mean the same). Lossy re-encoding and
  noise stay ≥ 0.995 and structural edits drop to 0.96–0.98, but a 1-px shift of text gives 0.947 and colour
  changes barely move it (hue 30° → 0.997): luma SSIM cannot be tuned to separate these on UI-like images.
  It is offered for photographic content, for pages from different renderers and for compatibility.
`;

export function renderEvidence(rows: Row[], real: string): string {
  const mark = (kind: Kind, status: string | undefined) => {
    const wanted = kind === 'benign' ? 'pass' : 'fail';
    return `${status}${status === wanted ? '' : ' ✗'}`;
  };
  const lines = [
    `| scene | variation | kind | histogram distance (16 soft bins) | histogram (64 hard bins) | SSIM | pixel ratio (default) | pixel ratio (no AA tolerance) | verdict histogram / ssim / pixel |`,
    `|---|---|---|---:|---:|---:|---:|---:|---|`,
    ...rows.map(
      (r) =>
        `| ${r.scene} | ${r.label} | ${r.kind} | ${f(r.hist)} | ${f(r.hard)} | ${f(r.ssim)} | ${p(r.pixelAa)} | ${p(r.pixelNoAa)} | ${mark(r.kind, r.verdicts.histogram)} / ${mark(r.kind, r.verdicts.ssim)} / ${mark(r.kind, r.verdicts.pixel)} |`,
    ),
  ];
  return [
    `# Image comparator thresholds: evidence`,
    ``,
    `## Real-world golden set`,
    ``,
    `Generated by \`node --import tsx bench/image-evidence.ts\` from test/cases/real (sources and licences in its README). Each cell: the measure (differing pixels, histogram distance, SSIM) and the verdict under that mode's defaults; ✗ marks a verdict a person would not give.`,
    ``,
    real,
    ``,
    `## Rendered scenes`,
    ``,
    `Generated by \`node --import tsx bench/image-evidence.ts\` (${W}×${H} images rendered by sharp from SVG: a dashboard with text, bars and a gradient banner, and a photo-like scene with gradients, blur and grain). Each variation is compared with the original PNG.`,
    `A verdict marked ✗ is not the one wanted for its kind (benign → pass, size/real → fail).`,
    ``,
    ...lines,
    ``,
    `Ranges (size changes excluded, they fail before any metric):`,
    `- histogram (16 soft bins): ${summary(rows, (r) => r.hist, true)}`,
    `- histogram (64 hard bins): ${summary(rows, (r) => r.hard, true)}`,
    `- SSIM: ${summary(rows, (r) => r.ssim, false)}`,
    `- pixel ratio, tolerances on: ${summary(rows, (r) => r.pixelAa, true)}`,
    `- pixel ratio, plain: ${summary(rows, (r) => r.pixelNoAa, true)}`,
    ``,
    `Defaults in force for this run: ${JSON.stringify(IMAGE_DEFAULTS)}`,
    ``,
    NOTES,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await collectImageEvidence();
  const md = renderEvidence(rows, await realImageTable());
  console.log(md);
  writeFileSync(path.join(ROOT, 'bench', 'evidence', 'image-thresholds.md'), md);
}
