// Run in a child process with PIXIE_DISABLE_OPTIONAL=pdfjs-dist (loadOptional caches per process):
// compares the given case pairs with comparePdf and prints the results as JSON on stdout.
import { readFileSync } from 'node:fs';
import { comparePdf } from '../../../src/comparators/pdf/pdf.js';

const dir = new URL('./', import.meta.url);
// PIXIE_PROBE_TOLERANCE: the tolerance as JSON (default {})
const tolerance = JSON.parse(process.env.PIXIE_PROBE_TOLERANCE ?? '{}') as Record<string, unknown>;
const out = [];
for (const pair of process.argv.slice(2)) {
  const [e, a] = pair.split(':') as [string, string];
  const r = await comparePdf(readFileSync(new URL(e, dir)), readFileSync(new URL(a, dir)), tolerance);
  out.push({ status: r.status, metric: r.metric, rule: r.rule, degraded: r.degraded ?? null });
}
process.stdout.write(JSON.stringify(out));
