// `pixie new <id>`: a small working tool that passes all twelve checks at once, as a starting point.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PixieError } from '../errors.js';
import { loadProject } from '../project/project.js';
import { nodePackageDir } from '../tool/node-packages.js';
import { scaffoldFiles } from './scaffold-templates.js';

export interface NewCliOptions {
  runtime: 'node' | 'python';
  toolsDir?: string;
}

const ID_PATTERN = /^[a-z][a-z0-9-]*$/;

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
  const missing = opts.runtime === 'node' ? ['hono', '@hono/node-server'].filter((p) => !nodePackageDir(dir, p)) : [];
  if (missing.length)
    steps.push(
      `next: (cd ${rel} && npm install)   # ${missing.join(' and ')} cannot be found from the tool folder yet`,
    );
  // by id when the project's own tools directory holds it, else by path
  const byId = !opts.toolsDir || path.resolve(opts.toolsDir) === loadProject().toolsDir;
  steps.push(`next: npx pixie validate ${byId ? id : rel}`);
  process.stdout.write(steps.join('\n') + '\n');
  return 0;
}
