import type { Manifest } from '../tool/manifest-types.js';
import { toolEnvironment } from '../tool/environment.js';
import { startTool } from '../tool/spawn.js';
import type { ValidateOptions } from '../validation/options.js';
import { startupTimeoutMs } from '../validation/timeouts.js';
import type { Check } from './types.js';

/** Variables a tool gets from pixie's environment: its declared secrets and the project's env.pass. */
export function passedVariables(manifest: Manifest, options: ValidateOptions): string[] {
  return [...(manifest.secrets ?? []).map((s) => s.key), ...(options.project?.passEnv ?? [])];
}

export const toolSpawns: Check = {
  name: 'tool_spawns',
  phase: 'contract',
  requires: ['tool_json_parses', 'runtime_ready'],
  startsTool: true,
  async run({ toolDir, state, options }) {
    if (!state.entrypoint || !state.runtime)
      return { status: 'skip', message: 'skipped: no runnable entrypoint (check 1)' };
    const manifest = state.manifest!;
    // declared secrets and the project's env.pass reach the tool; the report names them, never their values
    const passEnv = passedVariables(manifest, options);
    const environment = toolEnvironment(toolDir, passEnv).summary;
    state.environment = environment;
    const required = (manifest.secrets ?? []).filter((s) => s.required && environment.missing.includes(s.key));
    for (const s of required)
      state.warnings.push(
        `secret ${s.key} is required by tool.json but set neither in pixie's environment nor in the tool's .env`,
      );
    const result = await startTool({
      toolDir,
      entrypoint: state.entrypoint,
      runtime: state.runtime,
      healthTimeoutMs: startupTimeoutMs(manifest, options),
      passEnv,
    });
    if (!result.ok) {
      state.spawnLog = result.stderr || null;
      const tail = result.stderr.trim().split('\n').slice(-30).join('\n');
      return {
        status: 'fail',
        message: `tool failed to become healthy: ${result.message}`,
        details: `${result.details}${tail ? `\n--- stderr (last lines) ---\n${tail}` : '\n(the tool wrote nothing to stderr)'}`,
      };
    }
    state.tool = result.tool;
    const healthy = `/healthz returned 200 on port ${result.tool.port} after ${(result.durationMs / 1000).toFixed(1)} s`;
    // a tool under validation is only ever asked on 127.0.0.1; anything wider exposes it to the network
    const exposed = result.tool.exposedListeners();
    state.exposedListeners = exposed;
    if (exposed.length)
      return {
        status: 'warn',
        message: `the tool listens beyond loopback on ${exposed.join(', ')}, reachable from other machines (${healthy})`,
        details:
          'bind 127.0.0.1 (the host pixie and the platform use), never 0.0.0.0, :: or a network address; check 11 also names listeners opened later',
      };
    return { status: 'pass', message: healthy };
  },
};
