// `pixie new <id>`: a small working tool that passes all twelve checks at once, as a starting point.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PixieError } from '../errors.js';
import { defaultToolsDir } from '../tools/discover.js';
import type { NewCliOptions } from './program.js';
import { scaffoldFiles } from './scaffold-templates.js';

const ID_PATTERN = /^[a-z][a-z0-9-]*$/;

export async function newCommand(id: string, opts: NewCliOptions): Promise<number> {
  if (!ID_PATTERN.test(id)) {
    throw new PixieError('USAGE', `'${id}' is not a valid tool id: use lowercase letters, digits and dashes, starting with a letter`, 'e.g. pixie new loan-calculator');
  }
  const toolsDir = opts.toolsDir ? path.resolve(opts.toolsDir) : defaultToolsDir();
  const dir = path.join(toolsDir, id);
  if (existsSync(dir)) throw new PixieError('USAGE', `${path.relative(process.cwd(), dir) || dir} already exists; pick another id or remove the folder`);
  // write into a temporary folder and rename, so an interrupted scaffold leaves no half-made tool
  const tmp = path.join(toolsDir, `.${id}.tmp-${process.pid}`);
  for (const [file, content] of Object.entries(scaffoldFiles(id, opts.runtime))) {
    mkdirSync(path.dirname(path.join(tmp, file)), { recursive: true });
    writeFileSync(path.join(tmp, file), content);
  }
  renameSync(tmp, dir);
  const rel = path.relative(process.cwd(), dir) || dir;
  process.stdout.write(`created ${rel} (${opts.runtime})\nnext: pixie validate ${rel}\n`);
  return 0;
}
