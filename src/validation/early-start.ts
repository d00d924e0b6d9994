// The tool starts first: its process is launched from a plain read of tool.json before the static
// checks run, so that its start-up overlaps them (docs/checks.md, check 6). Check 6 adopts it when
// the checks agree on how to start it (same entrypoint, interpreter, environment names and start-up
// deadline), else stops it and starts the tool again; when check 6 does not run, the validation
// stops it and nothing is reported about it. Only what check 1 would run is ever started: an
// entrypoint that is a regular, readable file inside the tool folder.
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { COMPARATORS } from '../comparators/index.js';
import { checkUserFile, readUserFile } from '../source/user-file.js';
import type { Manifest, OutputType } from '../tool/manifest-types.js';
import { resolveEntrypoint, runtimeFor, type Runtime } from '../tool/runtime.js';
import { type StartResult, startTool } from '../tool/spawn.js';
import { isPlainObject } from '../util/is-plain-object.js';
import type { ValidateOptions } from './options.js';
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
function planFor(toolDir: string, options: ValidateOptions): StartPlan | null {
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

/** Launches the tool now if tool.json says plainly how; never throws. */
export function startEarly(toolDir: string, options: ValidateOptions): EarlyStart | null {
  let plan: StartPlan | null;
  try {
    plan = planFor(toolDir, options);
  } catch {
    return null;
  }
  if (!plan) return null;
  let tellPid!: (pid: number | null) => void;
  const pid = new Promise<number | null>((resolve) => {
    tellPid = resolve;
  });
  const result = startTool({ toolDir, ...plan, onPid: tellPid }).catch(() => null);
  warmComparators(toolDir);
  void result.then(() => tellPid(null)); // no-op once the pid was told
  return { plan, result, pid };
}

/** Starts loading the packages the comparators of tool.json's outputs will need, while the tool starts. */
function warmComparators(toolDir: string): void {
  try {
    if (!existsSync(path.join(toolDir, 'reference'))) return;
    const read = readUserFile(toolDir, 'tool.json');
    const raw: unknown = read.ok ? JSON.parse(read.text.replace(/^\uFEFF/, '')) : null;
    const outputs = isPlainObject(raw) && Array.isArray(raw.outputs) ? raw.outputs : [];
    for (const o of outputs)
      if (isPlainObject(o) && typeof o.type === 'string' && Object.hasOwn(COMPARATORS, o.type))
        COMPARATORS[o.type as OutputType].warm?.(o);
  } catch {
    // only a head start: check 12 loads what it needs anyway
  }
}

/** Stops a tool started early that no check adopted. */
export async function stopEarly(early: EarlyStart): Promise<void> {
  const result = await early.result;
  if (result?.ok) await result.tool.stop();
}
