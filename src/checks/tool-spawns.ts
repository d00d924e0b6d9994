import { readReferenceAhead } from '../reference/read-reference.js';
import { readableByTool, toolEnvironment } from '../tool/environment.js';
import { type StartResult, startTool } from '../tool/spawn.js';
import { passedNames, samePlan, type StartPlan, stopEarly } from '../tool/start-plan.js';
import { startupTimeoutMs } from '../tool/timeouts.js';
import type { MessageTable } from '../util/message-table.js';
import type { Check, ValidationState } from './types.js';

const messages = {
  noEntrypoint: () => 'skipped: no runnable entrypoint (check 1)',
  secretUnset: (key: string) =>
    `secret ${key} is required by tool.json but set neither in pixie's environment nor in the tool's .env`,
  unhealthy: (why: string) => `tool failed to become healthy: ${why}`,
  /** what starting the tool said, then the last lines of its stderr (or that it wrote none) */
  startDetails: (details: string, stderrTail: string) =>
    `${details}${stderrTail ? `\n--- stderr (last lines) ---\n${stderrTail}` : '\n(the tool wrote nothing to stderr)'}`,
  healthy: (port: number, ms: number) => `/healthz returned 200 on port ${port} after ${(ms / 1000).toFixed(1)} s`,
  exposed: (addresses: string[]) =>
    `the tool listens beyond loopback on ${addresses.join(', ')}, reachable from other machines`,
  withHealthy: (note: string, healthy: string) => `${note} (${healthy})`,
  environReadable: (names: string[], why: string) =>
    `the tool could read ${names.length} variable(s) of pixie's environment it was not given (${names.slice(0, 5).join(', ')}${names.length > 5 ? `, … (${names.length} in all)` : ''}) in /proc/<pid>/environ of pixie's processes: it ran in pixie's process namespace (${why})`,
  isolate: () =>
    "run pixie on Linux with python3 on PATH, as root or where user namespaces are allowed (sysctl kernel.unprivileged_userns_clone=1, kernel.apparmor_restrict_unprivileged_userns=0), so that each tool runs in a PID namespace of its own; until then, start pixie with only the variables its tools may see (env -i, or your CI's step env)",
  bindLoopback: () =>
    'bind 127.0.0.1 (the host pixie and the platform use), never 0.0.0.0, :: or a network address; check 11 also names listeners opened later',
} satisfies MessageTable;

/**
 * The tool started before the static checks (workflows/startup.ts) if it was started as `plan`
 * says, else a fresh start. While an early start boots, reference/ is read for check 12 when nothing
 * can change it before then (validateTool's single pass: not --watch, --explore or the Vitest run).
 */
async function started(
  toolDir: string,
  state: ValidationState,
  plan: StartPlan,
  projectComparators: readonly string[],
): Promise<StartResult> {
  const early = state.early;
  state.early = undefined;
  const adopted = early && samePlan(early.plan, plan);
  if (adopted && state.stopAfterFixtures && state.manifest)
    state.referenceRead = readReferenceAhead(toolDir, state.manifest, projectComparators);
  const result = adopted ? await early.result : null;
  if (result) return result;
  if (early) await stopEarly(early);
  return startTool({ toolDir, ...plan });
}

export const toolSpawns: Check = {
  name: 'tool_spawns',
  phase: 'contract',
  requires: ['tool_json_parses', 'runtime_ready'],
  startsTool: true,
  messages,
  async run({ toolDir, state, options }) {
    if (!state.entrypoint || !state.runtime) return { status: 'skip', message: messages.noEntrypoint() };
    const manifest = state.manifest!;
    // declared secrets and the project's env.pass reach the tool; the report names them, never their values
    const passEnv = passedNames(manifest, options);
    const environment = toolEnvironment(toolDir, passEnv).summary;
    state.environment = environment;
    const required = (manifest.secrets ?? []).filter((s) => s.required && environment.missing.includes(s.key));
    for (const s of required) state.warnings.push(messages.secretUnset(s.key));
    const result = await started(
      toolDir,
      state,
      {
        entrypoint: state.entrypoint,
        runtime: state.runtime,
        healthTimeoutMs: startupTimeoutMs(manifest, options),
        passEnv,
      },
      Object.keys(options.project?.comparators?.modules ?? {}),
    );
    // a tool that can see pixie's processes can read their environment: what pixie withheld is not withheld
    const shared = result.ok ? result.tool.sharedProcesses : (result.sharedProcesses ?? null);
    if (shared !== null) state.environment = readableByTool(environment, shared);
    if (!result.ok) {
      state.spawnLog = result.stderr || null;
      const tail = result.stderr.trim().split('\n').slice(-30).join('\n');
      return {
        status: 'fail',
        message: messages.unhealthy(result.message),
        details: messages.startDetails(result.details, tail),
      };
    }
    state.tool = result.tool;
    state.referenceSeal = result.tool.referenceSeal;
    const healthy = messages.healthy(result.tool.port, result.durationMs);
    const notes: string[] = [];
    const fixes: string[] = [];
    // a tool under validation is only ever asked on 127.0.0.1; anything wider exposes it to the network
    const exposed = result.tool.exposedAtStart;
    state.exposedListeners = exposed;
    if (exposed.length) {
      notes.push(messages.exposed(exposed));
      fixes.push(messages.bindLoopback());
    }
    if (shared !== null && environment.withheld.length) {
      notes.push(messages.environReadable(environment.withheld, shared));
      fixes.push(messages.isolate());
    }
    if (!notes.length) return { status: 'pass', message: healthy };
    return {
      status: 'warn',
      message: messages.withHealthy(notes[0]!, healthy),
      details: [...notes.slice(1), ...fixes].join('\n'),
    };
  },
};
