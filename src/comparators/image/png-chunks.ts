// Whether a PNG's chunks are whole and their CRCs right, read without decoding a pixel: what two
// identical PNG payloads get instead of a decode (pair.ts), so a corrupt image does not pass by
// matching its own fixture. Hand-written because sharp's header read (metadata()) checks neither,
// and a decode is the costly part of a comparison; node:zlib's crc32 does the arithmetic.
import { crc32 } from 'node:zlib';
import { messages } from './messages.js';

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

/** What is wrong with the chunks of a PNG, or null (also for bytes that are not a PNG). */
export function pngChunkProblem(bytes: Buffer): string | null {
  if (bytes.length < SIGNATURE.length || !bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) return null;
  let at = SIGNATURE.length;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const typeBytes = bytes.subarray(at + 4, at + 8);
    // a chunk type is four ASCII letters; anything else is named by its place, never echoed
    const type = /^[A-Za-z]{4}$/.test(typeBytes.toString('latin1')) ? typeBytes.toString('latin1') : null;
    const end = at + 8 + length;
    if (end + 4 > bytes.length) return messages.chunkCutShort(type, at);
    if (crc32(bytes.subarray(at + 4, end)) !== bytes.readUInt32BE(end)) return messages.chunkCrc(type, at);
    if (type === 'IEND') return null;
    at = end + 4;
  }
  return messages.noIend();
}
