// Ignore regions: rectangles of an image (pixels) or of a PDF page (points, 1/72 inch) that a
// comparison leaves out, such as a timestamp or a random id (docs/comparators.md#ignore-regions).
// The same check serves tolerance loading (the `regions` option kind) and the comparators.
import type { MessageTable } from '../../util/message-table.js';

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
  /** PDF page number from 1; absent means every page */
  page?: number;
}

const KEYS = ['x', 'y', 'width', 'height', 'page'] as const;

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  return typeof v === 'string' ? `the string ${JSON.stringify(v)}` : `${typeof v} ${String(v)}`;
}

export const messages = {
  notARectangle: (at: string, v: unknown) =>
    `${at} must be a rectangle such as {x: 0, y: 0, width: 200, height: 30}, got ${describe(v)}`,
  unknownKey: (at: string, key: string) =>
    `${at} has the unknown key '${key}' (a rectangle has x, y, width, height and, for PDFs, page)`,
  needs: (at: string, key: string) => `${at} needs ${key}`,
  notACoordinate: (at: string, key: string, v: unknown) => `${at}.${key} must be a number ≥ 0, got ${describe(v)}`,
  empty: (at: string) => `${at} is empty (width and height must be > 0)`,
  notAPage: (at: string, v: unknown) => `${at}.page must be a page number from 1, got ${describe(v)}`,
  notAList: (v: unknown) =>
    `must be a list of rectangles such as [{x: 0, y: 0, width: 200, height: 30}], got ${describe(v)}`,
  item: (n: number) => `item ${n}`,
  inOption: (problem: string) => `ignore_regions ${problem}`,
} satisfies MessageTable;

function itemProblem(item: unknown, at: string): string | null {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return messages.notARectangle(at, item);
  const r = item as Record<string, unknown>;
  const unknown = Object.keys(r).find((k) => !(KEYS as readonly string[]).includes(k));
  if (unknown) return messages.unknownKey(at, unknown);
  for (const k of ['x', 'y', 'width', 'height'] as const) {
    const v = r[k];
    if (v === undefined) return messages.needs(at, k);
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) return messages.notACoordinate(at, k, v);
  }
  if ((r.width as number) === 0 || (r.height as number) === 0) return messages.empty(at);
  if (r.page !== undefined && (typeof r.page !== 'number' || !Number.isInteger(r.page) || r.page < 1))
    return messages.notAPage(at, r.page);
  return null;
}

/** The problem with `v` as a list of regions, or null when it is one. */
export function regionsProblem(v: unknown): string | null {
  if (!Array.isArray(v)) return messages.notAList(v);
  for (let i = 0; i < v.length; i++) {
    const p = itemProblem(v[i], messages.item(i + 1));
    if (p) return p;
  }
  return null;
}

/** The regions of a tolerance option (absent = none), or the problem with them in a sentence. */
export function parseRegions(v: unknown): { regions: Region[] } | { problem: string } {
  if (v === undefined || v === null) return { regions: [] };
  const problem = regionsProblem(v);
  if (problem) return { problem: messages.inOption(problem) };
  return { regions: (v as Region[]).map((r) => ({ ...r })) };
}

/** A region clipped to a w×h grid (whole cells, any partly covered cell included), or null when outside it. */
export function clipRegion(
  r: Region,
  w: number,
  h: number,
  scale = 1,
): { x0: number; y0: number; x1: number; y1: number } | null {
  const x0 = Math.max(0, Math.floor(r.x * scale));
  const y0 = Math.max(0, Math.floor(r.y * scale));
  const x1 = Math.min(w, Math.ceil((r.x + r.width) * scale));
  const y1 = Math.min(h, Math.ceil((r.y + r.height) * scale));
  return x1 > x0 && y1 > y0 ? { x0, y0, x1, y1 } : null;
}
