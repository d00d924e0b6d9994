// --changed [REF]: the tools whose folder changed since a git ref (default: the merge base with main),
// counting committed, staged, unstaged and untracked changes. A change inside the tools directory but
// outside every tool folder (shared helpers, tools/README.md) may affect any tool, so it selects them
// all; a deleted tool folder selects nothing; a change outside the tools directory (pixie itself,
// docs) selects none.
import { execFileSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { PixieError } from '../errors.js';

export interface ChangedTools {
  /** the commit compared against */
  base: string;
  /** how base was chosen, for the message */
  baseLabel: string;
  /** tool folders (absolute) that changed, sorted */
  tools: string[];
  /** files in the tools directory outside any tool folder; non-empty means every tool was selected */
  shared: string[];
}

function git(cwd: string, args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

function tryGit(cwd: string, args: string[]): string | null {
  try {
    return git(cwd, args).trim();
  } catch {
    return null;
  }
}

function resolveBase(repoRoot: string, ref: string | undefined): { base: string; label: string } {
  if (ref) {
    const sha = tryGit(repoRoot, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    if (!sha)
      throw new PixieError(
        'USAGE',
        `--changed: '${ref}' is not a git ref in ${repoRoot}`,
        'pass a branch, tag or commit, e.g. --changed origin/main (in CI, fetch it first: git fetch origin main)',
      );
    return { base: sha, label: ref };
  }
  for (const candidate of ['main', 'origin/main']) {
    const sha = tryGit(repoRoot, ['merge-base', 'HEAD', candidate]);
    if (sha) return { base: sha, label: `merge base with ${candidate}` };
  }
  throw new PixieError(
    'USAGE',
    '--changed: found no merge base with main or origin/main',
    'pass the ref to compare with, e.g. --changed origin/develop (in CI, fetch it first: git fetch origin main)',
  );
}

/** Changed tool folders among `toolDirs` (absolute paths directly under `toolsDir`). */
export function changedTools(toolsDir: string, toolDirs: readonly string[], ref: string | undefined): ChangedTools {
  const root = tryGit(toolsDir, ['rev-parse', '--show-toplevel']);
  if (!root)
    throw new PixieError(
      'USAGE',
      `--changed needs a git checkout, and ${toolsDir} is not in one`,
      'run pixie validate --all instead',
    );
  const { base, label } = resolveBase(root, ref);
  const diff = git(root, ['diff', '--name-only', '--no-renames', '-z', base, '--']).split('\0');
  const untracked = git(root, ['ls-files', '--others', '--exclude-standard', '-z']).split('\0');
  const realTools = realpathSync(toolsDir);
  const names = new Set(toolDirs.map((d) => path.basename(d)));
  const hit = new Set<string>();
  const shared: string[] = [];
  for (const rel of [...diff, ...untracked]) {
    if (!rel) continue;
    const inTools = path.relative(realTools, path.join(root, rel));
    if (inTools.startsWith('..') || path.isAbsolute(inTools)) continue;
    const [first, ...rest] = inTools.split(path.sep);
    if (rest.length && names.has(first!)) hit.add(first!);
    // a folder that is gone now was a deleted tool: nothing left to validate
    else if (!rest.length || existsSync(path.join(realTools, first!))) shared.push(inTools);
  }
  const tools = shared.length ? [...toolDirs] : toolDirs.filter((d) => hit.has(path.basename(d)));
  return { base, baseLabel: label, tools: [...tools].sort(), shared };
}
