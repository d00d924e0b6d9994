// How tool.json, read plainly, says to start a tool, and a launch from that plan ahead of the checks
// (docs/checks.md, check 6). Check 6 adopts an early launch when its own plan is the same, else stops
// it. Only what check 1 would run is started: an entrypoint that is a regular, readable file inside
// the tool folder. workflows/startup.ts decides when this runs.
import { accessSync, constants } from 'node:fs';
import type { Manifest } from '../model/manifest.js';
import type { ValidateOptions } from '../model/options.js';
import { checkUserFile, readUserFile } from '../source/user-file.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { resolveEntrypoint, type Runtime, runtimeFor } from './runtime.js';
import { type StartResult, startTool } from './spawn.js';
import { startupTimeoutMs } from './timeouts.js';

export interface StartPlan {
  entrypoint: string;
  runtime: Runtime;
  passEnv: string[];
  healthTimeoutMs: number | undefined;
}

export interface EarlyStart {
  plan: StartPlan;
  result: Promise<StartResult | null>;
  /** the tool's process, once it exists (null if it never started) */
  pid: Promise<number | null>;
}

/** The names a tool's environment takes from pixie's: declared secrets and the project's env.pass. */
export function passedNames(manifest: Pick<Manifest, 'secrets'>, options: Pick<ValidateOptions, 'project'>): string[] {
  const secrets = Array.isArray(manifest.secrets) ? manifest.secrets : [];
  return [
    ...secrets.map((s) => (isPlainObject(s) && typeof s.key === 'string' ? s.key : '')).filter(Boolean),
    ...(options.project?.passEnv ?? []),
  ];
}

/** Whether two plans start the same process the same way. */
export function samePlan(a: StartPlan, b: StartPlan): boolean {
  return (
    a.entrypoint === b.entrypoint &&
    a.runtime.command === b.runtime.command &&
    a.runtime.preArgs.join('\0') === b.runtime.preArgs.join('\0') &&
    a.passEnv.join('\0') === b.passEnv.join('\0') &&
    a.healthTimeoutMs === b.healthTimeoutMs
  );
}

/** How tool.json, read plainly, says to start the tool; null when the static checks would not run it. Never throws. */
export function startPlanFor(
  toolDir: string,
  options: Pick<ValidateOptions, 'project' | 'healthTimeoutMs'>,
): StartPlan | null {
  try {
    const read = readUserFile(toolDir, 'tool.json');
    if (!read.ok) return null;
    const raw: unknown = JSON.parse(read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text);
    if (!isPlainObject(raw)) return null;
    const entrypoint = resolveEntrypoint(toolDir, raw.entrypoint);
    if (!entrypoint) return null;
    const runtime = runtimeFor(toolDir, entrypoint);
    const file = checkUserFile(toolDir, entrypoint);
    if (!runtime || !file.ok) return null;
    accessSync(file.realPath, constants.R_OK);
    const seconds = raw.startup_timeout_seconds;
    const manifest = { startup_timeout_seconds: typeof seconds === 'number' ? seconds : undefined } as Manifest;
    return {
      entrypoint,
      runtime,
      passEnv: passedNames(raw as Pick<Manifest, 'secrets'>, options),
      healthTimeoutMs: startupTimeoutMs(manifest, options),
    };
  } catch {
    // unreadable, not JSON, not readable by us: the static checks say why
    return null;
  }
}

/** Starts the tool by its plan now; `pid` settles once its process exists. */
export function launchEarly(toolDir: string, plan: StartPlan): EarlyStart {
  let tellPid!: (pid: number | null) => void;
  const pid = new Promise<number | null>((resolve) => {
    tellPid = resolve;
  });
  const result = startTool({ toolDir, ...plan, onPid: tellPid }).catch(() => null);
  void result.then(() => tellPid(null)); // no-op once the pid was told
  return { plan, result, pid };
}

/** Stops a tool started early that no check adopted. */
export async function stopEarly(early: EarlyStart): Promise<void> {
  const result = await early.result;
  if (result?.ok) await result.tool.stop();
}
