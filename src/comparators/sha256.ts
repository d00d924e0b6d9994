// Size + SHA-256: the exact comparator for video and progress, the stand-in for media types until
// their perceptual comparators land, the fallback for any type without a comparator, and what
// heavy comparators degrade to. Bytes come from data URLs, bare base64, `{value|data|url}` objects,
// or the canonical JSON of any other value.
import { createHash } from 'node:crypto';
import type { OutputType } from '../model/manifest.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { base64Shape } from './kit/base64.js';
import { skipped, unknownModeResult } from './kit/result.js';
import { canonicalJson } from './kit/value.js';
import type { Comparator, ComparisonResult } from './types.js';
import type { Tolerance } from '../model/tolerance.js';
import type { MessageTable } from '../util/message-table.js';

const SHA_MODES = ['sha256', 'size_sha256'] as const;

const messages = {
  rule: () => 'identical bytes (size + SHA-256)',
  /** `note` says why a heavier comparison was not used, or is empty */
  identical: (hash: string, size: number, note: string) =>
    `sha256 ${hash.slice(0, 8)}… (size ${size}), identical${note ? ` [${note}]` : ''}`,
  differ: (e: string, a: string, eSize: number, aSize: number, note: string) =>
    `sha256 ${e.slice(0, 8)}… vs ${a.slice(0, 8)}… (size ${eSize} vs ${aSize})${note ? ` [${note}]` : ''}`,
  contentDiffers: (e: string, a: string, eSize: number, aSize: number) =>
    `content differs: sha256 ${e.slice(0, 12)} vs ${a.slice(0, 12)}, size ${eSize} vs ${aSize} bytes`,
  digest: (hash: string, size: number) => `sha256=${hash.slice(0, 12)} size=${size}`,
  nothingToHash: (actual: null | undefined) =>
    `actual is ${actual === null ? 'null' : 'missing'}, expected a value to hash`,
} satisfies MessageTable;

export interface ExtractedBytes {
  bytes: Buffer;
  /** how the bytes were read: data-url, base64, url (the URL text itself), text, json */
  source: 'data-url' | 'base64' | 'url' | 'text' | 'json';
  /** MIME type from a data URL prefix, when there was one */
  mime?: string;
}

const DATA_URL = /^data:([^,;]*)((?:;[^,;]*)*?)(;base64)?,/i;

/** Parses `data:<mime>[;params][;base64],<payload>`; null when the string is not a data URL. */
export function parseDataUrl(s: string): { mime: string; bytes: Buffer } | null {
  const m = DATA_URL.exec(s);
  if (!m) return null;
  const payload = s.slice(m[0].length);
  const mime = (m[1] || 'text/plain').trim().toLowerCase();
  if (m[3]) return { mime, bytes: Buffer.from(payload.replace(/\s+/g, ''), 'base64') };
  let text: string;
  try {
    text = decodeURIComponent(payload);
  } catch {
    text = payload;
  }
  return { mime, bytes: Buffer.from(text, 'utf8') };
}

/**
 * True for text that is plausibly base64 rather than plain text: the standard alphabet padded to a
 * multiple of four, or the URL-safe alphabet (which has '-' or '_'). Linear in the length.
 */
export function looksLikeBase64(s: string): boolean {
  const shape = base64Shape(s);
  if (!shape || shape.chars + shape.padding < 4) return false;
  if (shape.urlSafe) return !shape.standard;
  return (shape.chars + shape.padding) % 4 === 0 && (shape.padding === 0 || shape.chars % 4 === 4 - shape.padding);
}

export function bytesOfString(s: string): ExtractedBytes {
  const data = parseDataUrl(s);
  if (data) return { bytes: data.bytes, source: 'data-url', mime: data.mime };
  if (/^(?:https?|file):\/\//i.test(s)) return { bytes: Buffer.from(s, 'utf8'), source: 'url' };
  if (looksLikeBase64(s))
    return {
      bytes: Buffer.from(s, 'base64'),
      source: 'base64',
    };
  return { bytes: Buffer.from(s, 'utf8'), source: 'text' };
}

/** The bytes a value stands for (never throws). */
export function extractBytes(v: unknown): ExtractedBytes {
  if (typeof v === 'string') return bytesOfString(v);
  if (isPlainObject(v)) {
    for (const field of ['value', 'data', 'data_url', 'url']) {
      if (!(field in v)) continue;
      const inner = v[field];
      if (typeof inner === 'string') return bytesOfString(inner);
      if (field === 'value') return { bytes: Buffer.from(canonicalJson(inner), 'utf8'), source: 'json' };
    }
  }
  let text: string;
  try {
    text = canonicalJson(v);
  } catch {
    text = String(v);
  }
  return { bytes: Buffer.from(text, 'utf8'), source: 'json' };
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Size + SHA-256 of two byte strings as a comparison result. `note` is appended to the metric
 * (e.g. why a heavier comparison was not used).
 */
export function compareBySha256(
  e: Uint8Array,
  a: Uint8Array,
  echo: { expected: unknown; actual: unknown },
  tolerance: Tolerance,
  note = '',
  path = '',
): ComparisonResult {
  const he = sha256Hex(e);
  const ha = sha256Hex(a);
  const ok = he === ha && e.length === a.length;
  const metric = ok ? messages.identical(he, e.length, note) : messages.differ(he, ha, e.length, a.length, note);
  return {
    status: ok ? 'pass' : 'fail',
    score: ok ? 1 : 0,
    metric,
    rule: messages.rule(),
    expected: echo.expected,
    actual: echo.actual,
    tolerance,
    differences: ok
      ? []
      : [
          {
            path,
            message: messages.contentDiffers(he, ha, e.length, a.length),
            expected: messages.digest(he, e.length),
            actual: messages.digest(ha, a.length),
          },
        ],
  };
}

export const sha256Comparator: Comparator = {
  name: 'sha256',
  types: ['video', 'progress', 'image', 'image_grid', 'image_compare', 'audio'],
  modes: SHA_MODES,
  options: {},
  messages,
  defaults(_type: OutputType): Tolerance {
    return { compare: 'sha256' };
  },
  compare({ expected, actual, tolerance }): ComparisonResult {
    const mode = tolerance.compare ?? 'sha256';
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    if (!(SHA_MODES as readonly string[]).includes(mode))
      return unknownModeResult(mode, SHA_MODES, expected, actual, tolerance);
    if (actual === undefined || actual === null) {
      if (expected === actual)
        return compareBySha256(Buffer.alloc(0), Buffer.alloc(0), { expected, actual }, tolerance);
      const message = messages.nothingToHash(actual);
      return {
        status: 'fail',
        score: 0,
        metric: message,
        rule: messages.rule(),
        expected,
        actual,
        tolerance,
        differences: [{ path: '', message, expected }],
      };
    }
    return compareBySha256(extractBytes(expected).bytes, extractBytes(actual).bytes, { expected, actual }, tolerance);
  },
};
