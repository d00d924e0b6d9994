import { describe, expect, it } from 'vitest';
import { loadOptional } from './optional-module.js';
import { skipWithout } from './optional-installed.test-helper.js';

// taken before anything in this file loads pdf.js (core-js makes its polyfills print as native code)
const NATIVE = { stringify: JSON.stringify, parse: JSON.parse, push: Array.prototype.push };

describe('loadOptional', () => {
  it("keeps JSON.stringify, JSON.parse and Array.prototype.push native after loading pdf.js, whose legacy build replaces them with core-js's slow polyfills", async (ctx) => {
    skipWithout(ctx, 'pdfjs-dist');
    const loaded = await loadOptional('pdfjs-dist', 'pdfjs-dist/legacy/build/pdf.min.mjs');
    expect('module' in loaded).toBe(true);
    expect(JSON.stringify).toBe(NATIVE.stringify);
    expect(JSON.parse).toBe(NATIVE.parse);
    expect(Array.prototype.push).toBe(NATIVE.push);
  });

  it("with 'require', gives a CommonJS package's exports (sharp's factory) once per process", async (ctx) => {
    skipWithout(ctx, 'sharp');
    type Factory = (input: Buffer, o: { raw: { width: number; height: number; channels: 3 } }) => unknown;
    const first = await loadOptional<Factory>('sharp', 'sharp', 'require');
    if (!('module' in first)) throw new Error(first.degraded.reason);
    expect(typeof first.module).toBe('function');
    const png = await (
      first.module(Buffer.alloc(4 * 4 * 3, 200), { raw: { width: 4, height: 4, channels: 3 } }) as {
        png(): { toBuffer(): Promise<Buffer> };
      }
    )
      .png()
      .toBuffer();
    expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    expect(await loadOptional('sharp', 'sharp', 'require')).toBe(first);
  });

  it("with 'require', a package that is not installed degrades with a reason naming it", async () => {
    const loaded = await loadOptional('no-such-package-pixie', 'no-such-package-pixie', 'require');
    expect(loaded).toEqual({
      degraded: {
        package: 'no-such-package-pixie',
        install: 'npm install no-such-package-pixie',
        reason: expect.stringMatching(
          /^no-such-package-pixie could not be loaded \(Cannot find module 'no-such-package-pixie'/,
        ),
      },
    });
  });
});
