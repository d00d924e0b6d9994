// Heavy comparator libraries (sharp, pdfjs-dist, fft.js, meyda) are optional dependencies, imported
// only when an output needs them. When one cannot be loaded, comparisons degrade to size + SHA-256
// and say so in the result (`degraded`) and its rule.

export interface Degraded {
  package: string;
  install: string;
  reason: string;
}

const cache = new Map<string, Promise<{ module: unknown } | { degraded: Degraded }>>();

// pdfjs-dist's legacy build installs core-js polyfills over built-ins Node 20 already has
// (Array.prototype.push, and JSON.parse/JSON.stringify for the JSON.rawJSON proposal nothing here
// uses), for the whole process: stringify became ~20× slower for every later report, request body and
// comparison, and the polyfills were a sixth of a 100-page PDF extraction (bench/pdf.ts). The natives,
// taken before any optional package loads, are put back after each one; what Node lacks stays.
const NATIVES = [
  [Array.prototype, 'push'],
  [JSON, 'parse'],
  [JSON, 'stringify'],
] as const;
const NATIVE_DESCRIPTORS = NATIVES.map(
  ([owner, key]) => [owner, key, Object.getOwnPropertyDescriptor(owner, key)] as const,
);

function restoreNatives(): void {
  for (const [owner, key, d] of NATIVE_DESCRIPTORS)
    if (d && (owner as unknown as Record<string, unknown>)[key] !== d.value) Object.defineProperty(owner, key, d);
}

function installCommand(pkg: string): string {
  return `npm install ${pkg}`;
}

/**
 * Imports `specifier` once per process. `pkg` is the npm package to name in the warning.
 * Set PIXIE_DISABLE_OPTIONAL=sharp,pdfjs-dist to simulate a missing package (used by tests and by
 * users who want the fast exact comparison).
 */
export function loadOptional<T>(pkg: string, specifier: string = pkg): Promise<{ module: T } | { degraded: Degraded }> {
  let p = cache.get(specifier);
  if (!p) {
    const disabled = (process.env.PIXIE_DISABLE_OPTIONAL ?? '').split(',').map((s) => s.trim());
    p = disabled.includes(pkg)
      ? Promise.resolve({
          degraded: {
            package: pkg,
            install: installCommand(pkg),
            reason: `${pkg} is disabled by PIXIE_DISABLE_OPTIONAL`,
          },
        })
      : import(specifier).then(
          (module: unknown) => {
            restoreNatives();
            return { module };
          },
          (err: Error) => {
            restoreNatives(); // a package that failed half-way may have replaced some already
            return {
              degraded: {
                package: pkg,
                install: installCommand(pkg),
                reason: `${pkg} could not be loaded (${err.message.split('\n')[0]})`,
              },
            };
          },
        );
    cache.set(specifier, p);
  }
  return p as Promise<{ module: T } | { degraded: Degraded }>;
}
