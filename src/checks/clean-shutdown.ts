import { SHUTDOWN_GRACE_MS } from '../tool/spawn.js';
import type { Check, Shutdown, ValidationState } from './types.js';

/**
 * Notes what only the running tool can show (its peak memory, listeners opened since start-up) and
 * stops it; once per run, whoever asks first (the fixtures check, or check 11).
 */
export function beginShutdown(state: ValidationState): Promise<Shutdown> {
  state.shutdown ??= (async () => {
    const tool = state.tool!;
    const look = tool.lastLook();
    state.peakMemoryMb = look.peakMemoryMb;
    // listeners opened after start-up (check 6 saw those of start-up)
    const lateListeners = look.exposedListeners.filter((a) => !state.exposedListeners?.includes(a));
    const result = await tool.stop(SHUTDOWN_GRACE_MS);
    state.stopResult = result;
    state.spawnLog = tool.stderrText() || null;
    return { lateListeners, result };
  })();
  return state.shutdown;
}

export const cleanShutdown: Check = {
  name: 'clean_shutdown',
  phase: 'contract',
  requires: ['tool_spawns'],
  startsTool: true,
  runsLast: true,
  async run({ state }) {
    const { lateListeners, result } = await beginShutdown(state);
    const exit = result.signal ? `signal ${result.signal}` : `exit=${result.exitCode}`;
    const grace = SHUTDOWN_GRACE_MS / 1000;
    // never pass while a process of the run is alive, or when pixie could not know
    const notes: string[] = [];
    if (result.survivors.length)
      notes.push(
        `${result.survivors.length} process(es) of the tool survived SIGKILL and are still running: ${result.survivors.slice(0, 5).join(', ')}`,
      );
    if (result.uncontained)
      notes.push(
        `pixie could not contain the tool's processes (${result.uncontained}): a process of the tool that left its process group and dropped PIXIE_RUN_ID from its environment may still be running`,
      );
    if (!result.graceful)
      notes.push(
        `${result.killed} process(es) of the tool were still running ${grace} s after SIGTERM and were killed with SIGKILL (${exit})`,
      );
    else if (result.escaped)
      notes.push(
        `${result.escaped} process(es) of the tool had left its process group (setsid or detached); pixie stopped them, but a launcher that stops the group would leave them running`,
      );
    if (lateListeners.length)
      notes.push(
        `a process of the tool listened beyond loopback on ${lateListeners.join(', ')} (reachable from other machines)`,
      );
    if (!notes.length)
      return { status: 'pass', message: `process group exited within ${grace} s of SIGTERM (${exit})` };
    const fixes: string[] = [];
    if (result.survivors.length) fixes.push('stop these processes by hand (kill -9 <pid>)');
    if (!result.graceful)
      fixes.push(
        `handle SIGTERM: close the server and exit, and make child processes exit too${result.survivors.length ? '' : '; no process survived'}`,
      );
    else if (result.escaped)
      fixes.push(
        "keep child processes in the tool's process group (do not detach them), and stop them when the tool gets SIGTERM",
      );
    if (lateListeners.length) fixes.push('bind 127.0.0.1, never 0.0.0.0 or ::');
    if (result.uncontained)
      fixes.push('run pixie on Linux with Python 3 on PATH so that it runs tools under its subreaper');
    return {
      status: 'warn',
      message: notes[0]!,
      details: [...notes.slice(1), ...fixes].join('\n'),
    };
  },
};
