// 32-bit hashes over cell values (no strings built, which dominated the time at 1M cells); every
// hash hit is confirmed by comparing the cells, so a collision costs time, never correctness.
import { canonicalJson } from '../kit/value.js';
import type { Cell } from './read.js';

const f64 = new Float64Array(1);
const i32 = new Int32Array(f64.buffer);

function mix(h: number, k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  h ^= Math.imul(k, 0x1b873593);
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function mixString(h: number, s: string): number {
  h = mix(h, s.length);
  for (let i = 0; i < s.length; i++) h = mix(h, s.charCodeAt(i));
  return h;
}

/**
 * Two hashes of a row in one pass: `exact` over every cell, and `signature` where finite numbers
 * hash as a placeholder (the bucket key of unordered matching). Written into out[0], out[1].
 */
export function rowHashes(cells: Cell[], out: Int32Array): void {
  let h = 0x2545f491;
  let g = 0x2545f491;
  for (let c = 0; c < cells.length; c++) {
    const v = cells[c];
    switch (typeof v) {
      case 'number':
        f64[0] = v === 0 ? 0 : v;
        h = mix(mix(h, i32[0]!), i32[1]!);
        if (Number.isFinite(v)) g = mix(g, 0x23);
        else g = mix(mix(g, i32[0]!), i32[1]!);
        break;
      case 'string': {
        const k = mixString(0x73, v);
        h = mix(h, k);
        g = mix(g, k);
        break;
      }
      case 'boolean':
        h = mix(h, v ? 0x54 : 0x46);
        g = mix(g, v ? 0x54 : 0x46);
        break;
      case 'symbol':
        h = mix(h, 0x6d);
        g = mix(g, 0x6d);
        break;
      default:
        if (v === null) {
          h = mix(h, 0x7a);
          g = mix(g, 0x7a);
          break;
        }
        h = mix(h, mixString(0x6f, canonicalJson(v)));
        g = mix(g, mixString(0x6f, canonicalJson(v).replace(/-?\d[\d.e+-]*/g, '#')));
    }
  }
  out[0] = h;
  out[1] = g;
}

function sameCell(x: Cell, y: Cell): boolean {
  if (x === y) return true;
  if (typeof x === 'number') return typeof y === 'number' && Number.isNaN(x) && Number.isNaN(y);
  return (
    typeof x === 'object' && typeof y === 'object' && x !== null && y !== null && canonicalJson(x) === canonicalJson(y)
  );
}

export function identicalRows(x: Cell[], y: Cell[]): boolean {
  for (let c = 0; c < x.length; c++) if (!sameCell(x[c], y[c])) return false;
  return true;
}

/** Same non-numeric cells, numbers in the same places (nested objects: same shape). */
export function sameSignature(x: Cell[], y: Cell[]): boolean {
  for (let c = 0; c < x.length; c++) {
    const u = x[c];
    const v = y[c];
    if (typeof u === 'number' && typeof v === 'number' && Number.isFinite(u) && Number.isFinite(v)) continue;
    if (typeof u === 'object' && typeof v === 'object' && u !== null && v !== null) {
      if (canonicalJson(u).replace(/-?\d[\d.e+-]*/g, '#') !== canonicalJson(v).replace(/-?\d[\d.e+-]*/g, '#'))
        return false;
      continue;
    }
    if (!sameCell(u, v)) return false;
  }
  return true;
}
