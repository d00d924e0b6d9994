// Check 11 control: starts a helper child (`sleep 300`) in its own process group, and exits on
// SIGTERM without stopping it. pixie signals the whole group, so the child goes too.
import { spawn } from 'node:child_process';
import { serveTool } from '../_shared/tool-server.mjs';

spawn('sleep', ['300'], { stdio: 'ignore' });
serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a + inputs.b }) });
