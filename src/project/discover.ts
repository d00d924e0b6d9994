// Finding tools: a tool is a folder holding tool.json (or at least an entrypoint) under the tools directory.
import { existsSync, lstatSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PixieError } from '../errors.js';
import { excerpt } from '../source/excerpt.js';
import { DEFAULT_ENTRYPOINTS } from '../tool/runtime.js';
import { suggest } from '../util/did-you-mean.js';

function looksLikeTool(dir: string): boolean {
  return existsSync(path.join(dir, 'tool.json')) || DEFAULT_ENTRYPOINTS.some((f) => existsSync(path.join(dir, f)));
}

/** Why an entry of the tools folder cannot be looked at (a dangling link, no permission), or null. */
function unusableEntry(dir: string): string | null {
  try {
    statSync(dir);
    return null;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    let link = false;
    try {
      link = lstatSync(dir).isSymbolicLink();
    } catch {
      // gone meanwhile
    }
    if (link && (code === 'ENOENT' || code === 'ENOTDIR')) return 'it is a symbolic link to nothing';
    if (code === 'ENOENT') return null; // removed while we looked
    return `it could not be read (${code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (code ?? 'error')})`;
  }
}

/**
 * Tool folders directly under `toolsDir`, sorted by name. An entry that cannot be looked at (a
 * dangling link, a folder without permission) is skipped, and `onSkip` is told why, so one broken
 * entry never stops the other tools from being validated.
 */
export function discoverTools(toolsDir: string, onSkip: (warning: string) => void = () => {}): string[] {
  let names: string[];
  try {
    names = readdirSync(toolsDir);
  } catch {
    throw new PixieError(
      'TOOL_NOT_FOUND',
      `tools directory not found: ${toolsDir}`,
      'pass --tools-dir DIR, set tools_dir in pixie.config.json, or run pixie inside the project that holds tools/',
    );
  }
  const tools: string[] = [];
  for (const name of names) {
    if (name.startsWith('.') || name === 'node_modules') continue;
    const dir = path.join(toolsDir, name);
    const why = unusableEntry(dir);
    if (why) {
      onSkip(`skipped ${excerpt(path.join(path.basename(toolsDir), name), 120)}: ${why}`);
      continue;
    }
    try {
      if (statSync(dir).isDirectory() && looksLikeTool(dir)) tools.push(dir);
    } catch {
      // removed while we looked
    }
  }
  return tools.sort();
}

/**
 * `pixie validate <id|path>`: a path (anything with a slash, or an existing folder) is used as is;
 * otherwise the id names a folder under the tools directory.
 */
export function resolveTool(target: string, toolsDir: string, cwd = process.cwd()): string {
  const asPath = path.resolve(cwd, target);
  const pathLike = target.includes('/') || target.includes(path.sep) || target.startsWith('.');
  if (pathLike || (existsSync(asPath) && statSync(asPath).isDirectory() && looksLikeTool(asPath))) {
    if (!existsSync(asPath) || !statSync(asPath).isDirectory()) {
      throw new PixieError(
        'TOOL_NOT_FOUND',
        `no tool folder at ${target}`,
        'check the path, or pass a tool id from the tools directory',
      );
    }
    return asPath;
  }
  const byId = path.join(toolsDir, target);
  if (existsSync(byId) && statSync(byId).isDirectory()) return byId;
  let known: string[] = [];
  try {
    known = discoverTools(toolsDir).map((p) => path.basename(p));
  } catch {
    // no tools directory: the message below says where we looked
  }
  const close = suggest(target, known);
  const rel = path.relative(cwd, toolsDir) || '.';
  throw new PixieError(
    'TOOL_NOT_FOUND',
    `unknown tool '${target}': there is no folder ${path.join(rel, target)}${close ? ` — did you mean '${close}'?` : ''}`,
    known.length ? `tools in ${rel}: ${known.join(', ')}` : `pass --tools-dir DIR, or a path to the tool folder`,
  );
}

/** The tool folder the current directory is in (a folder under the tools directory, or one holding tool.json), if any. */
export function toolAround(dir: string, toolsDir: string): string | null {
  const rel = path.relative(toolsDir, dir);
  if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) {
    const candidate = path.join(toolsDir, rel.split(path.sep)[0]!);
    if (looksLikeTool(candidate)) return candidate;
  }
  return existsSync(path.join(dir, 'tool.json')) ? dir : null;
}
