// The project a command runs in: its root, its config, and the tools directory, with the precedence
// every command shares (docs/config.md): a flag, then $PIXIE_TOOLS_DIR, then the config, then
// <root>/tools.
import path from 'node:path';
import { emptyProjectConfig, loadProjectConfig, type ProjectConfig } from './config.js';
import type { ProjectSettings } from '../model/project-settings.js';
import { findProjectRoot, type ProjectRoot } from './root.js';

export interface Project {
  root: ProjectRoot;
  config: ProjectConfig;
  /** absolute */
  toolsDir: string;
}

export interface ProjectOptions {
  /** where to start looking (default: the current directory) */
  cwd?: string;
  /** --tools-dir, relative to the current directory */
  toolsDir?: string;
}

export function loadProject(opts: ProjectOptions = {}): Project {
  const cwd = path.resolve(opts.cwd ?? process.cwd());
  const root = findProjectRoot(cwd);
  const config = root.configFile ? loadProjectConfig(root.configFile) : emptyProjectConfig();
  const fromEnv = process.env.PIXIE_TOOLS_DIR;
  const toolsDir = opts.toolsDir
    ? path.resolve(cwd, opts.toolsDir)
    : fromEnv
      ? path.resolve(cwd, fromEnv)
      : (config.toolsDir ?? path.join(root.dir, 'tools'));
  return { root, config, toolsDir };
}

/** What validating a tool takes from the project (ValidateOptions.project). */
export function projectSettings({ config }: Project): ProjectSettings {
  return { tolerances: config.tolerances, passEnv: config.passEnv, limits: config.limits };
}
