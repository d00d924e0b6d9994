// Finding tools: a tool is a folder holding tool.json (or at least an entrypoint) under the tools directory.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PixieError } from '../errors.js';
import { DEFAULT_ENTRYPOINTS } from '../tool/runtime.js';
import { suggest } from '../util/did-you-mean.js';

function looksLikeTool(dir: string): boolean {
  return existsSync(path.join(dir, 'tool.json')) || DEFAULT_ENTRYPOINTS.some((f) => existsSync(path.join(dir, f)));
}

/** Tool folders directly under `toolsDir`, sorted by name. */
export function discoverTools(toolsDir: string): string[] {
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
  return names
    .filter((n) => !n.startsWith('.') && n !== 'node_modules')
    .map((n) => path.join(toolsDir, n))
    .filter((p) => statSync(p).isDirectory() && looksLikeTool(p))
    .sort();
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
