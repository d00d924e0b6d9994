// The project a command runs in: its root, its config, and the tools directory (tools-dir.ts).
import path from 'node:path';
import { emptyProjectConfig, loadProjectConfig, type ProjectConfig } from './config.js';
import type { ProjectSettings } from '../model/project-settings.js';
import { findProjectRoot, type ProjectRoot } from './root.js';
import { toolsDirFor } from './tools-dir.js';

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
  const toolsDir = toolsDirFor(cwd, root.dir, { flag: opts.toolsDir, configToolsDir: config.toolsDir });
  return { root, config, toolsDir };
}

/** What validating a tool takes from the project (ValidateOptions.project). */
export function projectSettings({ config }: Project): ProjectSettings {
  return {
    tolerances: config.tolerances,
    passEnv: config.passEnv,
    limits: config.limits,
    ...(config.comparators ? { comparators: config.comparators } : {}),
  };
}
