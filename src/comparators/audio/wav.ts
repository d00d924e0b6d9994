// WAV decoding for the audio comparator (RIFF parsing is small enough to own): integer PCM 8/16/24/32
// bits, IEEE float 32/64 bits, plain or WAVE_FORMAT_EXTENSIBLE, any channel count mixed down to mono.
// Also the byte extraction from an output value, and an encoder used by tests, golden cases and
// benchmarks. Nothing here throws on bad input: problems come back as sentences naming the fault,
// and the header is checked against the limits below before anything is allocated
// (docs/comparators.md#limits).
import { isPlainObject } from '../../util/is-plain-object.js';
import { base64Shape } from '../kit/base64.js';
import { messages } from './messages.js';

export interface DecodedAudio {
  /** mono samples in [-1, 1] (channels averaged) */
  samples: Float32Array;
  sampleRate: number;
  channels: number;
  /** e.g. "16-bit PCM" or "32-bit float" */
  encoding: string;
  durationS: number;
}

export type WavResult = { ok: true; audio: DecodedAudio } | { ok: false; problem: string };

/** 64 channels covers 7th-order ambisonics; more is a corrupt or hostile header. */
const MAX_WAV_CHANNELS = 64;
/** below 1 kHz nothing audible is left to compare; above 768 kHz no converter records */
const MIN_WAV_RATE = 1000;
const MAX_WAV_RATE = 768000;
/** ten minutes at 48 kHz: the decoded mono signal is then at most 110 MiB */
const MAX_WAV_FRAMES = 48000 * 600;

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_EXTENSIBLE = 0xfffe;
const KNOWN_FORMATS: Record<number, string> = {
  2: 'Microsoft ADPCM',
  6: 'A-law',
  7: 'µ-law',
  17: 'IMA ADPCM',
  85: 'MP3',
};

function fourcc(b: Uint8Array, at: number): string {
  return String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);
}

/** What the first bytes look like, for "not a WAV" messages. */
function sniffFormat(b: Uint8Array): string {
  if (b.length === 0) return messages.empty();
  if (b.length >= 3 && b[0] === 0x49 && b[1] === 0x44 && b[2] === 0x33) return messages.looksLike('MP3 (ID3 tag)');
  if (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0) return messages.looksLike('MP3/AAC (frame sync)');
  if (b.length >= 4 && fourcc(b, 0) === 'OggS') return messages.looksLike('Ogg');
  if (b.length >= 4 && fourcc(b, 0) === 'fLaC') return messages.looksLike('FLAC');
  if (b.length >= 8 && fourcc(b, 4) === 'ftyp') return messages.looksLike('MP4/M4A');
  if (b.length >= 4 && fourcc(b, 0) === '%PDF') return messages.looksLike('a PDF');
  if (b.length >= 8 && b[0] === 0x89 && fourcc(b, 1).startsWith('PNG')) return messages.looksLike('a PNG image');
  const head = Array.from(b.subarray(0, 8), (x) => x.toString(16).padStart(2, '0')).join(' ');
  return messages.startsWith(head);
}

export function decodeWav(bytes: Uint8Array): WavResult {
  const fail = (problem: string): WavResult => ({ ok: false, problem });
  if (bytes.length < 12 || fourcc(bytes, 0) !== 'RIFF' || fourcc(bytes, 8) !== 'WAVE') {
    if (bytes.length >= 4 && fourcc(bytes, 0) === 'RF64') return fail(messages.rf64());
    return fail(messages.notWav(sniffFormat(bytes)));
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 12;
  let fmt: { tag: number; channels: number; rate: number; blockAlign: number; bits: number } | null = null;
  let data: Uint8Array | null = null;
  while (pos + 8 <= bytes.length) {
    const id = fourcc(bytes, pos);
    const size = view.getUint32(pos + 4, true);
    const body = pos + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) return fail(messages.fmtTooShort(size));
      let tag = view.getUint16(body, true);
      const channels = view.getUint16(body + 2, true);
      const rate = view.getUint32(body + 4, true);
      const blockAlign = view.getUint16(body + 12, true);
      const bits = view.getUint16(body + 14, true);
      if (tag === FORMAT_EXTENSIBLE) {
        if (size < 40 || body + 26 > bytes.length) return fail(messages.extensibleTooShort());
        tag = view.getUint16(body + 24, true); // first two bytes of the sub-format GUID are the format tag
      }
      fmt = { tag, channels, rate, blockAlign, bits };
    } else if (id === 'data') {
      const present = bytes.length - body;
      // 0xFFFFFFFF is what streaming writers leave when they never come back to fill in the size
      if (size === 0xffffffff) data = bytes.subarray(body);
      else if (size > present) return fail(messages.truncated(size, present));
      else data = bytes.subarray(body, body + size);
      if (fmt) break;
    }
    pos = body + size + (size & 1);
  }
  if (!fmt) return fail(messages.noFmt());
  if (!data) return fail(messages.noData());
  const { tag, channels, rate, bits } = fmt;
  if (channels < 1) return fail(messages.noChannels());
  if (channels > MAX_WAV_CHANNELS) return fail(messages.tooManyChannels(channels, MAX_WAV_CHANNELS));
  if (rate < MIN_WAV_RATE || rate > MAX_WAV_RATE) return fail(messages.badRate(rate, MIN_WAV_RATE, MAX_WAV_RATE));
  let encoding: string;
  if (tag === FORMAT_PCM && [8, 16, 24, 32].includes(bits)) encoding = messages.encoding(bits, 'PCM');
  else if (tag === FORMAT_FLOAT && (bits === 32 || bits === 64)) encoding = messages.encoding(bits, 'float');
  else if (tag === FORMAT_PCM || tag === FORMAT_FLOAT)
    return fail(messages.unsupportedSize(bits, tag === FORMAT_PCM ? 'PCM' : 'float'));
  else return fail(messages.unsupportedEncoding(tag, KNOWN_FORMATS[tag]));
  const bytesPerSample = bits / 8;
  const blockAlign = bytesPerSample * channels;
  if (fmt.blockAlign !== blockAlign) return fail(messages.badBlockAlign(fmt.blockAlign, channels, bits, blockAlign));
  const frames = Math.floor(data.length / blockAlign);
  if (frames > MAX_WAV_FRAMES) return fail(messages.tooLong(frames / rate, frames, rate, MAX_WAV_FRAMES));
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const read = sampleReader(tag, bits, dv, data);
  const samples = new Float32Array(frames);
  const scale = 1 / channels;
  for (let f = 0, off = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < channels; c++, off += bytesPerSample) sum += read(off);
    samples[f] = sum * scale;
  }
  // a float WAV may hold NaN or ±Infinity, which would poison every sum they enter (a running
  // window sum stays NaN and its windows compare as nothing): such a recording is not comparable
  const nonFinite = tag === FORMAT_FLOAT ? nonFiniteSamples(samples) : null;
  if (nonFinite) return fail(messages.nonFinite(nonFinite.nan, nonFinite.infinite, frames, nonFinite.first / rate));
  return { ok: true, audio: { samples, sampleRate: rate, channels, encoding, durationS: frames / rate } };
}

/** How many samples are NaN and how many infinite (a finite double beyond float32 becomes infinite), or null. */
function nonFiniteSamples(samples: Float32Array): { nan: number; infinite: number; first: number } | null {
  let nan = 0;
  let infinite = 0;
  let first = -1;
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i]!;
    if (v - v === 0) continue; // finite
    if (first < 0) first = i;
    if (Number.isNaN(v)) nan++;
    else infinite++;
  }
  return first < 0 ? null : { nan, infinite, first };
}

function sampleReader(tag: number, bits: number, dv: DataView, b: Uint8Array): (off: number) => number {
  if (tag === FORMAT_FLOAT) return bits === 32 ? (o) => dv.getFloat32(o, true) : (o) => dv.getFloat64(o, true);
  switch (bits) {
    case 8:
      return (o) => (b[o]! - 128) / 128;
    case 16:
      return (o) => dv.getInt16(o, true) / 32768;
    case 24:
      return (o) => (((b[o + 2]! << 24) | (b[o + 1]! << 16) | (b[o]! << 8)) >> 8) / 8388608;
    default:
      return (o) => dv.getInt32(o, true) / 2147483648;
  }
}

export type BytesResult = { ok: true; bytes: Uint8Array; mime: string | null } | { ok: false; problem: string };

/** Audio arrives as a data URL, bare base64, or `{value|data|url: <either>}`. */
export function mediaBytes(value: unknown): BytesResult {
  if (isPlainObject(value)) {
    for (const k of ['value', 'data', 'url', 'data_url']) {
      if (typeof value[k] === 'string') return mediaBytes(value[k]);
    }
    return { ok: false, problem: messages.noPayloadField(Object.keys(value)) };
  }
  if (typeof value !== 'string') return { ok: false, problem: messages.notAString(value) };
  const s = value.trim();
  if (s.startsWith('data:')) {
    const comma = s.indexOf(',');
    if (comma < 0) return { ok: false, problem: messages.noComma() };
    const params = s.slice(5, comma).split(';');
    const mime = params[0] ? params[0].toLowerCase() : null;
    const payload = s.slice(comma + 1);
    if (params.includes('base64')) {
      if (!base64Shape(payload)) return { ok: false, problem: messages.badBase64() };
      return { ok: true, bytes: Buffer.from(payload, 'base64'), mime };
    }
    try {
      return { ok: true, bytes: Buffer.from(decodeURIComponent(payload), 'latin1'), mime };
    } catch {
      return { ok: false, problem: messages.badPercentEncoding() };
    }
  }
  if (/^https?:\/\//i.test(s)) return { ok: false, problem: messages.aUrl(s) };
  const shape = base64Shape(s);
  if (shape?.chars === 0) return { ok: false, problem: messages.emptyString() };
  if (!shape) return { ok: false, problem: messages.notBase64(s) };
  return { ok: true, bytes: Buffer.from(s, 'base64'), mime: null };
}

export type WavEncoding = 'pcm8' | 'pcm16' | 'pcm24' | 'pcm32' | 'float32' | 'float64';

/** A WAV file from one Float32Array per channel. `extensible` writes WAVE_FORMAT_EXTENSIBLE. */
export function encodeWav(
  channelData: Float32Array | Float32Array[],
  sampleRate: number,
  encoding: WavEncoding = 'pcm16',
  opts: { extensible?: boolean } = {},
): Uint8Array {
  const chans = Array.isArray(channelData) ? channelData : [channelData];
  const channels = chans.length;
  const frames = chans[0]?.length ?? 0;
  const bits = Number(encoding.replace(/\D/g, ''));
  const isFloat = encoding.startsWith('float');
  const bps = bits / 8;
  const blockAlign = bps * channels;
  const dataBytes = frames * blockAlign;
  const fmtSize = opts.extensible ? 40 : 16;
  const total = 12 + 8 + fmtSize + 8 + dataBytes + (dataBytes & 1);
  const out = new Uint8Array(total);
  const dv = new DataView(out.buffer);
  const str = (at: number, s: string): void => {
    for (let i = 0; i < 4; i++) out[at + i] = s.charCodeAt(i);
  };
  str(0, 'RIFF');
  dv.setUint32(4, total - 8, true);
  str(8, 'WAVE');
  str(12, 'fmt ');
  dv.setUint32(16, fmtSize, true);
  const tag = isFloat ? FORMAT_FLOAT : FORMAT_PCM;
  dv.setUint16(20, opts.extensible ? FORMAT_EXTENSIBLE : tag, true);
  dv.setUint16(22, channels, true);
  dv.setUint32(24, sampleRate, true);
  dv.setUint32(28, sampleRate * blockAlign, true);
  dv.setUint16(32, blockAlign, true);
  dv.setUint16(34, bits, true);
  if (opts.extensible) {
    dv.setUint16(36, 22, true); // cbSize
    dv.setUint16(38, bits, true); // valid bits
    dv.setUint32(40, channels === 1 ? 0x4 : 0x3, true); // channel mask
    // sub-format GUID: the format tag, then the fixed tail 00000000-0010-8000-00AA00389B71
    const guidTail = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71];
    dv.setUint16(44, tag, true);
    out.set(guidTail, 46);
  }
  const dataAt = 12 + 8 + fmtSize;
  str(dataAt, 'data');
  dv.setUint32(dataAt + 4, dataBytes, true);
  let off = dataAt + 8;
  const clamp = (x: number): number => (x > 1 ? 1 : Math.max(x, -1));
  for (let f = 0; f < frames; f++) {
    for (let c = 0; c < channels; c++, off += bps) {
      const x = chans[c]![f]!;
      switch (encoding) {
        case 'float32':
          dv.setFloat32(off, x, true);
          break;
        case 'float64':
          dv.setFloat64(off, x, true);
          break;
        case 'pcm8':
          out[off] = Math.max(0, Math.min(255, Math.round(clamp(x) * 128) + 128));
          break;
        case 'pcm16':
          dv.setInt16(off, Math.max(-32768, Math.min(32767, Math.round(clamp(x) * 32768))), true);
          break;
        case 'pcm24': {
          const v = Math.max(-8388608, Math.min(8388607, Math.round(clamp(x) * 8388608)));
          out[off] = v & 0xff;
          out[off + 1] = (v >> 8) & 0xff;
          out[off + 2] = (v >> 16) & 0xff;
          break;
        }
        case 'pcm32':
          dv.setInt32(off, Math.max(-2147483648, Math.min(2147483647, Math.round(clamp(x) * 2147483648))), true);
          break;
      }
    }
  }
  return out;
}

export function wavDataUrl(bytes: Uint8Array): string {
  return `data:audio/wav;base64,${Buffer.from(bytes).toString('base64')}`;
}
