// Heavy comparator libraries (sharp, pdfjs-dist, fft.js, meyda) are optional dependencies, imported
// only when an output needs them. When one cannot be loaded, comparisons degrade to size + SHA-256
// and say so in the result (`degraded`) and its rule.
import { createRequire } from 'node:module';
import type { MessageTable } from '../util/message-table.js';

export interface Degraded {
  package: string;
  install: string;
  reason: string;
}

export const messages = {
  install: (pkg: string) => `npm install ${pkg}`,
  disabled: (pkg: string) => `${pkg} is disabled by PIXIE_DISABLE_OPTIONAL`,
  notLoaded: (pkg: string, error: string) => `${pkg} could not be loaded (${error})`,
} satisfies MessageTable;

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

const requireHere = createRequire(import.meta.url);

/**
 * Imports `specifier` once per process. `pkg` is the npm package to name in the warning.
 * Set PIXIE_DISABLE_OPTIONAL=sharp,pdfjs-dist to simulate a missing package (used by tests and by
 * users who want the fast exact comparison).
 *
 * `how: 'require'` loads a package that ships CommonJS through require() (its module is then the
 * package's exports): sharp's ES module build imports its CommonJS dependencies (semver, detect-libc)
 * through Node's ESM loader, which reads and scans each of their files for export names, and took
 * 40–60 ms to load (after pixie's own modules, in a fresh process) where require() takes 22.
 */
export function loadOptional<T>(
  pkg: string,
  specifier: string = pkg,
  how: 'import' | 'require' = 'import',
): Promise<{ module: T } | { degraded: Degraded }> {
  const key = `${how}:${specifier}`;
  let p = cache.get(key);
  if (!p) {
    const disabled = (process.env.PIXIE_DISABLE_OPTIONAL ?? '').split(',').map((s) => s.trim());
    p = disabled.includes(pkg)
      ? Promise.resolve({
          degraded: {
            package: pkg,
            install: messages.install(pkg),
            reason: messages.disabled(pkg),
          },
        })
      : (how === 'require' ? new Promise((resolve) => resolve(requireHere(specifier))) : import(specifier)).then(
          (module: unknown) => {
            restoreNatives();
            return { module };
          },
          (err: Error) => {
            restoreNatives(); // a package that failed half-way may have replaced some already
            return {
              degraded: {
                package: pkg,
                install: messages.install(pkg),
                reason: messages.notLoaded(pkg, err.message.split('\n')[0]!),
              },
            };
          },
        );
    cache.set(key, p);
  }
  return p as Promise<{ module: T } | { degraded: Degraded }>;
}

/**
 * Why `pkg` is missing, without importing it (a resolve, so identical bytes stay fast), or null. Identical
 * bytes need no decoder, yet a run without the package could not have judged a change, so the result
 * still says it was degraded (docs/comparators.md). A package that resolves but fails to load is only
 * noticed when it is loaded.
 */
export function missingOptional(pkg: string): Degraded | null {
  const disabled = (process.env.PIXIE_DISABLE_OPTIONAL ?? '').split(',').map((s) => s.trim());
  if (disabled.includes(pkg)) return { package: pkg, install: messages.install(pkg), reason: messages.disabled(pkg) };
  try {
    requireHere.resolve(pkg);
    return null;
  } catch (err) {
    return {
      package: pkg,
      install: messages.install(pkg),
      reason: messages.notLoaded(pkg, (err as Error).message.split('\n')[0]!),
    };
  }
}
