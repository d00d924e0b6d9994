// Check 11: starts `sleep 300` detached (a new session and process group, as setsid does), so a
// signal to the tool's group never reaches it. Only pixie's PIXIE_RUN_ID sweep can find it.
import { spawn } from 'node:child_process';
import { serveTool } from '../_shared/tool-server.mjs';

spawn('sleep', ['300'], { stdio: 'ignore', detached: true }).unref();
serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a + inputs.b }) });
