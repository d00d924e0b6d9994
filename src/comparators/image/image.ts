// The image comparator: image, image_grid and image_compare. Identical bytes pass before anything
// is decoded; otherwise sharp decodes both sides to RGBA, different sizes fail, and the mode decides
// on the pixels (histogram.ts, ssim.ts, pixel-diff.ts: pure). Every failing comparison of two
// decodable images carries a diff PNG in `artifacts`. Without sharp it degrades to size + SHA-256, loudly.
import type { OutputType } from '../../tool/manifest-types.js';
import type { Difference } from '../../report/model.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { garbageResult, skipped, unknownModeResult } from '../kit/result.js';
import { describeValue } from '../kit/value.js';
import type { Degraded } from '../optional-module.js';
import { compareBySha256 } from '../sha256.js';
import type { Comparator, ComparisonResult, Tolerance } from '../types.js';
import { decodeImage, loadSharp, pngDataUrl, type SharpFactory } from './decode.js';
import { histogramDistance } from './histogram.js';
import { describeBytes, extractMediaBytes, formatBytes, type MediaBytes } from './media.js';
import { pixelDiff, renderDiff } from './pixel-diff.js';
import { samePixels, sameSize, type RgbaImage } from './rgba.js';
import { ssim } from './ssim.js';

const IMAGE_TYPES = ['image', 'image_grid', 'image_compare'] as const satisfies readonly OutputType[];

/** Modes, with the earlier Python validator's spellings as aliases (they all meant SSIM or exact bytes). */
const IMAGE_MODES = ['histogram', 'ssim', 'pixel', 'sha256', 'ssim_per_image', 'ssim_pair', 'size_sha256'] as const;
type CanonicalMode = 'histogram' | 'ssim' | 'pixel' | 'sha256';
const MODE_ALIASES: Record<string, CanonicalMode> = {
  ssim_per_image: 'ssim',
  ssim_pair: 'ssim',
  size_sha256: 'sha256',
};

// Defaults chosen from bench/image-evidence.ts (table in bench/evidence/image-thresholds.md, 640×400
// dashboard and photo-like renders):
export const IMAGE_DEFAULTS = {
  compare: 'histogram',
  // worst benign 0.041 (resample +1 px and back), JPEG/WebP q90 ≤ 0.032; a 1.5 % badge is 0.051, recolours ≥ 0.065
  max_distance: 0.045,
  // the earlier validator's 0.95 kept: lossy re-encoding and noise stay ≥ 0.995, but SSIM cannot separate a 1-px text shift (0.947) from real edits (0.96–0.99)
  min_ssim: 0.95,
  // with shift and AA tolerance, JPEG q90 leaves 0.03 % of pixels; the smallest real edit (a 40×20 patch) is 0.24 %
  max_diff_ratio: 0.001,
  // pixelmatch's default YIQ threshold: 0.2 (Playwright's) hides a −10 % brightness change on flat UI colours
  threshold: 0.1,
  antialiasing: true,
  // a 1-px shift of text drops from 1.7 % differing pixels to 0
  max_shift: 1,
} as const;

interface ImageSettings {
  mode: CanonicalMode;
  maxDistance: number;
  minSsim: number;
  maxDiffRatio: number;
  threshold: number;
  antialiasing: boolean;
  maxShift: number;
}

function numberOr(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

function settingsOf(tol: Tolerance, mode: CanonicalMode): ImageSettings {
  return {
    mode,
    maxDistance: numberOr(tol.max_distance, IMAGE_DEFAULTS.max_distance),
    minSsim: numberOr(tol.min_ssim, IMAGE_DEFAULTS.min_ssim),
    maxDiffRatio: numberOr(tol.max_diff_ratio, IMAGE_DEFAULTS.max_diff_ratio),
    threshold: numberOr(tol.threshold, IMAGE_DEFAULTS.threshold),
    antialiasing: typeof tol.antialiasing === 'boolean' ? tol.antialiasing : IMAGE_DEFAULTS.antialiasing,
    maxShift: Math.max(0, Math.floor(numberOr(tol.max_shift, IMAGE_DEFAULTS.max_shift))),
  };
}

function ruleOf(s: ImageSettings): string {
  switch (s.mode) {
    case 'histogram':
      return `same size, then histogram Hellinger distance (16 soft bins per channel, worst of R, G, B, A) ≤ max_distance ${s.maxDistance}`;
    case 'ssim':
      return `same size, then SSIM (luma, 8×8 windows) ≥ min_ssim ${s.minSsim}`;
    case 'pixel':
      return `same size, then share of pixels beyond colour threshold ${s.threshold} (YIQ)${s.antialiasing ? ', anti-aliasing tolerated' : ''}${s.maxShift ? `, shifts up to ${s.maxShift} px tolerated` : ''} ≤ max_diff_ratio ${s.maxDiffRatio}`;
    case 'sha256':
      return 'identical bytes (size + SHA-256)';
  }
}

const fmt = (x: number, digits = 4): string => Number(x.toFixed(digits)).toString();
const pct = (x: number): string => `${Number((x * 100).toPrecision(3))}%`;

/** The outcome for one pair of images, located by `path` ('' for a plain image output). */
interface PairOutcome {
  path: string;
  ok: boolean;
  score: number;
  metric: string;
  differences: Difference[];
  artifacts: { label: string; data_url: string }[];
  degraded?: Degraded;
}

interface PairContext {
  key: string;
  path: string;
  settings: ImageSettings;
}

const where = (ctx: PairContext): string => `output '${ctx.key}'${ctx.path ? ` ${ctx.path}` : ''}`;

function failure(
  ctx: PairContext,
  message: string,
  extra: Partial<PairOutcome> = {},
  detail: Partial<Difference> = {},
): PairOutcome {
  return {
    path: ctx.path,
    ok: false,
    score: 0,
    metric: message,
    differences: [{ path: ctx.path, message, ...detail }],
    artifacts: [],
    ...extra,
  };
}

function pass(ctx: PairContext, score: number, metric: string): PairOutcome {
  return { path: ctx.path, ok: true, score, metric, differences: [], artifacts: [] };
}

const describeImage = (img: RgbaImage, format: string): string => `${format} ${img.width}×${img.height}`;

async function diffArtifact(
  sharp: SharpFactory,
  ctx: PairContext,
  expected: RgbaImage,
  actual: RgbaImage,
  mask?: Uint8Array,
): Promise<{ label: string; data_url: string }[]> {
  try {
    const diff = renderDiff(expected, actual, { threshold: ctx.settings.threshold, mask });
    return [
      {
        label: `${ctx.path ? `${ctx.path} ` : ''}diff (red: differs from expected, faded: expected)`,
        data_url: await pngDataUrl(sharp, diff),
      },
    ];
  } catch {
    return []; // the verdict stands without the picture
  }
}

function changedPixelsNote(expected: RgbaImage, actual: RgbaImage, s: ImageSettings, mask: Uint8Array): string {
  const d = pixelDiff(expected, actual, {
    threshold: s.threshold,
    antialiasing: s.antialiasing,
    maxShift: s.maxShift,
    mask,
  });
  if (!d.box) return `no pixel differs beyond colour threshold ${s.threshold}`;
  return `${d.differing} of ${d.total} pixels (${pct(d.ratio)}) differ beyond colour threshold ${s.threshold}, within x ${d.box.x0}..${d.box.x1}, y ${d.box.y0}..${d.box.y1}`;
}

/** Size + SHA-256 of the payload bytes (sha256.ts's rule and wording): the `sha256` mode, and the fallback without sharp. */
function bytesVerdict(ctx: PairContext, e: MediaBytes, a: MediaBytes, degraded?: Degraded): PairOutcome {
  const note = degraded ? `fell back to size + SHA-256: ${degraded.reason}; install it with: ${degraded.install}` : '';
  const r = compareBySha256(e.bytes, a.bytes, { expected: undefined, actual: undefined }, {}, note, ctx.path);
  return {
    path: ctx.path,
    ok: r.status === 'pass',
    score: r.score,
    metric: r.metric,
    differences: r.differences ?? [],
    artifacts: [],
    degraded,
  };
}

async function comparePair(expectedValue: unknown, actualValue: unknown, ctx: PairContext): Promise<PairOutcome> {
  const s = ctx.settings;
  const e = extractMediaBytes(expectedValue);
  if (!e.ok) return failure(ctx, `expected image for ${where(ctx)} in the fixture is ${e.problem}`);
  const a = extractMediaBytes(actualValue);
  if (!a.ok) return failure(ctx, `actual image for ${where(ctx)} is ${a.problem}`);
  if (e.media.bytes.equals(a.media.bytes)) {
    return pass(
      ctx,
      1,
      e.media.form === 'url' ? 'same image URL' : `identical bytes (${formatBytes(e.media.bytes.length)})`,
    );
  }
  if (e.media.form === 'url' || a.media.form === 'url') {
    return failure(
      ctx,
      `${where(ctx)}: images given as http(s)/file URLs are not downloaded, and the URLs differ; return the image as a data URL to compare pixels`,
      {},
      {
        expected: e.media.form === 'url' ? e.media.bytes.toString() : describeBytes(e.media.bytes),
        actual: a.media.form === 'url' ? a.media.bytes.toString() : describeBytes(a.media.bytes),
      },
    );
  }
  const loaded = await loadSharp();
  if ('degraded' in loaded) return bytesVerdict(ctx, e.media, a.media, loaded.degraded);
  const { sharp } = loaded;
  if (s.mode === 'sha256') {
    const out = bytesVerdict(ctx, e.media, a.media);
    const [de, da] = await Promise.all([decodeImage(sharp, e.media.bytes), decodeImage(sharp, a.media.bytes)]);
    if (de.ok && da.ok) out.artifacts = await diffArtifact(sharp, ctx, de.image, da.image);
    return out;
  }
  const [de, da] = await Promise.all([decodeImage(sharp, e.media.bytes), decodeImage(sharp, a.media.bytes)]);
  if (!de.ok)
    return failure(
      ctx,
      `expected image for ${where(ctx)} in the fixture could not be decoded (${formatBytes(e.media.bytes.length)}${e.media.mime ? `, ${e.media.mime}` : ''}): ${de.problem}`,
    );
  if (!da.ok)
    return failure(
      ctx,
      `actual image for ${where(ctx)} could not be decoded (${formatBytes(a.media.bytes.length)}${a.media.mime ? `, ${a.media.mime}` : ''}): ${da.problem}`,
    );
  const ei = de.image,
    ai = da.image;
  const detail = { expected: describeImage(ei, de.format), actual: describeImage(ai, da.format) };
  if (!sameSize(ei, ai)) {
    return failure(
      ctx,
      `image sizes differ: expected ${ei.width}×${ei.height}, got ${ai.width}×${ai.height}`,
      { artifacts: await diffArtifact(sharp, ctx, ei, ai) },
      detail,
    );
  }
  if (samePixels(ei, ai)) return pass(ctx, 1, `same pixels, different bytes (${detail.expected} vs ${detail.actual})`);

  let ok: boolean, score: number, metric: string, mask: Uint8Array | undefined;
  const notes: string[] = [];
  if (s.mode === 'histogram') {
    const h = histogramDistance(ei, ai);
    ok = h.distance <= s.maxDistance;
    score = 1 - h.distance;
    metric = `histogram distance ${fmt(h.distance)} ${ok ? '≤' : '>'} max ${s.maxDistance} (worst channel ${h.worstChannel}; R ${fmt(h.channels.red)}, G ${fmt(h.channels.green)}, B ${fmt(h.channels.blue)}, A ${fmt(h.channels.alpha)})`;
  } else if (s.mode === 'ssim') {
    const r = ssim(ei, ai);
    ok = r.ssim >= s.minSsim;
    score = Math.max(0, r.ssim);
    metric = `ssim ${fmt(r.ssim)} ${ok ? '≥' : '<'} min ${s.minSsim} (${ei.width}×${ei.height}, luma${r.scale > 1 ? `, downsampled ${r.scale}×` : ''})`;
    notes.push(
      `lowest local SSIM ${fmt(r.worst.ssim)} in the window at x ${r.worst.x}, y ${r.worst.y} (${r.worst.width}×${r.worst.height})`,
    );
  } else {
    mask = new Uint8Array(ei.width * ei.height);
    const d = pixelDiff(ei, ai, { threshold: s.threshold, antialiasing: s.antialiasing, maxShift: s.maxShift, mask });
    ok = d.ratio <= s.maxDiffRatio;
    score = 1 - d.ratio;
    metric = `${d.differing} of ${d.total} pixels differ (${pct(d.ratio)}) ${ok ? '≤' : '>'} max_diff_ratio ${s.maxDiffRatio} (colour threshold ${s.threshold}${s.antialiasing ? `, ${d.antialiased} anti-aliased` : ''}${s.maxShift ? `, ${d.shifted} shifted` : ''} pixel(s) tolerated)`;
    if (d.box) notes.push(`differing pixels lie within x ${d.box.x0}..${d.box.x1}, y ${d.box.y0}..${d.box.y1}`);
  }
  if (ok) return pass(ctx, score, metric);
  if (!mask) {
    mask = new Uint8Array(ei.width * ei.height);
    notes.push(changedPixelsNote(ei, ai, s, mask));
  }
  return {
    path: ctx.path,
    ok: false,
    score,
    metric,
    differences: [{ path: ctx.path, message: [metric, ...notes].join('; '), ...detail }],
    artifacts: await diffArtifact(sharp, ctx, ei, ai, mask),
  };
}

/** image_grid values: `{images: [...]}` or a bare list; items are strings or `{value, label?}`. */
function gridImages(v: unknown): unknown[] | null {
  if (Array.isArray(v)) return v;
  if (isPlainObject(v) && Array.isArray(v.images)) return v.images;
  return null;
}

function combine(
  parts: PairOutcome[],
  extraDiffs: Difference[],
  tolerance: Tolerance,
  expected: unknown,
  actual: unknown,
  rule: string,
  summary: (failed: number) => string,
): ComparisonResult {
  const failed = parts.filter((p) => !p.ok).length + extraDiffs.length;
  const differences = [...extraDiffs, ...parts.flatMap((p) => p.differences)];
  const artifacts = parts.flatMap((p) => p.artifacts);
  const degraded = parts.find((p) => p.degraded)?.degraded;
  const score = Math.min(extraDiffs.length ? 0 : 1, ...parts.map((p) => p.score));
  const result: ComparisonResult = {
    status: failed ? 'fail' : 'pass',
    score,
    metric: summary(failed),
    expected,
    actual,
    tolerance,
    rule: degraded
      ? `identical bytes (size + SHA-256), because ${degraded.package} could not be loaded (instead of: ${rule})`
      : rule,
  };
  if (differences.length) result.differences = differences;
  if (artifacts.length) result.artifacts = artifacts;
  if (degraded) result.degraded = degraded;
  return result;
}

async function compareImages(
  key: string,
  type: OutputType,
  expected: unknown,
  actual: unknown,
  tolerance: Tolerance,
  mode: CanonicalMode,
): Promise<ComparisonResult> {
  const settings = settingsOf(tolerance, mode);
  const rule = ruleOf(settings);
  if (type === 'image_grid') {
    const ex = gridImages(expected);
    if (!ex)
      return garbageResult(
        `expected image_grid for output '${key}' in the fixture is ${describeValue(expected)}, not {images: [...]}`,
        expected,
        actual,
        tolerance,
        rule,
      );
    const ac = gridImages(actual);
    if (!ac)
      return garbageResult(
        `actual image_grid for output '${key}' is ${describeValue(actual)}, not {images: [...]}`,
        expected,
        actual,
        tolerance,
        rule,
      );
    const extra: Difference[] =
      ex.length === ac.length
        ? []
        : [
            {
              path: 'images',
              message: `image count differs: expected ${ex.length}, got ${ac.length}`,
              expected: ex.length,
              actual: ac.length,
            },
          ];
    const parts: PairOutcome[] = [];
    for (let i = 0; i < Math.min(ex.length, ac.length); i++)
      parts.push(await comparePair(ex[i], ac[i], { key, path: `images[${i}]`, settings }));
    return combine(parts, extra, tolerance, expected, actual, rule, (failed) =>
      failed
        ? [
            extra[0]?.message,
            `${parts.filter((p) => !p.ok).length} of ${parts.length} image(s) differ`,
            ...parts.filter((p) => !p.ok).map((p) => p.metric),
          ]
            .filter(Boolean)
            .join('; ')
        : `all ${parts.length} image(s) match${parts.length ? ` (worst: ${parts.reduce((w, p) => (p.score < w.score ? p : w)).metric})` : ''}`,
    );
  }
  if (type === 'image_compare') {
    if (!isPlainObject(expected))
      return garbageResult(
        `expected image_compare for output '${key}' in the fixture is ${describeValue(expected)}, not {before, after}`,
        expected,
        actual,
        tolerance,
        rule,
      );
    if (!isPlainObject(actual))
      return garbageResult(
        `actual image_compare for output '${key}' is ${describeValue(actual)}, not {before, after}`,
        expected,
        actual,
        tolerance,
        rule,
      );
    const parts: PairOutcome[] = [];
    const extra: Difference[] = [];
    for (const side of ['before', 'after'] as const) {
      const inE = expected[side] !== undefined,
        inA = actual[side] !== undefined;
      if (!inE && !inA) continue;
      if (inE !== inA) {
        extra.push({
          path: side,
          message: `'${side}' is ${inE ? 'missing from the actual value' : 'not in the expected value'}`,
        });
        continue;
      }
      parts.push(await comparePair(expected[side], actual[side], { key, path: side, settings }));
    }
    return combine(parts, extra, tolerance, expected, actual, rule, (failed) =>
      failed
        ? [...extra.map((d) => d.message), ...parts.filter((p) => !p.ok).map((p) => `${p.path}: ${p.metric}`)].join(
            '; ',
          )
        : parts.map((p) => `${p.path}: ${p.metric}`).join('; ') || 'neither before nor after present',
    );
  }
  const part = await comparePair(expected, actual, { key, path: '', settings });
  return combine([part], [], tolerance, expected, actual, rule, () => part.metric);
}

export const imageComparator: Comparator = {
  name: 'image',
  types: IMAGE_TYPES,
  modes: IMAGE_MODES,
  options: {
    max_distance: 'number',
    min_ssim: 'number',
    max_diff_ratio: 'number',
    threshold: 'number',
    antialiasing: 'boolean',
    max_shift: 'integer',
  },
  defaults(_type: OutputType): Tolerance {
    return { ...IMAGE_DEFAULTS };
  },
  async compare({ key, type, expected, actual, tolerance }): Promise<ComparisonResult> {
    const mode = tolerance.compare ?? IMAGE_DEFAULTS.compare;
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    if (!(IMAGE_MODES as readonly string[]).includes(mode))
      return unknownModeResult(mode, IMAGE_MODES, expected, actual, tolerance);
    // bad values and undecodable bytes are `fail`s inside; anything that still throws is pixie's bug
    return compareImages(key, type, expected, actual, tolerance, MODE_ALIASES[mode] ?? (mode as CanonicalMode));
  },
};
