// The limit on one buffer a comparison decodes (PIXIE_MAX_DECODED_MB, docs/comparators.md#limits),
// in the comparison process only (compare-child.ts), and only while it compares a file (a PDF).
// pdf.js grows a decoded stream by doubling a `new Uint8Array(size)` and has no option bounding it,
// so a 2 KB stream deflated twice asked for gigabytes: while the cap is on, the Uint8Array pdf.js
// finds on globalThis is a proxy that refuses a length over the limit and says so at once (pdf.js
// may swallow the throw and skip what it cannot parse, so the comparison process answers with the
// limit then and there, and is not used again). It is off for the other comparisons: sharp tells
// its inputs apart by `constructor === Uint8Array`, which a proxy cannot satisfy.
type Ctor = new (...args: unknown[]) => object;

const globals = globalThis as unknown as Record<string, unknown>;
const natives = { Uint8Array: globals.Uint8Array, DecompressionStream: globals.DecompressionStream };
let capped: typeof natives | null = null;

export function prepareDecodedCap(maxBytes: number, onCrossed: (bytes: number) => void): void {
  const NativeArray = natives.Uint8Array as Ctor;
  const array: unknown = new Proxy(NativeArray, {
    construct(target, args, newTarget) {
      const n = args[0];
      if (typeof n === 'number' && n > maxBytes) {
        onCrossed(n);
        throw new RangeError(`a decoded buffer of ${n} bytes is over pixie's limit of ${maxBytes}`);
      }
      return Reflect.construct(target, args, newTarget === array ? target : newTarget);
    },
  });
  capped = { Uint8Array: array, DecompressionStream: cappedDecompression(maxBytes, onCrossed) };
}

/**
 * pdf.js first inflates through DecompressionStream, gathering every chunk before it allocates one
 * buffer for them all: the stream's output is counted and cut off at the limit too (pdf.js then
 * falls back to its own inflater, whose buffer the proxy refuses).
 */
function cappedDecompression(maxBytes: number, onCrossed: (bytes: number) => void): unknown {
  const found = natives.DecompressionStream as
    | (new (
        format: string,
      ) => { readable: ReadableStream<Uint8Array>; writable: WritableStream })
    | undefined;
  if (!found) return undefined;
  const Native = found;
  return class CappedDecompressionStream {
    readonly writable: WritableStream;
    readonly readable: ReadableStream;
    constructor(format: string) {
      const inner = new Native(format);
      let total = 0;
      this.writable = inner.writable;
      this.readable = inner.readable.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            total += chunk.byteLength;
            if (total > maxBytes) {
              onCrossed(total);
              controller.error(new RangeError(`a decoded stream over pixie's limit of ${maxBytes} bytes`));
            } else controller.enqueue(chunk);
          },
        }),
      );
    }
  };
}

/** Puts the capped constructors on globalThis, or the natives back. */
export function decodedCap(on: boolean): void {
  const use = on && capped ? capped : natives;
  for (const [name, value] of Object.entries(use))
    if (value === undefined) delete globals[name];
    else globals[name] = value;
}
