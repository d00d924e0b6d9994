// Preloaded into a pixie process by bench/scaling.ts (node --import): on exit, writes the process's
// own peak resident memory (KiB) to $PIXIE_BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.PIXIE_BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
