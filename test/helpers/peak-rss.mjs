// Preloaded into pixie's own node process (never the tool's) by runPixieMeasured: on exit it writes
// the process's peak resident memory in MiB to PIXIE_TEST_PEAK_FILE. It reads VmHWM, not
// resourceUsage().maxRSS: Linux carries maxRSS across fork and exec, so pixie would report the peak
// of the test worker that started it.
import { readFileSync, writeFileSync } from 'node:fs';

function peakKib() {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]);
  } catch {}
  return process.resourceUsage().maxRSS;
}

const file = process.env.PIXIE_TEST_PEAK_FILE;
if (file) {
  process.on('exit', () => {
    writeFileSync(file, String(Math.round(peakKib() / 1024)));
  });
}
