// Run in a child process (pdf.js and the canvas package load once per process): compares each
// "expected:actual[:mode]" pair with comparePdf and prints, per pair, the result and whether the canvas
// package had been loaded (it is in Node's module cache) and DOMMatrix defined by then, as JSON.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { comparePdf } from '../../../src/comparators/pdf/pdf.js';

const dir = new URL('./', import.meta.url);
const cache = createRequire(import.meta.url).cache;
const out = [];
for (const pair of process.argv.slice(2)) {
  const [e, a, mode = 'text'] = pair.split(':') as [string, string, string?];
  const r = await comparePdf(readFileSync(new URL(e, dir)), readFileSync(new URL(a, dir)), { pdf_compare: mode });
  out.push({
    status: r.status,
    metric: r.metric,
    canvasLoaded: Object.keys(cache).some((k) => k.includes(`${'@napi-rs'}/canvas`)),
    DOMMatrix: typeof (globalThis as Record<string, unknown>).DOMMatrix,
  });
}
process.stdout.write(JSON.stringify(out));
