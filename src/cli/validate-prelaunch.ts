// `pixie validate` starts the tool (with --all, the first) before it loads the checks
// (validation/early-start.ts hands it to the validation), so the tool boots while pixie loads. Only
// in the plain case, with no project config: a config may name the tools folder and the variables a
// tool gets, and reading it costs what this saves; and only a tool that will surely be validated.
import path from 'node:path';
import { discoverTools, resolveTool, toolAround } from '../project/discover.js';
import { findProjectRoot } from '../project/root.js';
import { prelaunch, prelaunchedProcess } from '../validation/early-start.js';
import type { ValidateCliOptions } from './validate-command.js';

/** Launches the named tool; settles once its process exists, so that pixie's own loading does not hold up its launch. */
export async function prelaunchTool(target: string | undefined, opts: ValidateCliOptions): Promise<void> {
  if (opts.changed || opts.watch || opts.updateFixtures || opts.u || opts.shard) return;
  // --all with a fixture filter leaves out tools without a matching fixture
  if (opts.all && (target || opts.fixture?.length || opts.tag?.length)) return;
  try {
    const cwd = process.cwd();
    const root = findProjectRoot(cwd);
    if (root.configFile) return;
    // the precedence of project/project.ts's loadProject() without a config: the flag, the variable, <root>/tools
    const fromEnv = process.env.PIXIE_TOOLS_DIR;
    const toolsDir = opts.toolsDir
      ? path.resolve(cwd, opts.toolsDir)
      : fromEnv
        ? path.resolve(cwd, fromEnv)
        : path.join(root.dir, 'tools');
    const toolDir = opts.all
      ? discoverTools(toolsDir)[0]
      : target
        ? resolveTool(target, toolsDir, cwd)
        : toolAround(cwd, toolsDir);
    if (!toolDir) return;
    prelaunch(toolDir, {
      healthTimeoutMs: opts.startupTimeout ? opts.startupTimeout * 1000 : undefined,
    });
  } catch {
    // an unknown tool or a bad flag: the command itself says what is wrong
  }
  await prelaunchedProcess();
}
