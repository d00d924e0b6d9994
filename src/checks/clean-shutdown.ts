import { SHUTDOWN_GRACE_MS } from '../tool/spawn.js';
import type { MessageTable } from '../util/message-table.js';
import type { Check, Shutdown, ValidationState } from './types.js';

const messages = {
  exit: (signal: string | null, code: number | null) => (signal ? `signal ${signal}` : `exit=${code}`),
  exited: (grace: number, exit: string) => `process group exited within ${grace} s of SIGTERM (${exit})`,
  survived: (processes: string[]) =>
    `${processes.length} process(es) of the tool survived SIGKILL and are still running: ${processes.slice(0, 5).join(', ')}`,
  uncontained: (why: string) =>
    `pixie could not contain the tool's processes (${why}): a process of the tool that left its process group and dropped PIXIE_RUN_ID from its environment may still be running`,
  killed: (n: number, grace: number, exit: string) =>
    `${n} process(es) of the tool were still running ${grace} s after SIGTERM and were killed with SIGKILL (${exit})`,
  escaped: (n: number) =>
    `${n} process(es) of the tool had left its process group (setsid or detached); pixie stopped them, but a launcher that stops the group would leave them running`,
  listened: (addresses: string[]) =>
    `a process of the tool listened beyond loopback on ${addresses.join(', ')} (reachable from other machines)`,
  killByHand: () => 'stop these processes by hand (kill -9 <pid>)',
  handleSigterm: (noneSurvived: boolean) =>
    `handle SIGTERM: close the server and exit, and make child processes exit too${noneSurvived ? '; no process survived' : ''}`,
  keepInGroup: () =>
    "keep child processes in the tool's process group (do not detach them), and stop them when the tool gets SIGTERM",
  bindLoopback: () => 'bind 127.0.0.1, never 0.0.0.0 or ::',
  useSubreaper: () => 'run pixie on Linux with Python 3 on PATH so that it runs tools under its subreaper',
} satisfies MessageTable;

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
  messages,
  async run({ state }) {
    const { lateListeners, result } = await beginShutdown(state);
    const exit = messages.exit(result.signal, result.exitCode);
    const grace = SHUTDOWN_GRACE_MS / 1000;
    // never pass while a process of the run is alive, or when pixie could not know
    const notes: string[] = [];
    if (result.survivors.length) notes.push(messages.survived(result.survivors));
    if (result.uncontained) notes.push(messages.uncontained(result.uncontained));
    if (!result.graceful) notes.push(messages.killed(result.killed, grace, exit));
    else if (result.escaped) notes.push(messages.escaped(result.escaped));
    if (lateListeners.length) notes.push(messages.listened(lateListeners));
    if (!notes.length) return { status: 'pass', message: messages.exited(grace, exit) };
    const fixes: string[] = [];
    if (result.survivors.length) fixes.push(messages.killByHand());
    if (!result.graceful) fixes.push(messages.handleSigterm(!result.survivors.length));
    else if (result.escaped) fixes.push(messages.keepInGroup());
    if (lateListeners.length) fixes.push(messages.bindLoopback());
    if (result.uncontained) fixes.push(messages.useSubreaper());
    return {
      status: 'warn',
      message: notes[0]!,
      details: [...notes.slice(1), ...fixes].join('\n'),
    };
  },
};
