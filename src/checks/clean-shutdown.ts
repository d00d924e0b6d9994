import { SHUTDOWN_GRACE_MS } from '../tool/spawn.js';
import type { Check } from './types.js';

export const cleanShutdown: Check = {
  name: 'clean_shutdown',
  phase: 'contract',
  requires: ['tool_spawns'],
  startsTool: true,
  runsLast: true,
  async run({ state }) {
    const tool = state.tool!;
    state.peakMemoryMb = tool.peakMemoryMb();
    const result = await tool.stop(SHUTDOWN_GRACE_MS);
    state.stopResult = result;
    state.spawnLog = tool.stderrText() || null;
    const exit = result.signal ? `signal ${result.signal}` : `exit=${result.exitCode}`;
    const grace = SHUTDOWN_GRACE_MS / 1000;
    if (result.graceful && result.escaped === 0)
      return { status: 'pass', message: `process group exited within ${grace} s of SIGTERM (${exit})` };
    if (result.graceful) {
      return {
        status: 'warn',
        message: `${result.escaped} process(es) of the tool had left its process group (setsid or detached); pixie stopped them, but a launcher that stops the group would leave them running`,
        details:
          "keep child processes in the tool's process group (do not detach them), and stop them when the tool gets SIGTERM",
      };
    }
    return {
      status: 'warn',
      message: `${result.killed} process(es) of the tool were still running ${grace} s after SIGTERM and were killed with SIGKILL (${exit})`,
      details: 'handle SIGTERM: close the server and exit, and make child processes exit too; no process survived',
    };
  },
};
