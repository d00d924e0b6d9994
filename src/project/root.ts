// The project root: the folder every pixie command works from, found by walking up from the current
// directory, so `pixie lint` inside tools/loan-calc/ means the same as at the top of the repository.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

const CONFIG_FILES = ['pixie.config.json', 'pixie.config.yaml', 'pixie.config.yml'] as const;

export interface ProjectRoot {
  dir: string;
  /** absolute path of the config file, when the root was found by one */
  configFile: string | null;
  /** what marked the root, for messages */
  foundBy: 'config' | 'tools folder' | 'package.json' | 'current directory';
}

const isDir = (p: string) => existsSync(p) && statSync(p).isDirectory();

/** `from` and each of its parents, nearest first. */
function ancestors(from: string): string[] {
  const out: string[] = [];
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    out.push(dir);
    if (path.dirname(dir) === dir) return out;
  }
}

/**
 * The nearest folder with a pixie.config file; else the nearest with a tools/ folder; else the
 * nearest package.json that is not a tool's own (a Node tool has one beside its tool.json); else `from`.
 */
export function findProjectRoot(from: string = process.cwd()): ProjectRoot {
  const dirs = ancestors(from);
  for (const dir of dirs) {
    const file = CONFIG_FILES.map((f) => path.join(dir, f)).find((f) => existsSync(f));
    if (file) return { dir, configFile: file, foundBy: 'config' };
  }
  const withTools = dirs.find((dir) => isDir(path.join(dir, 'tools')));
  if (withTools) return { dir: withTools, configFile: null, foundBy: 'tools folder' };
  const withPackage = dirs.find(
    (dir) => existsSync(path.join(dir, 'package.json')) && !existsSync(path.join(dir, 'tool.json')),
  );
  if (withPackage) return { dir: withPackage, configFile: null, foundBy: 'package.json' };
  return { dir: path.resolve(from), configFile: null, foundBy: 'current directory' };
}
