import { describe, expect, it } from 'vitest';
import { loadOptional } from './optional-module.js';

// taken before anything in this file loads pdf.js (core-js makes its polyfills print as native code)
const NATIVE = { stringify: JSON.stringify, parse: JSON.parse, push: Array.prototype.push };

describe('loadOptional', () => {
  it("keeps JSON.stringify, JSON.parse and Array.prototype.push native after loading pdf.js, whose legacy build replaces them with core-js's slow polyfills", async () => {
    const loaded = await loadOptional('pdfjs-dist', 'pdfjs-dist/legacy/build/pdf.mjs');
    expect('module' in loaded).toBe(true);
    expect(JSON.stringify).toBe(NATIVE.stringify);
    expect(JSON.parse).toBe(NATIVE.parse);
    expect(Array.prototype.push).toBe(NATIVE.push);
  });
});
