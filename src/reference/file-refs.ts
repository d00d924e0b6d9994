// Media expected values kept as files beside the fixture (docs/fixtures.md, "Media files"): an
// expected value `{"$file": "badge.png"}` names a file in reference/. It is read through the one
// safe reader (a regular file inside the tool, size-capped) and handed to the comparators as a data
// URL, so they stay pure; updates write new bytes back to the file, so a pull request shows a PNG.
import { finding, type Finding } from '../model/finding.js';
import { excerpt } from '../source/excerpt.js';
import { readUserBytes } from '../source/user-file.js';
import { extractMediaBytes } from '../comparators/image/media.js';
import { bytesOfString } from '../comparators/sha256.js';
import type { Manifest } from '../model/manifest.js';
import { isMediaType, MEDIA_TYPES, outputTypeInfo } from '../model/output-types.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { setOwn } from '../util/own.js';
import { parseJson } from '../util/python-json.js';

export interface FileRef {
  $file: string;
}

export function isFileRef(v: unknown): v is FileRef {
  return isPlainObject(v) && Object.keys(v).length === 1 && typeof v.$file === 'string';
}

/** The output types a file reference may stand for, as words: "image, audio, video and file". */
const MEDIA_WORDS = `${MEDIA_TYPES.slice(0, -1).join(', ')} and ${MEDIA_TYPES.at(-1)}`;

/** Files reference/ holds for pixie itself, which a reference must not name. */
const RESERVED = /^(fixture_.*\.json|tolerance\.ya?ml|README\.md)$/i;

/** Why `name` cannot be a file reference, or null when it can: a plain file name in reference/. */
export function fileRefNameProblem(name: string): string | null {
  if (name === '' || name.length > 200) return 'the name must be 1 to 200 characters';
  if (/[/\\]/.test(name) || name === '.' || name === '..')
    return 'it must be a file name directly in reference/, without folders';
  if (name.startsWith('.')) return 'it must not start with a dot';
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'it must not hold control characters';
  if (RESERVED.test(name)) return 'that name is one pixie reads as a fixture, tolerance.yaml or README.md';
  return null;
}

const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  avif: 'image/avif',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  txt: 'text/plain',
  md: 'text/markdown',
  xml: 'application/xml',
  html: 'text/html',
};

function mimeOfName(name: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  return (ext && MIME_BY_EXTENSION[ext]) || 'application/octet-stream';
}

/**
 * The extension a file of these bytes should carry, from their first bytes (the mime a data URL
 * declared is only a claim). Six signatures by hand: a file-type package would be a large
 * dependency for the media pixie itself compares.
 */
export function extensionOf(bytes: Uint8Array, mime: string | null): string {
  const starts = (...b: number[]) => b.every((x, i) => bytes[i] === x);
  const ascii = (at: number, s: string) => Buffer.from(bytes.subarray(at, at + s.length)).toString('latin1') === s;
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  if (ascii(0, 'GIF8')) return 'gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WAVE')) return 'wav';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (ascii(0, '%PDF')) return 'pdf';
  const fromMime = Object.entries(MIME_BY_EXTENSION).find(([, m]) => m === mime)?.[0];
  return fromMime ?? 'bin';
}

/** The bytes a media value stands for (a data URL, base64, or a file object's payload), or why it has none. */
export function mediaBytesOf(
  type: string,
  value: unknown,
): { ok: true; bytes: Buffer; mime: string | null } | { ok: false; why: string } {
  if (outputTypeInfo(type)?.media === 'file_object') {
    const payload = isPlainObject(value)
      ? ['data', 'data_url', 'content', 'value'].map((k) => value[k]).find((p) => typeof p === 'string')
      : value;
    if (typeof payload !== 'string') return { ok: false, why: 'the file has no data URL or base64 payload' };
    const got = bytesOfString(payload);
    if (got.source === 'url') return { ok: false, why: 'it is a URL, which pixie does not download' };
    return { ok: true, bytes: got.bytes, mime: got.mime ?? null };
  }
  const got = extractMediaBytes(value);
  if (!got.ok) return { ok: false, why: got.problem };
  if (got.media.form === 'url') return { ok: false, why: 'it is a URL, which pixie does not download' };
  return { ok: true, bytes: got.media.bytes, mime: got.media.mime };
}

/** Reads a referenced file as a data URL, or the one sentence that says why it cannot be used. */
export function readFileRef(toolDir: string, name: string): { ok: true; value: string } | { ok: false; why: string } {
  const problem = fileRefNameProblem(name);
  if (problem) return { ok: false, why: `'${excerpt(name)}' cannot be a file reference: ${problem}` };
  const read = readUserBytes(toolDir, `reference/${name}`);
  if (!read.ok) return { ok: false, why: read.message };
  return { ok: true, value: `data:${mimeOfName(name)};base64,${read.bytes.toString('base64')}` };
}

/**
 * Replaces each `{"$file": …}` value of a fixture's `expected` outputs with the file's content, and
 * returns which outputs came from which files; every reference that cannot be used is a located finding.
 */
export function resolveFileRefs(
  fixtureFile: string,
  expected: Record<string, unknown>,
  toolDir: string,
  manifest: Manifest,
  lineOfKey: (key: string) => number | undefined,
): { problems: Finding[]; files: Record<string, string> } {
  const problems: Finding[] = [];
  const files: Record<string, string> = {};
  const types = new Map(manifest.outputs.map((o) => [o.key, o.type as string]));
  for (const [key, value] of Object.entries(expected)) {
    if (!isPlainObject(value) || !('$file' in value)) continue;
    const where = { file: `reference/${fixtureFile}`, path: `expected_outputs.${key}`, line: lineOfKey(key) };
    const type = types.get(key) ?? 'unknown';
    let why: string | null = null;
    if (!isFileRef(value))
      why = `a file reference is {"$file": "<name in reference/>"} and nothing else; fix the value of '${excerpt(key)}'`;
    else if (!isMediaType(type))
      why = `'${excerpt(key)}' is a ${type} output; file references are for ${MEDIA_WORDS} outputs, so write the value itself`;
    else {
      const read = readFileRef(toolDir, value.$file);
      if (read.ok) {
        setOwn(expected, key, read.value);
        setOwn(files, key, value.$file);
        continue;
      }
      why = read.why;
    }
    problems.push(finding('fixture-invalid', { ...where, message: why }));
  }
  return { problems, files };
}

/** Names of reference/ files that the fixture texts refer to (for the stray-file check). */
export function referencedNames(fixtureText: string): string[] {
  if (!fixtureText.includes('"$file"')) return [];
  try {
    const data: unknown = parseJson(fixtureText.replace(/^\ufeff/, ''));
    const expected = isPlainObject(data) && isPlainObject(data.expected_outputs) ? data.expected_outputs : {};
    return Object.values(expected)
      .filter(isFileRef)
      .map((r) => r.$file);
  } catch {
    return [];
  }
}
