// `pixie new <id>`: a small working tool that passes all twelve checks at once, as a starting point.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PixieError } from '../errors.js';
import { loadProject } from '../project/project.js';
import { scaffoldFiles } from './scaffold-templates.js';

export interface NewCliOptions {
  runtime: 'node' | 'python';
  toolsDir?: string;
}

const ID_PATTERN = /^[a-z][a-z0-9-]*$/;

function resolvesFrom(dir: string, pkg: string): boolean {
  try {
    createRequire(path.join(dir, 'package.json')).resolve(`${pkg}/package.json`);
    return true;
  } catch {
    return false;
  }
}

export async function newCommand(id: string, opts: NewCliOptions): Promise<number> {
  if (!ID_PATTERN.test(id)) {
    throw new PixieError(
      'USAGE',
      `'${id}' is not a valid tool id: use lowercase letters, digits and dashes, starting with a letter`,
      'e.g. pixie new loan-calculator',
    );
  }
  const { toolsDir } = loadProject({ toolsDir: opts.toolsDir });
  const dir = path.join(toolsDir, id);
  if (existsSync(dir))
    throw new PixieError(
      'USAGE',
      `${path.relative(process.cwd(), dir) || dir} already exists; pick another id or remove the folder`,
    );
  // write into a temporary folder and rename, so an interrupted scaffold leaves no half-made tool
  const tmp = path.join(toolsDir, `.${id}.tmp-${process.pid}`);
  for (const [file, content] of Object.entries(scaffoldFiles(id, opts.runtime))) {
    mkdirSync(path.dirname(path.join(tmp, file)), { recursive: true });
    writeFileSync(path.join(tmp, file), content);
  }
  renameSync(tmp, dir);
  const rel = path.relative(process.cwd(), dir) || dir;
  const steps = [`created ${rel} (${opts.runtime})`];
  if (opts.runtime === 'node' && !resolvesFrom(dir, 'hono'))
    steps.push(
      `next: (cd ${rel} && npm install)   # hono and @hono/node-server are not installed where the tool can find them`,
    );
  steps.push(`next: pixie validate ${rel}`);
  process.stdout.write(steps.join('\n') + '\n');
  return 0;
}
