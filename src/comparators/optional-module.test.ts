import { describe, expect, it } from 'vitest';
import { loadOptional } from './optional-module.js';

// taken before anything in this file loads pdf.js (core-js makes its polyfills print as native code)
const NATIVE = { stringify: JSON.stringify, parse: JSON.parse };

describe('loadOptional', () => {
  it("keeps JSON.stringify and JSON.parse native after loading pdf.js, whose legacy build replaces them with core-js's slow polyfills", async () => {
    const loaded = await loadOptional('pdfjs-dist', 'pdfjs-dist/legacy/build/pdf.mjs');
    expect('module' in loaded).toBe(true);
    expect(JSON.stringify).toBe(NATIVE.stringify);
    expect(JSON.parse).toBe(NATIVE.parse);
  });
});
