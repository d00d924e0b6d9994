// Hostile (check 11, fallback): starts a detached child (its own session) that keeps PIXIE_RUN_ID.
// test/hostile-processes.test.ts validates it with no python3 on PATH, so pixie has no subreaper:
// the marker sweep must still stop the child, and check 11 must say what it could not contain.
import { spawn } from 'node:child_process';
import { serveTool } from '../_shared/tool-server.mjs';

spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', 'pixie-hostile:hostile-no-subreaper'], {
  stdio: 'ignore',
  detached: true,
}).unref();
serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a + inputs.b }) });
