// Preloaded into pixie's own node process (never the tool's) by runPixieMeasured: on exit it writes
// the process's peak resident memory in MiB to PIXIE_TEST_PEAK_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.PIXIE_TEST_PEAK_FILE;
if (file) {
  process.on('exit', () => {
    writeFileSync(file, String(Math.round(process.resourceUsage().maxRSS / 1024)));
  });
}
