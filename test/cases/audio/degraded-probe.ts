// Run in a child process with PIXIE_DISABLE_OPTIONAL=fft.js (loadOptional caches per process):
// compares the given case pairs and prints the results as JSON on stdout.
import { readFileSync } from 'node:fs';
import { audioComparator } from '../../../src/comparators/audio/audio.js';
import { wavDataUrl } from '../../../src/comparators/audio/wav.js';

const dir = new URL('./', import.meta.url);
const pairs = process.argv.slice(2).map((p) => p.split(':') as [string, string]);
const out = [];
for (const [e, a] of pairs) {
  const load = (f: string): string => wavDataUrl(readFileSync(new URL(f, dir)));
  const r = await audioComparator.compare({ key: 'audio', type: 'audio', expected: load(e), actual: load(a), tolerance: {} });
  out.push({ status: r.status, metric: r.metric, rule: r.rule, degraded: r.degraded ?? null, differences: r.differences ?? [] });
}
process.stdout.write(JSON.stringify(out));
