// Building hostile tool folders in temporary directories (links out of the tool, FIFOs, devices) and
// proving that pixie wrote nothing and leaked nothing: a fake secret in pixie's environment, and a
// snapshot of every file in a folder before and after.
import { createHash } from 'node:crypto';
import {
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './pixie.js';

/** A fake CI secret placed in pixie's environment: it must never appear in any output. */
export const SECRET = 'sk-pixie-hostile-3b1f0c9e7d';
export const SECRET_ENV = { PIXIE_HOSTILE_SECRET: SECRET };

// an absolute path (not a file: URL), which check 4 reads as a local file rather than a package
const SHARED = path.join(REPO_ROOT, 'test', 'tools', '_shared', 'tool-server.mjs');

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `pixie-${prefix}-`));
}

/** A copy of test/tools/<name> in `toolsDir` (as `as`), importing the shared server by absolute URL. */
export function copyTool(name: string, toolsDir: string, as = name): string {
  const dir = path.join(toolsDir, as);
  mkdirSync(toolsDir, { recursive: true });
  cpSync(path.join(REPO_ROOT, 'test', 'tools', name), dir, { recursive: true });
  const main = path.join(dir, 'main.js');
  writeFileSync(main, readFileSync(main, 'utf8').replace("'../_shared/tool-server.mjs'", JSON.stringify(SHARED)));
  return dir;
}

/** Every entry under `dir`: a file's hash and mode, a link's target, a folder's mode (nothing followed). */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    const full = path.join(dir, rel);
    const st = lstatSync(full);
    if (st.isSymbolicLink()) out[rel] = `link ${readlinkSync(full)}`;
    else if (st.isDirectory()) {
      out[rel || '.'] = `dir ${(st.mode & 0o777).toString(8)}`;
      for (const name of readdirSync(full)) walk(path.join(rel, name));
    } else if (st.isFile())
      out[rel] =
        `file ${(st.mode & 0o777).toString(8)} ${createHash('sha256').update(readFileSync(full)).digest('hex')}`;
    else out[rel] = 'special';
  };
  walk('');
  return out;
}
