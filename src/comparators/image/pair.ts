// One pair of image values: bytes (identical bytes pass once their header reads as an image, no
// pixel decoded), then sharp decodes both (one path for every mode), sizes must match, and
// compare-rgba.ts decides on the pixels. A failing pair of decodable images carries a diff image.
import type { Difference } from '../../model/report.js';
import type { Region } from '../kit/regions.js';
import type { Degraded } from '../optional-module.js';
import { compareBySha256 } from '../sha256.js';
import { compareRgba } from './compare-rgba.js';
import { decodeImage, headerProblem, loadSharp, pngDataUrl, type SharpFactory } from './decode.js';
import { renderDiff } from './diff-image.js';
import { describeBytes, extractMediaBytes, formatBytes, type MediaBytes } from './media.js';
import { messages } from './messages.js';
import { sameSize, type RgbaImage } from './rgba.js';
import type { ImageSettings } from './settings.js';

/** The outcome for one pair of images, located by `path` ('' for a plain image output). */
export interface PairOutcome {
  path: string;
  ok: boolean;
  score: number;
  metric: string;
  differences: Difference[];
  artifacts: { label: string; data_url: string }[];
  degraded?: Degraded;
}

export interface PairContext {
  key: string;
  path: string;
  settings: ImageSettings;
  regions: readonly Region[];
}

const where = (ctx: PairContext): string => messages.output(ctx.key, ctx.path);

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

const describeImage = (img: RgbaImage, format: string): string => messages.image(format, img.width, img.height);

async function diffArtifact(
  sharp: SharpFactory,
  ctx: PairContext,
  expected: RgbaImage,
  actual: RgbaImage,
  mask?: Uint8Array | null,
): Promise<{ label: string; data_url: string }[]> {
  try {
    const diff = renderDiff(expected, actual, { mask, regions: ctx.regions });
    return [
      {
        label: messages.diffLabel(ctx.path),
        data_url: await pngDataUrl(sharp, diff),
      },
    ];
  } catch {
    return []; // the verdict stands without the picture
  }
}

/** Size + SHA-256 of the payload bytes (sha256.ts's rule and wording): the `sha256` mode, and the fallback without sharp. */
function bytesVerdict(ctx: PairContext, e: MediaBytes, a: MediaBytes, degraded?: Degraded): PairOutcome {
  const note = degraded ? messages.fellBack(degraded.reason, degraded.install) : '';
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

export async function comparePair(
  expectedValue: unknown,
  actualValue: unknown,
  ctx: PairContext,
): Promise<PairOutcome> {
  const s = ctx.settings;
  const e = extractMediaBytes(expectedValue);
  if (!e.ok) return failure(ctx, messages.notAnImage('expected', where(ctx), e.problem));
  const a = extractMediaBytes(actualValue);
  if (!a.ok) return failure(ctx, messages.notAnImage('actual', where(ctx), a.problem));
  if (e.media.bytes.equals(a.media.bytes)) {
    if (e.media.form === 'url') return pass(ctx, 1, messages.sameUrl());
    // the same bytes need no decode, but must still be an image: a header read, no pixels
    const loaded = s.mode === 'sha256' ? null : await loadSharp();
    const problem = loaded && 'sharp' in loaded ? await headerProblem(loaded.sharp, e.media.bytes) : null;
    if (problem)
      return failure(
        ctx,
        messages.sameBytesUnreadable(where(ctx), formatBytes(e.media.bytes.length), e.media.mime, problem),
      );
    const same = pass(ctx, 1, messages.identicalBytes(formatBytes(e.media.bytes.length)));
    // a pass, but one a run without sharp could not have judged had the bytes differed
    const degraded = loaded && 'degraded' in loaded ? loaded.degraded : null;
    return degraded
      ? { ...same, metric: `${same.metric} [${messages.fellBack(degraded.reason, degraded.install)}]`, degraded }
      : same;
  }
  if (e.media.form === 'url' || a.media.form === 'url') {
    return failure(
      ctx,
      messages.urlsDiffer(where(ctx)),
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
      messages.undecodable('expected', where(ctx), formatBytes(e.media.bytes.length), e.media.mime, de.problem),
    );
  if (!da.ok)
    return failure(
      ctx,
      messages.undecodable('actual', where(ctx), formatBytes(a.media.bytes.length), a.media.mime, da.problem),
    );
  const ei = de.image,
    ai = da.image;
  const detail = { expected: describeImage(ei, de.format), actual: describeImage(ai, da.format) };
  if (!sameSize(ei, ai)) {
    return failure(ctx, messages.sizesDiffer(ei, ai), { artifacts: await diffArtifact(sharp, ctx, ei, ai) }, detail);
  }
  const v = compareRgba(ei, ai, s, ctx.regions);
  if (v.identical) return pass(ctx, 1, messages.samePixelsOtherBytes(detail.expected, detail.actual));
  if (v.ok) return pass(ctx, v.score, v.metric);
  return {
    path: ctx.path,
    ok: false,
    score: v.score,
    metric: v.metric,
    differences: [{ path: ctx.path, message: [v.metric, ...v.notes].join('; '), ...detail }],
    artifacts: await diffArtifact(sharp, ctx, ei, ai, v.mask),
  };
}
