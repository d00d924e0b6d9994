// Positions ordered by a key each, equal keys kept in their given order. Hand-written as an LSD
// radix sort: a typed array's native sort cannot carry the position along with its key, and a
// comparator called per comparison cost most of a second per million rows.

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const LO = littleEndian ? 0 : 1;
const HI = 1 - LO;

/** Positions 0..n−1 stably ordered by unsigned 32-bit words, `words[0]` the most significant. */
function radixOrder(n: number, words: Uint32Array[]): Uint32Array {
  let src = new Uint32Array(n);
  for (let k = 0; k < n; k++) src[k] = k;
  if (n < 2) return src;
  // small inputs (a bucket of rows) take 8-bit digits, so the counts stay cheap to clear
  const bits = n > 1 << 16 ? 16 : 8;
  const mask = (1 << bits) - 1;
  const count = new Int32Array(mask + 2);
  let dst = new Uint32Array(n);
  for (let w = words.length - 1; w >= 0; w--) {
    const word = words[w]!;
    for (let shift = 0; shift < 32; shift += bits) {
      count.fill(0);
      for (let k = 0; k < n; k++) count[((word[src[k]!]! >>> shift) & mask) + 1]!++;
      // a digit every key shares orders nothing: skip the pass
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
  }
  return src;
}

/** The positions of `keys` in ascending order of the keys read as unsigned; ties stay in position order. */
export function ascendingByKey(keys: Int32Array): Uint32Array {
  return radixOrder(keys.length, [new Uint32Array(keys.buffer, keys.byteOffset, keys.length)]);
}

/**
 * The positions 0..n−1 of `values` (no NaN) in ascending order of value; ties stay in position
 * order, −0 ties with 0. With `groups`, positions are ordered by group first (as unsigned).
 */
export function ascendingPositions(values: Float64Array, groups?: Int32Array): Uint32Array {
  const n = values.length;
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
  const words: Uint32Array[] = [hi, lo];
  if (groups) words.unshift(new Uint32Array(groups.buffer, groups.byteOffset, groups.length));
  return radixOrder(n, words);
}
