// How a command pixie suggests names a tool, so that the command works pasted in the directory pixie
// ran in: the folder name when that finds the tool from there (with the --tools-dir the run was given,
// as typed), else the tool's path from there.
import path from 'node:path';
import { resolveTool } from './discover.js';

/** A word the shell reads as itself, or single-quoted. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function toolRef(
  toolDir: string,
  where: { cwd?: string; toolsDir: string; toolsDirFlag?: string | undefined },
): string {
  const cwd = path.resolve(where.cwd ?? process.cwd());
  const name = path.basename(toolDir);
  try {
    if (resolveTool(name, where.toolsDir, cwd) === path.resolve(toolDir))
      return where.toolsDirFlag ? `${shellWord(name)} --tools-dir ${shellWord(where.toolsDirFlag)}` : shellWord(name);
  } catch {
    // not found by name from here: the path below finds it
  }
  const rel = path.relative(cwd, toolDir) || '.';
  return shellWord(rel.includes(path.sep) || rel.startsWith('.') ? rel : `.${path.sep}${rel}`);
}
