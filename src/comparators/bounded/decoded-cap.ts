// The limit on one buffer a comparison decodes (PIXIE_MAX_DECODED_MB, docs/comparators.md#limits),
// installed only in the comparison process (compare-child.ts). pdf.js grows a decoded stream by
// doubling a `new Uint8Array(size)` and has no option bounding it, so a 2 KB stream deflated twice
// asked for gigabytes; the typed-array constructors pdf.js finds on globalThis are replaced by
// proxies that refuse a length over the limit and say so at once: pdf.js may swallow the throw (it
// skips what it cannot parse), so the comparison process answers with the limit then and there,
// whatever the comparator would conclude from the rest, and is not used again.
let installed = false;

const CAPPED = ['Uint8Array', 'Uint8ClampedArray'] as const;

/** `onCrossed` hears of each refusal as it happens (the comparison process answers at once). */
export function capDecodedBuffers(maxBytes: number, onCrossed: (bytes: number) => void): void {
  if (installed) return;
  installed = true;
  const globals = globalThis as unknown as Record<string, unknown>;
  for (const name of CAPPED) {
    const native = globals[name] as new (...args: unknown[]) => object;
    const capped: unknown = new Proxy(native, {
      construct(target, args, newTarget) {
        const n = args[0];
        if (typeof n === 'number' && n > maxBytes) {
          onCrossed(n);
          throw new RangeError(`a decoded buffer of ${n} bytes is over pixie's limit of ${maxBytes}`);
        }
        return Reflect.construct(target, args, newTarget === capped ? target : newTarget);
      },
    });
    globals[name] = capped;
  }
  // pdf.js first inflates through DecompressionStream, gathering every chunk before it allocates
  // one buffer for them all: the stream's output is counted and cut off at the limit too (pdf.js
  // then falls back to its own inflater, whose buffer the proxies above refuse)
  const found = globals.DecompressionStream as
    | (new (
        format: string,
      ) => { readable: ReadableStream<Uint8Array>; writable: WritableStream })
    | undefined;
  if (!found) return;
  const Native = found;
  globals.DecompressionStream = class CappedDecompressionStream {
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
