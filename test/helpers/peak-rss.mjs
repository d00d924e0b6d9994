// Preloaded into pixie's own node process (never the tool's) by runPixieMeasured: on exit it writes
// the process's peak resident memory in MiB to PIXIE_TEST_PEAK_FILE (VmHWM, as bench/peak-rss.mjs
// reads it: Linux carries resourceUsage().maxRSS over from the test worker that started pixie).
import { writeFileSync } from 'node:fs';
import { peakKib } from '../../bench/peak-rss.mjs';

const file = process.env.PIXIE_TEST_PEAK_FILE;
if (file) {
  process.on('exit', () => {
    writeFileSync(file, String(Math.round(peakKib() / 1024)));
  });
}
