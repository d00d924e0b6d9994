// The example tools whose outputs need one of pixie's optional packages to be judged (gradient-image
// needs sharp to run at all: it draws with it). `npm ci --omit=optional` leaves those packages out,
// and the tests that need them skip, saying so (optional-installed.test-helper.ts).
import type { TestContext } from 'vitest';
import { skipWithout } from '../../src/comparators/optional-installed.test-helper.js';

const PACKAGE_OF: Record<string, string> = {
  'gradient-image': 'sharp',
  'tone-generator': 'fft.js',
  'invoice-pdf': 'pdfjs-dist',
};

/** Skips the running test when one of these example tools cannot be validated in full here. */
export function skipWithoutExample(ctx: TestContext, ...tools: string[]): void {
  skipWithout(ctx, ...tools.flatMap((t) => (PACKAGE_OF[t] ? [PACKAGE_OF[t]] : [])));
}
