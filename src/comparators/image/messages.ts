// Every sentence the image comparator writes (image.ts and the modules beside it; the PDF
// comparator's `visual` mode reports through compare-rgba.ts and decode.ts too).
import { describeValue } from '../kit/value.js';
import type { MessageTable } from '../../util/message-table.js';
import type { ImageSettings } from './settings.js';

type Side = 'expected' | 'actual';
type Box = { x0: number; y0: number; x1: number; y1: number };

const fmt = (x: number, digits = 4): string => Number(x.toFixed(digits)).toString();
const pct = (x: number): string => `${Number((x * 100).toPrecision(3))}%`;
const megapixels = (n: number): string => `${Number((n / 1e6).toFixed(1))} megapixels`;
const ALPHA = 'transparent images composited over white and over black';

export const messages = {
  // the rule and the tolerance (image.ts)
  // the rule of each mode (image.ts picks one)
  histogramRule: (s: ImageSettings) =>
    `same size, then histogram Hellinger distance (16 soft bins per channel, worst of R, G, B; ${ALPHA}) ≤ max_distance ${s.maxDistance}`,
  ssimRule: (s: ImageSettings) => `same size, then SSIM (luma, 8×8 windows; ${ALPHA}) ≥ min_ssim ${s.minSsim}`,
  pixelRule: (s: ImageSettings) =>
    `same size, then at most max_diff_pixels ${s.maxDiffPixels} or max_diff_ratio ${s.maxDiffRatio} of the pixels beyond colour threshold ${s.threshold} (YIQ)${s.antialiasing ? ', anti-aliasing tolerated' : ''}${s.maxShift ? `, shifts up to ${s.maxShift} px tolerated` : ''}; ${ALPHA}`,
  bytesRule: () => 'identical bytes (size + SHA-256)',
  withRegions: (rule: string, regions: number) => `${rule}${regions ? `; ${regions} ignore region(s) left out` : ''}`,
  degradedRule: (pkg: string, rule: string) =>
    `identical bytes (size + SHA-256), because ${pkg} could not be loaded (instead of: ${rule})`,
  regionWithPage: () => 'ignore_regions: page is for PDF pages; an image region has only x, y, width and height',
  badTolerance: (key: string, problem: string) => `tolerance for output '${key}': ${problem}`,
  // image_grid and image_compare values (image.ts)
  notAGrid: (side: Side, key: string, v: unknown) =>
    `${side} image_grid for output '${key}'${side === 'expected' ? ' in the fixture' : ''} is ${describeValue(v)}, not {images: [...]}`,
  imageCount: (e: number, a: number) => `image count differs: expected ${e}, got ${a}`,
  imagesDiffer: (failed: number, n: number) => `${failed} of ${n} image(s) differ`,
  /** `worst`: the metric of the least similar pair, when there is one */
  imagesMatch: (n: number, worst: string | null) => `all ${n} image(s) match${worst ? ` (worst: ${worst})` : ''}`,
  notAComparison: (side: Side, key: string, v: unknown) =>
    `${side} image_compare for output '${key}'${side === 'expected' ? ' in the fixture' : ''} is ${describeValue(v)}, not {before, after}`,
  sideAbsent: (side: string, inExpected: boolean) =>
    `'${side}' is ${inExpected ? 'missing from the actual value' : 'not in the expected value'}`,
  sideMetric: (side: string, metric: string) => `${side}: ${metric}`,
  neitherSide: () => 'neither before nor after present',
  // one pair of images (pair.ts); `where` is the output and the place in it, from `output`
  output: (key: string, path: string) => `output '${key}'${path ? ` ${path}` : ''}`,
  notAnImage: (side: Side, where: string, problem: string) =>
    `${side} image for ${where}${side === 'expected' ? ' in the fixture' : ''} is ${problem}`,
  sameUrl: () => 'same image URL',
  /** `size` as media.ts's formatBytes writes it */
  sameBytesUnreadable: (where: string, size: string, mime: string | null, problem: string) =>
    `expected and actual image for ${where} are the same bytes (${size}${mime ? `, ${mime}` : ''}), but not a readable image: ${problem}`,
  identicalBytes: (size: string) => `identical bytes (${size})`,
  urlsDiffer: (where: string) =>
    `${where}: images given as http(s)/file URLs are not downloaded, and the URLs differ; return the image as a data URL to compare pixels`,
  /** `size` as media.ts's formatBytes writes it */
  undecodable: (side: Side, where: string, size: string, mime: string | null, problem: string) =>
    `${side} image for ${where}${side === 'expected' ? ' in the fixture' : ''} could not be decoded (${size}${mime ? `, ${mime}` : ''}): ${problem}`,
  sizesDiffer: (e: { width: number; height: number }, a: { width: number; height: number }) =>
    `image sizes differ: expected ${e.width}×${e.height}, got ${a.width}×${a.height}`,
  image: (format: string, width: number, height: number) => `${format} ${width}×${height}`,
  samePixelsOtherBytes: (e: string, a: string) => `same pixels, different bytes (${e} vs ${a})`,
  fellBack: (reason: string, install: string) => `fell back to size + SHA-256: ${reason}; install it with: ${install}`,
  diffLabel: (path: string) =>
    `${path ? `${path} ` : ''}diff (red: differs from expected, yellow: tolerated, hatched: ignored, faded: expected)`,
  // the verdict on the pixels (compare-rgba.ts); `background` is '' or "over white" / "over black"
  samePixels: () => 'same pixels',
  /** the background a transparent pair was composited over (alpha.ts) */
  over: (colour: 'white' | 'black') => `over ${colour}`,
  ignoredPixels: (pixels: number, regions: number) => `${pixels} px in ${regions} ignore region(s) left out`,
  channels: (worst: string, c: { red: number; green: number; blue: number }) =>
    `worst channel ${worst}; R ${fmt(c.red)}, G ${fmt(c.green)}, B ${fmt(c.blue)}`,
  histogramMetric: (
    distance: number,
    ok: boolean,
    max: number,
    channels: string,
    background: string,
    ignored: string | null,
  ) =>
    `histogram distance ${fmt(distance)} ${ok ? '≤' : '>'} max ${max} (${channels}${background ? `, ${background}` : ''}${ignored ? `; ${ignored}` : ''})`,
  ssimMetric: (
    ssim: number,
    ok: boolean,
    min: number,
    size: { width: number; height: number },
    scale: number,
    background: string,
    ignored: string | null,
  ) =>
    `ssim ${fmt(ssim)} ${ok ? '≥' : '<'} min ${min} (${size.width}×${size.height}, luma${scale > 1 ? `, downsampled ${scale}×` : ''}${background ? `, ${background}` : ''}${ignored ? `; ${ignored}` : ''})`,
  lowestSsim: (w: { ssim: number; x: number; y: number; width: number; height: number }) =>
    `lowest local SSIM ${fmt(w.ssim)} in the window at x ${w.x}, y ${w.y} (${w.width}×${w.height})`,
  pixelsBeyond: (differing: number, total: number, threshold: number, box: Box | null) =>
    differing
      ? `${differing} of ${total} pixels (${pct(differing / total)}) differ beyond colour threshold ${threshold}${box ? `, within x ${box.x0}..${box.x1}, y ${box.y0}..${box.y1}` : ''}`
      : `no pixel differs beyond colour threshold ${threshold}`,
  antialiasingTolerated: () => 'anti-aliasing tolerated',
  shiftedTolerated: (n: number) => `${n} shifted pixel(s) tolerated`,
  inIgnoreRegions: (n: number) => `${n} differing pixel(s) in ignore regions`,
  /** `tolerated` lists what the settings let pass (anti-aliasing, shifted pixels, ignore regions) */
  pixelMetric: (differing: number, total: number, allowed: number, s: ImageSettings, tolerated: string[]) =>
    `${differing} of ${total} pixels (${pct(differing / total)}) differ ${differing <= allowed ? '≤' : '>'} ${allowed} allowed (max_diff_pixels ${s.maxDiffPixels}, max_diff_ratio ${s.maxDiffRatio}; colour threshold ${s.threshold}${tolerated.length ? `, ${tolerated.join(', ')}` : ''})`,
  pixelsWithin: (box: Box) => `differing pixels lie within x ${box.x0}..${box.x1}, y ${box.y0}..${box.y1}`,
  // decoding (decode.ts) and reading a value's bytes (media.ts): said after "… is" / "… could not be decoded: "
  overBudget: (width: number, height: number, limit: number) =>
    `it declares ${width}×${height} px (${megapixels(width * height)}), over pixie's limit of ${megapixels(limit)} (4096×4096) per image`,
  overSharpLimit: (limit: number) =>
    `it declares more than 268 megapixels, over pixie's limit of ${megapixels(limit)} (4096×4096) per image`,
  corrupt: () => 'corrupt or truncated image data (the decoder stopped on a warning)',
  // a PNG's chunks (png-chunks.ts), said after "… is not a readable image: "
  chunkCutShort: (type: string | null, at: number) =>
    `the ${type ? `${type} chunk` : 'chunk'} at byte ${at} runs past the end of the data (truncated)`,
  chunkCrc: (type: string | null, at: number) =>
    `the ${type ? `${type} chunk` : 'chunk'} at byte ${at} fails its CRC check (corrupt)`,
  noIend: () => 'the PNG ends without its IEND chunk (truncated)',
  unknownDecoderError: () => 'unknown decoder error',
  notRgba: (channels: number) => `decoded to ${channels} channels instead of RGBA`,
  noComma: () => 'a data URL without a comma before its payload',
  badBase64: (mime: string | null) => `a data URL${mime ? ` (${mime})` : ''} whose payload is not valid base64`,
  badPercentEncoding: () => 'a data URL with broken percent-encoding',
  noPayloadField: (keys: readonly string[]) => `an object without a string ${keys.join('/')} field`,
  notAString: (v: unknown) => `${describeValue(v)}, not a data URL or base64 string`,
  emptyString: () => 'an empty string',
  notBase64: (v: unknown) => `${describeValue(v)}, which is neither a data URL nor base64`,
  digest: (hash: string, size: number) => `sha256=${hash.slice(0, 12)} size=${size}`,
} satisfies MessageTable;
