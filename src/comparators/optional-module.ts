// Heavy comparator libraries (sharp, pdfjs-dist, fft.js, meyda) are optional dependencies, imported
// only when an output needs them. When one cannot be loaded, comparisons degrade to size + SHA-256
// and say so in the result (`degraded`) and its rule.

export interface Degraded {
  package: string;
  install: string;
  reason: string;
}

const cache = new Map<string, Promise<{ module: unknown } | { degraded: Degraded }>>();

// pdfjs-dist's legacy build installs core-js polyfills of JSON.stringify and JSON.parse (for the
// JSON.rawJSON proposal, which nothing here uses): stringify becomes ~20× slower for every report,
// request body and comparison after it loads. The natives are put back once a package has loaded.
const NATIVE_JSON = { stringify: JSON.stringify, parse: JSON.parse };

function restoreNativeJson(): void {
  if (JSON.stringify !== NATIVE_JSON.stringify) JSON.stringify = NATIVE_JSON.stringify;
  if (JSON.parse !== NATIVE_JSON.parse) JSON.parse = NATIVE_JSON.parse;
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
            restoreNativeJson();
            return { module };
          },
          (err: Error) => ({
            degraded: {
              package: pkg,
              install: installCommand(pkg),
              reason: `${pkg} could not be loaded (${err.message.split('\n')[0]})`,
            },
          }),
        );
    cache.set(specifier, p);
  }
  return p as Promise<{ module: T } | { degraded: Degraded }>;
}
