// Whether pixie's optional packages (docs/comparators.md#degraded-media-comparisons) are installed.
// `npm ci --omit=optional` leaves them out; then a test that needs one to judge, rather than to fall
// back to size + SHA-256, is skipped, and its file says so in one line.
import { createRequire } from 'node:module';
import type { TestContext } from 'vitest';

const require = createRequire(import.meta.url);
const printed = new Set<string>();

/** Whether `pkg` resolves from pixie's folder. */
export function installed(pkg: string): boolean {
  try {
    // pdfjs-dist names no main module; its package.json is what pdfjs.ts resolves too
    require.resolve(pkg === 'pdfjs-dist' ? 'pdfjs-dist/package.json' : pkg);
    return true;
  } catch {
    return false;
  }
}

/**
 * False when every package is installed (sharp, fft.js, pdfjs-dist, @napi-rs/canvas); else the
 * sentence naming the missing ones, printed once.
 */
export function missingOptional(...pkgs: string[]): string | false {
  const missing = pkgs.filter((p) => !installed(p));
  if (missing.length === 0) return false;
  const line = `skipped: tests that need ${missing.join(' and ')}, which \`npm ci --omit=optional\` leaves out (\`npm ci\` installs ${missing.length > 1 ? 'them' : 'it'})`;
  if (!printed.has(line)) {
    printed.add(line);
    console.warn(line);
  }
  return line;
}

/** Skips the running test, with that sentence, when one of the packages is not installed. */
export function skipWithout(ctx: TestContext, ...pkgs: string[]): void {
  const missing = missingOptional(...pkgs);
  if (missing) ctx.skip(missing);
}
