// Preloaded into a pixie process by bench/scaling.ts (node --import): on exit, writes the process's
// own peak resident memory (KiB) to $PIXIE_BENCH_RSS_FILE. It reads VmHWM, not resourceUsage().maxRSS:
// Linux carries maxRSS across fork and exec, so a child of a large bench process would report the
// parent's peak as its own.
import { readFileSync, writeFileSync } from 'node:fs';

/** This process's peak resident memory, KiB (also for test/helpers/peak-rss.mjs and bench/fixture-load.ts). */
export function peakKib() {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]);
  } catch {}
  return process.resourceUsage().maxRSS;
}

const file = process.env.PIXIE_BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(peakKib())));
