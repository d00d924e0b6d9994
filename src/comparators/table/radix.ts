// Positions ordered by a number each, equal numbers kept in their given order. Hand-written as an
// LSD radix sort on the numbers' bits: a typed array's native sort cannot carry the position along
// with its key, and a comparator called per comparison cost most of a second per million rows.

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const LO = littleEndian ? 0 : 1;
const HI = 1 - LO;

/** The positions 0..n−1 of `values` (no NaN) in ascending order of value; ties stay in position order, −0 ties with 0. */
export function ascendingPositions(values: Float64Array): Uint32Array {
  const n = values.length;
  let src = new Uint32Array(n);
  for (let k = 0; k < n; k++) src[k] = k;
  if (n < 2) return src;
  // a double's bits, as two words that compare as unsigned integers in the double's order
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  for (let k = 0; k < n; k++) {
    const v = values[k]!;
    f64[0] = v === 0 ? 0 : v;
    const h = u32[HI]!;
    const l = u32[LO]!;
    if (h >>> 31) {
      hi[k] = ~h >>> 0;
      lo[k] = ~l >>> 0;
    } else {
      hi[k] = (h | 0x80000000) >>> 0;
      lo[k] = l;
    }
  }
  // small inputs (a bucket of rows) take 8-bit digits, so the counts stay cheap to clear
  const bits = n > 1 << 16 ? 16 : 8;
  const mask = (1 << bits) - 1;
  const count = new Int32Array(mask + 2);
  let dst = new Uint32Array(n);
  for (const word of [lo, hi])
    for (let shift = 0; shift < 32; shift += bits) {
      count.fill(0);
      for (let k = 0; k < n; k++) count[((word[src[k]!]! >>> shift) & mask) + 1]!++;
      // a digit every value shares orders nothing: skip the pass
      if (count[((word[src[0]!]! >>> shift) & mask) + 1] === n) continue;
      for (let d = 0; d <= mask; d++) count[d + 1]! += count[d]!;
      for (let k = 0; k < n; k++) {
        const p = src[k]!;
        dst[count[(word[p]! >>> shift) & mask]!++] = p;
      }
      const t = src;
      src = dst;
      dst = t;
    }
  return src;
}
