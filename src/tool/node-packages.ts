// Where Node finds a bare package for a tool: node_modules/<name> in the tool folder or any parent.
import { existsSync } from 'node:fs';
import path from 'node:path';

export function nodePackageDir(toolDir: string, name: string): string | null {
  let dir = toolDir;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return path.dirname(candidate);
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}
