// The I/O edge of image comparison: sharp (an optional dependency, loaded on first use) decodes
// PNG/JPEG/WebP/GIF/TIFF/AVIF/SVG bytes to 8-bit sRGB RGBA and encodes the diff image as PNG.
import type { Degraded } from '../optional-module.js';
import { loadOptional } from '../optional-module.js';
import type { RgbaImage } from './rgba.js';

type SharpModule = typeof import('sharp');
export type SharpFactory = SharpModule['default'];

export async function loadSharp(): Promise<{ sharp: SharpFactory } | { degraded: Degraded }> {
  const loaded = await loadOptional<SharpModule>('sharp');
  if ('degraded' in loaded) return loaded;
  return { sharp: loaded.module.default };
}

export type DecodeResult = { ok: true; image: RgbaImage; format: string } | { ok: false; problem: string };

function decoderMessage(err: unknown): string {
  const text = (err instanceof Error ? err.message : String(err))
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('; ');
  const clean = text.replace(/:\s*$/, '');
  // under load libvips sometimes loses the warning's own text and only says it was fatal
  if (/^Warning treated as error due to failOn setting$/i.test(clean))
    return 'corrupt or truncated image data (the decoder stopped on a warning)';
  return clean || 'unknown decoder error';
}

/** Never throws: a corrupt or non-image payload gives `{ok: false, problem: <sharp's complaint>}`. */
export async function decodeImage(sharp: SharpFactory, bytes: Uint8Array): Promise<DecodeResult> {
  try {
    // animated GIF/WebP: the first frame; colour-managed to sRGB; 16-bit inputs reduced to 8 bits
    const img = sharp(bytes, { failOn: 'warning' });
    const [meta, { data, info }] = await Promise.all([
      img.metadata(),
      img.clone().toColourspace('srgb').ensureAlpha().raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true }),
    ]);
    if (info.channels !== 4) return { ok: false, problem: `decoded to ${info.channels} channels instead of RGBA` };
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
