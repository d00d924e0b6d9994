// Images, audio and the pages of a PDF compared visually: expected and actual side by side, with
// the comparator's diff images. Only data URLs are embedded; anything else (a remote URL) is shown
// as text and never fetched.
import type { OutputComparison } from '../../model/report.js';
import { isObject, unwrapScalar } from './values.js';

export type MediaSource = { kind: 'image' | 'audio'; url: string } | { kind: 'text'; text: string } | null;

interface MediaPair {
  label: string;
  expected: MediaSource;
  actual: MediaSource;
  /** diff images of this pair alone (a PDF page), drawn in its row */
  diffs?: { label: string; url: string }[];
}

export interface MediaBody {
  kind: 'media';
  pairs: MediaPair[];
  /** the comparator's artifacts, e.g. a diff image */
  diffs: { label: string; url: string }[];
}

const EMBEDDABLE = /^data:(image|audio)\/[\w.+-]+(;[\w=.+-]+)*(;base64)?,/i;
const MAX_MEDIA = 12;

export function embeddable(url: string): 'image' | 'audio' | null {
  const m = EMBEDDABLE.exec(url);
  return m ? (m[1]!.toLowerCase() as 'image' | 'audio') : null;
}

function source(v: unknown): MediaSource {
  const u = unwrapScalar(v);
  if (typeof u !== 'string') return null;
  const kind = embeddable(u);
  return kind ? { kind, url: u } : { kind: 'text', text: u.length > 120 ? `${u.slice(0, 120)}…` : u };
}

/** Every embeddable data URL inside a value, with the path it was found at. */
function dataUrls(
  v: unknown,
  out: { label: string; url: string }[] = [],
  label = '',
): { label: string; url: string }[] {
  if (out.length >= MAX_MEDIA) return out;
  if (typeof v === 'string') {
    if (embeddable(v)) out.push({ label, url: v });
  } else if (Array.isArray(v)) v.forEach((x, i) => dataUrls(x, out, `${label}[${i}]`));
  else if (isObject(v)) for (const [k, x] of Object.entries(v)) dataUrls(x, out, label ? `${label}.${k}` : k);
  return out;
}

function pairsOf(o: OutputComparison): MediaPair[] {
  const e = o.expected;
  const a = o.actual;
  if (o.type === 'image') return [{ label: '', expected: source(e), actual: source(a) }];
  if (o.type === 'image_compare') {
    const E = isObject(e) ? e : {};
    const A = isObject(a) ? a : {};
    return ['before', 'after'].map((k) => ({ label: k, expected: source(E[k]), actual: source(A[k]) }));
  }
  if (o.type === 'image_grid') {
    const list = (v: unknown): unknown[] => (isObject(v) && Array.isArray(v.images) ? v.images : []);
    const E = list(e);
    const A = list(a);
    return Array.from({ length: Math.min(MAX_MEDIA, Math.max(E.length, A.length)) }, (_, i) => ({
      label: `images[${i}]`,
      expected: source(E[i]),
      actual: source(A[i]),
    }));
  }
  // audio, video, files: whatever data URLs the values hold, paired in order
  const E = dataUrls(unwrapScalar(e));
  const A = dataUrls(unwrapScalar(a));
  const asSource = (x: { url: string } | undefined): MediaSource =>
    x ? { kind: embeddable(x.url)!, url: x.url } : null;
  return Array.from({ length: Math.max(E.length, A.length) }, (_, i) => ({
    label: E[i]?.label || A[i]?.label || '',
    expected: asSource(E[i]),
    actual: asSource(A[i]),
  }));
}

const embeddedArtifacts = (o: OutputComparison): NonNullable<OutputComparison['artifacts']> =>
  (o.artifacts ?? []).filter((x) => typeof x.data_url === 'string' && embeddable(x.data_url) === 'image');

/** Embeddable artifacts (a diff image) of any comparison that belong to no group. */
export function artifactsOf(o: OutputComparison): { label: string; url: string }[] {
  return embeddedArtifacts(o)
    .filter((x) => !x.group)
    .map((x) => ({ label: x.label, url: x.data_url }));
}

/** Grouped artifacts (the expected, actual and diff renders of a PDF page) as one pair each. */
function groupedPairs(o: OutputComparison): MediaPair[] {
  const groups = new Map<string, MediaPair>();
  for (const x of embeddedArtifacts(o)) {
    if (!x.group) continue;
    const pair = groups.get(x.group) ?? { label: x.group, expected: null, actual: null, diffs: [] };
    const source: MediaSource = { kind: 'image', url: x.data_url };
    if (x.role === 'expected') pair.expected = source;
    else if (x.role === 'actual') pair.actual = source;
    else pair.diffs!.push({ label: x.label, url: x.data_url });
    groups.set(x.group, pair);
  }
  return [...groups.values()].slice(0, MAX_MEDIA);
}

/**
 * The media body, or null when there is nothing to show: for image outputs (`images`) no value and
 * no diff image, for other outputs (audio, files) no embeddable data URL and no diff image.
 */
export function mediaBody(o: OutputComparison, images: boolean): MediaBody | null {
  const pairs = [...pairsOf(o), ...groupedPairs(o)].filter((p) => p.expected || p.actual);
  const diffs = artifactsOf(o);
  const embedded = pairs.some(
    (p) => (p.expected && p.expected.kind !== 'text') || (p.actual && p.actual.kind !== 'text'),
  );
  if (diffs.length === 0 && !(images ? pairs.length > 0 : embedded)) return null;
  return { kind: 'media', pairs, diffs };
}
