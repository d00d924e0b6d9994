// Turns a media output value (image, audio, video) into bytes, without any decoder: data URLs,
// bare base64 and `{value|data|url|image|data_url}` objects. Used before any heavy decoding so that
// identical bytes pass early, and by the size + SHA-256 fallback when a decoder cannot be loaded.
import { isPlainObject } from '../../util/is-plain-object.js';
import { decodeBase64 } from '../kit/base64.js';
import { sha256Hex } from '../sha256.js';
import { messages } from './messages.js';

export interface MediaBytes {
  bytes: Buffer;
  /** the MIME type a data URL declared, else null */
  mime: string | null;
  /** `url` means an http(s)/file URL that pixie does not download: `bytes` is the URL text */
  form: 'data-url' | 'base64' | 'url';
}

export type ExtractResult = { ok: true; media: MediaBytes } | { ok: false; problem: string };

/** Keys an object form may carry the payload under, in the order they are looked at. */
const MEDIA_VALUE_KEYS = ['value', 'data', 'url', 'image', 'data_url'] as const;

function fromDataUrl(text: string): ExtractResult {
  const comma = text.indexOf(',');
  if (comma < 0) return { ok: false, problem: messages.noComma() };
  const meta = text.slice(5, comma);
  const payload = text.slice(comma + 1);
  const parts = meta.split(';').map((p) => p.trim());
  const mime = parts[0] ? parts[0].toLowerCase() : null;
  if (parts.slice(1).some((p) => p.toLowerCase() === 'base64')) {
    const bytes = payload.trim() === '' ? Buffer.alloc(0) : decodeBase64(payload);
    if (!bytes) return { ok: false, problem: messages.badBase64(mime) };
    return { ok: true, media: { bytes, mime, form: 'data-url' } };
  }
  try {
    return { ok: true, media: { bytes: Buffer.from(decodeURIComponent(payload), 'utf8'), mime, form: 'data-url' } };
  } catch {
    return { ok: false, problem: messages.badPercentEncoding() };
  }
}

export function extractMediaBytes(value: unknown): ExtractResult {
  let v = value;
  if (isPlainObject(v)) {
    const key = MEDIA_VALUE_KEYS.find((k) => typeof (v as Record<string, unknown>)[k] === 'string');
    if (!key) return { ok: false, problem: messages.noPayloadField(MEDIA_VALUE_KEYS) };
    v = (v as Record<string, unknown>)[key];
  }
  if (typeof v !== 'string') return { ok: false, problem: messages.notAString(v) };
  const text = v.trim();
  if (text === '') return { ok: false, problem: messages.emptyString() };
  if (/^data:/i.test(text)) return fromDataUrl(text);
  if (/^(https?|file):/i.test(text))
    return { ok: true, media: { bytes: Buffer.from(text, 'utf8'), mime: null, form: 'url' } };
  const bytes = decodeBase64(text);
  if (!bytes) return { ok: false, problem: messages.notBase64(v) };
  return { ok: true, media: { bytes, mime: null, form: 'base64' } };
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** `sha256=<12 hex> size=<n>` as the earlier Python validator printed it, for fallback messages. */
export function describeBytes(bytes: Uint8Array): string {
  return messages.digest(sha256Hex(bytes), bytes.length);
}
