// Check 11: starts `sleep 300` detached AND with a fresh environment, as a tool launching a helper
// daemon with `env: {}` would. It is outside the process group and carries no PIXIE_RUN_ID, so
// neither killpg nor the environment-marker sweep reaches it; only its working directory (this
// folder) still ties it to the tool.
import { spawn } from 'node:child_process';
import { serveTool } from '../_shared/tool-server.mjs';

spawn('/bin/sleep', ['300'], { stdio: 'ignore', detached: true, env: {} }).unref();
serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a + inputs.b }) });
