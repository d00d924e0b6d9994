// The tool starts first: its process is launched from a plain read of tool.json before the static
// checks run, so that its start-up overlaps them (docs/checks.md, check 6). Check 6 adopts it when
// the checks agree on how to start it (same entrypoint, interpreter, environment names and start-up
// deadline), else stops it and starts the tool again; when check 6 does not run, the validation
// stops it and nothing is reported about it. Only what check 1 would run is ever started: an
// entrypoint that is a regular, readable file inside the tool folder. `pixie validate <tool>` starts
// it sooner still, before pixie loads the rest of itself (prelaunch()); this module stays light
// for that (the comparators' warm-up is validation/warm-comparators.ts).
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { checkUserFile, readUserFile } from '../source/user-file.js';
import type { Manifest } from '../model/manifest.js';
import { resolveEntrypoint, runtimeFor, type Runtime } from '../tool/runtime.js';
import { type StartResult, startTool } from '../tool/spawn.js';
import { isPlainObject } from '../util/is-plain-object.js';
import type { ValidateOptions } from '../model/options.js';
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

/** How tool.json, read plainly, says to start the tool; null when the static checks would not run it. */
function planFor(toolDir: string, options: Pick<ValidateOptions, 'project' | 'healthTimeoutMs'>): StartPlan | null {
  const read = readUserFile(toolDir, 'tool.json');
  if (!read.ok) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text);
  } catch {
    return null;
  }
  if (!isPlainObject(raw)) return null;
  const entrypoint = resolveEntrypoint(toolDir, raw.entrypoint);
  if (!entrypoint) return null;
  const runtime = runtimeFor(toolDir, entrypoint);
  const file = checkUserFile(toolDir, entrypoint);
  if (!runtime || !file.ok) return null;
  try {
    accessSync(file.realPath, constants.R_OK);
  } catch {
    return null;
  }
  const seconds = raw.startup_timeout_seconds;
  const manifest = { startup_timeout_seconds: typeof seconds === 'number' ? seconds : undefined } as Manifest;
  return {
    entrypoint,
    runtime,
    passEnv: passedNames(raw as Pick<Manifest, 'secrets'>, options),
    healthTimeoutMs: startupTimeoutMs(manifest, options),
  };
}

function launchPlan(toolDir: string, plan: StartPlan): EarlyStart {
  let tellPid!: (pid: number | null) => void;
  const pid = new Promise<number | null>((resolve) => {
    tellPid = resolve;
  });
  const result = startTool({ toolDir, ...plan, onPid: tellPid }).catch(() => null);
  void result.then(() => tellPid(null)); // no-op once the pid was told
  return { plan, result, pid };
}

/** A tool launched by prelaunch(), waiting for the validation of its folder to take it. */
let prelaunched: { toolDir: string; early: EarlyStart } | null = null;

/**
 * Launches the tool now if tool.json says plainly how; never throws. A tool prelaunched for this
 * folder is taken instead when it was started the same way (else it is stopped).
 */
export function startEarly(toolDir: string, options: ValidateOptions): EarlyStart | null {
  let plan: StartPlan | null;
  try {
    plan = planFor(toolDir, options);
  } catch {
    plan = null;
  }
  const pre = prelaunched?.toolDir === path.resolve(toolDir) ? prelaunched.early : null;
  if (pre) prelaunched = null;
  if (pre && plan && samePlan(pre.plan, plan)) return pre;
  if (pre) void stopEarly(pre);
  return plan ? launchPlan(toolDir, plan) : null;
}

/**
 * `pixie validate <tool>` launches the tool before loading the checks (the next startEarly() for
 * `toolDir` takes it), so its start-up overlaps pixie's own; never throws.
 */
export function prelaunch(toolDir: string, options: Pick<ValidateOptions, 'project' | 'healthTimeoutMs'>): void {
  if (prelaunched) return;
  try {
    const plan = planFor(toolDir, options);
    if (plan) prelaunched = { toolDir: path.resolve(toolDir), early: launchPlan(toolDir, plan) };
  } catch {
    // only a head start: the validation starts the tool itself
  }
}

/** Settles once the prelaunched tool's process exists (or could not start): loading more before that would only slow its launch. */
export async function prelaunchedProcess(): Promise<void> {
  await prelaunched?.early.pid;
}

/** Stops a prelaunched tool no validation took (the command ended before one ran). */
export async function dropPrelaunched(): Promise<void> {
  const pre = prelaunched;
  prelaunched = null;
  if (pre) await stopEarly(pre.early);
}

/** Stops a tool started early that no check adopted. */
export async function stopEarly(early: EarlyStart): Promise<void> {
  const result = await early.result;
  if (result?.ok) await result.tool.stop();
}
