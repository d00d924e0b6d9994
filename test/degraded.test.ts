// Heavy comparators degrade, loudly (docs/comparators.md): without sharp, fft.js or pdfjs-dist, media outputs
// fall back to size + SHA-256 and check 12 says `warn`, naming the package and how to install it.
// PIXIE_DISABLE_OPTIONAL makes pixie's loader fail exactly as a missing package does (the image,
// audio and PDF tests also prove it with a real resolve hook); the tools themselves keep their packages.
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { skipWithoutExample } from './helpers/media-examples.js';
import { runPixie } from './helpers/pixie.js';

describe.concurrent('media comparisons without their optional package', () => {
  for (const [tool, pkg, type] of [
    ['gradient-image', 'sharp', 'image'],
    ['tone-generator', 'fft.js', 'audio'],
    ['invoice-pdf', 'pdfjs-dist', 'file'],
  ] as const) {
    it(`${tool}: check 12 warns and names ${pkg}`, async (ctx) => {
      // gradient-image draws with sharp: without it the tool itself cannot start
      if (tool === 'gradient-image') skipWithoutExample(ctx, tool);
      const r = await runPixie(['validate', `tools/${tool}`, '--reference-only', '--json'], {
        env: { PIXIE_DISABLE_OPTIONAL: pkg },
      });
      const report = JSON.parse(r.stdout) as Report;
      const c12 = report.checks[11]!;
      expect(c12.status, c12.message).toBe('warn');
      expect(c12.message).toContain(pkg);
      expect(c12.details).toContain(`npm install ${pkg}`);
      const media = report.fixtures.flatMap((f) => f.outputs).filter((o) => o.type === type && o.degraded);
      expect(media.length).toBeGreaterThan(0);
      expect(media.every((o) => o.status !== 'fail')).toBe(true);
      expect(r.code).toBe(0);
    });
  }
});
