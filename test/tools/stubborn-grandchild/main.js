// Warns in check 11: a shell that ignores SIGTERM runs `sleep 300` (which inherits the ignored
// signal). The tool itself exits on SIGTERM, the two descendants do not: pixie must kill them.
import { spawn } from 'node:child_process';
import { serveTool } from '../_shared/tool-server.mjs';

spawn('sh', ['-c', 'trap "" TERM; sleep 300; echo done'], { stdio: 'ignore' });
serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a + inputs.b }) });
