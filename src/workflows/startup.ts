// Start-up, in the order things start, so that a tool boots while pixie loads and checks:
//   1. the launcher (tool/launch.ts), before pixie loads the rest of itself;
//   2. the named tool, from a plain read of tool.json, when no project config could change how it
//      starts and the run surely validates it as it is (beforeLoading);
//   3. at the start of each validation, the tool (or the prelaunched one), for check 6 to adopt (startEarly);
//   4. while it boots, the packages its outputs' comparators need (warmComparators).
// Only type imports at the top: each stage loads its modules when it starts.
import type { OutputType } from '../model/manifest.js';
import type { ValidateOptions } from '../model/options.js';
import type { EarlyStart } from '../tool/start-plan.js';

export interface StartupRequest {
  /** the tool named on the command line (else the one around the current directory) */
  target?: string;
  all?: boolean;
  toolsDir?: string;
  /** --startup-timeout, seconds */
  startupTimeout?: number;
  /** the run may start tools more than once (many tools, --watch, --explore): keep a launcher waiting */
  restarts: boolean;
  /** the run validates that tool as it is (not --changed, --watch, an update, a shard, a filtered --all) */
  prelaunch: boolean;
}

/** A tool launched by stage 2, waiting for the validation of its folder to take it. */
let prelaunched: { toolDir: string; early: EarlyStart } | null = null;

/** Stages 1 and 2; settles once the prelaunched tool's process exists (loading more before that would slow its launch). */
export async function beforeLoading(request: StartupRequest): Promise<void> {
  const { prepareLauncher } = await import('../tool/launch.js');
  prepareLauncher({ keep: request.restarts });
  if (request.prelaunch) {
    const toolDir = await prelaunchedToolDir(request);
    if (toolDir) await prelaunch(toolDir, request);
  }
  await prelaunched?.early.pid;
}

/** The folder of the tool stage 2 launches, or null (a config exists, or the tool is unknown: the command says why). */
async function prelaunchedToolDir(request: StartupRequest): Promise<string | null> {
  const [{ findProjectRoot }, { toolsDirFor }, discover] = await Promise.all([
    import('../project/root.js'),
    import('../project/tools-dir.js'),
    import('../project/discover.js'),
  ]);
  try {
    const cwd = process.cwd();
    const root = findProjectRoot(cwd);
    // a config may name the tools folder and the variables a tool gets; reading it costs what this saves
    if (root.configFile) return null;
    const toolsDir = toolsDirFor(cwd, root.dir, { flag: request.toolsDir });
    if (request.all) return discover.discoverTools(toolsDir)[0] ?? null;
    return request.target ? discover.resolveTool(request.target, toolsDir, cwd) : discover.toolAround(cwd, toolsDir);
  } catch {
    return null;
  }
}

async function prelaunch(toolDir: string, request: StartupRequest): Promise<void> {
  const path = await import('node:path');
  const { launchEarly, startPlanFor } = await import('../tool/start-plan.js');
  const plan = startPlanFor(toolDir, {
    healthTimeoutMs: request.startupTimeout ? request.startupTimeout * 1000 : undefined,
  });
  if (plan) prelaunched = { toolDir: path.resolve(toolDir), early: launchEarly(toolDir, plan) };
}

/**
 * Stages 3 and 4 for one validation: the tool prelaunched for this folder when it was started the
 * same way (else it is stopped), or a launch now; null when tool.json does not say plainly how.
 */
export async function startEarly(toolDir: string, options: ValidateOptions): Promise<EarlyStart | null> {
  const path = await import('node:path');
  const { launchEarly, samePlan, startPlanFor, stopEarly } = await import('../tool/start-plan.js');
  const plan = startPlanFor(toolDir, options);
  const pre = prelaunched?.toolDir === path.resolve(toolDir) ? prelaunched.early : null;
  if (pre) prelaunched = null;
  if (pre && !(plan && samePlan(pre.plan, plan))) void stopEarly(pre);
  const early = pre && plan && samePlan(pre.plan, plan) ? pre : plan ? launchEarly(toolDir, plan) : null;
  if (early) void warmComparators(toolDir);
  return early;
}

/** Stage 4: starts loading what the comparators of tool.json's outputs need (pdf.js, sharp, fft.js). */
async function warmComparators(toolDir: string): Promise<void> {
  try {
    const [
      { existsSync },
      path,
      { comparatorFor },
      { warmBounded },
      { readUserFile },
      { isPlainObject },
      { OUTPUT_TYPES },
    ] = await Promise.all([
      import('node:fs'),
      import('node:path'),
      import('../comparators/index.js'),
      import('../comparators/bounded/bounded.js'),
      import('../source/user-file.js'),
      import('../util/is-plain-object.js'),
      import('../model/manifest.js'),
    ]);
    if (!existsSync(path.join(toolDir, 'reference'))) return;
    const read = readUserFile(toolDir, 'tool.json');
    const raw: unknown = read.ok ? JSON.parse(read.text.replace(/^\uFEFF/, '')) : null;
    const outputs = isPlainObject(raw) && Array.isArray(raw.outputs) ? raw.outputs : [];
    const known = new Set<string>(OUTPUT_TYPES);
    for (const o of outputs)
      if (isPlainObject(o) && typeof o.type === 'string' && known.has(o.type))
        warmBounded(comparatorFor(o.type as OutputType), o.type as OutputType, o);
  } catch {
    // only a head start: check 12 loads what it needs anyway
  }
}

/** Stops a prelaunched tool no validation took (the command ended before one ran). */
export async function dropPrelaunched(): Promise<void> {
  const pre = prelaunched;
  prelaunched = null;
  if (pre) {
    const { stopEarly } = await import('../tool/start-plan.js');
    await stopEarly(pre.early);
  }
}
