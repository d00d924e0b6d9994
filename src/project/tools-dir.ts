// Where tool ids are looked up, with the precedence every command shares (docs/config.md): the
// --tools-dir flag, then $PIXIE_TOOLS_DIR, then the config's tools_dir, then <root>/tools. Kept apart
// from project.ts so that start-up can apply it without loading the config's checker.
import path from 'node:path';

export function toolsDirFor(
  cwd: string,
  rootDir: string,
  given: { flag?: string; configToolsDir?: string },
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (given.flag) return path.resolve(cwd, given.flag);
  if (env.PIXIE_TOOLS_DIR) return path.resolve(cwd, env.PIXIE_TOOLS_DIR);
  return given.configToolsDir ?? path.join(rootDir, 'tools');
}
