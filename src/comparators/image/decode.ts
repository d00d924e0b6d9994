// The I/O edge of image comparison: sharp (an optional dependency, loaded on first use) decodes
// PNG/JPEG/WebP/GIF/TIFF/AVIF/SVG bytes to 8-bit sRGB RGBA and encodes the diff image as PNG. The
// size an image declares is read from its header first and refused above MAX_IMAGE_PIXELS, so a
// small file that declares a huge canvas costs nothing (docs/comparators.md#limits).
import type { Degraded } from '../optional-module.js';
import { loadOptional } from '../optional-module.js';
import { messages } from './messages.js';
import { pngChunkProblem } from './png-chunks.js';
import type { RgbaImage } from './rgba.js';

/**
 * The slice of sharp this module uses, as an interface (as audio/fft.ts does for fft.js): sharp is an
 * optional dependency, so pixie's build and type check cannot name its types, which are absent without it.
 */
interface SharpPipeline {
  metadata(): Promise<{ width?: number; height?: number; pageHeight?: number; format?: string }>;
  toColourspace(space: 'srgb'): SharpPipeline;
  ensureAlpha(): SharpPipeline;
  raw(options: { depth: 'uchar' }): SharpPipeline;
  png(options: { compressionLevel: number; adaptiveFiltering: boolean }): SharpPipeline;
  toBuffer(): Promise<Buffer>;
  toBuffer(options: { resolveWithObject: true }): Promise<{
    data: Buffer;
    info: { width: number; height: number; channels: number };
  }>;
}
export type SharpFactory = (
  input: Uint8Array,
  options: { failOn: 'warning'; limitInputPixels?: number } | { raw: { width: number; height: number; channels: 4 } },
) => SharpPipeline;

export async function loadSharp(): Promise<{ sharp: SharpFactory } | { degraded: Degraded }> {
  // sharp's CommonJS build: its exports are the factory (optional-module.ts says why not its ES module)
  const loaded = await loadOptional<SharpFactory>('sharp', 'sharp', 'require');
  if ('degraded' in loaded) return loaded;
  return { sharp: loaded.module };
}

export type DecodeResult = { ok: true; image: RgbaImage; format: string } | { ok: false; problem: string };

/** 4096 × 4096: one decoded image is then at most 64 MiB of RGBA, a comparison a few hundred MiB. */
export const MAX_IMAGE_PIXELS = 4096 * 4096;

/** Why an image of w×h may not be decoded, or null when it may. */
export function pixelBudgetProblem(width: number, height: number): string | null {
  if (width * height <= MAX_IMAGE_PIXELS) return null;
  return messages.overBudget(width, height, MAX_IMAGE_PIXELS);
}

function decoderMessage(err: unknown): string {
  const text = (err instanceof Error ? err.message : String(err))
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('; ');
  const clean = text.replace(/:\s*$/, '');
  // under load libvips sometimes loses the warning's own text and only says it was fatal
  if (/^Warning treated as error due to failOn setting$/i.test(clean)) return messages.corrupt();
  return clean || messages.unknownDecoderError();
}

/**
 * Why bytes are not a readable image, read without decoding a pixel (for identical bytes, which
 * need no decode to compare): sharp's reading of the header, and a PNG's chunks (png-chunks.ts).
 * Null when both read well. Never throws.
 */
export async function headerProblem(sharp: SharpFactory, bytes: Buffer): Promise<string | null> {
  try {
    await sharp(bytes, { failOn: 'warning' }).metadata();
  } catch (err) {
    return decoderMessage(err);
  }
  return pngChunkProblem(bytes);
}

/**
 * Never throws: a corrupt or non-image payload gives `{ok: false, problem: <sharp's complaint>}`, an
 * image over the pixel budget a sentence with its declared size (read from the header, not decoded).
 */
export async function decodeImage(sharp: SharpFactory, bytes: Uint8Array): Promise<DecodeResult> {
  let meta: Awaited<ReturnType<SharpPipeline['metadata']>>;
  try {
    meta = await sharp(bytes, { failOn: 'warning' }).metadata();
  } catch (err) {
    const problem = decoderMessage(err);
    // sharp's own header check (268 megapixels) fired before ours could
    if (/exceeds pixel limit/i.test(problem)) return { ok: false, problem: messages.overSharpLimit(MAX_IMAGE_PIXELS) };
    return { ok: false, problem };
  }
  // animated GIF/WebP: only the first frame is decoded, so only its height counts
  const over = pixelBudgetProblem(meta.width ?? 0, meta.pageHeight ?? meta.height ?? 0);
  if (over) return { ok: false, problem: over };
  try {
    // colour-managed to sRGB; 16-bit inputs reduced to 8 bits; the budget again as sharp's own limit
    const { data, info } = await sharp(bytes, { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) return { ok: false, problem: messages.notRgba(info.channels) };
    return { ok: true, image: { width: info.width, height: info.height, data }, format: meta.format ?? 'image' };
  } catch (err) {
    return { ok: false, problem: decoderMessage(err) };
  }
}

async function encodePng(sharp: SharpFactory, img: RgbaImage): Promise<Buffer> {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } })
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
}

export async function pngDataUrl(sharp: SharpFactory, img: RgbaImage): Promise<string> {
  return `data:image/png;base64,${(await encodePng(sharp, img)).toString('base64')}`;
}
