import path from 'node:path';

/** A path as short as it can be read: relative to the current folder when inside it. */
export function shortPath(file: string, cwd = process.cwd()): string {
  const rel = path.relative(cwd, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}
