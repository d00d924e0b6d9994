// deptry's fourth category (DEP002, "unused"): a plain run-time dependency that is installed and that
// no import of the tool's code resolves to. Only installed ones are judged: for a distribution that is
// not installed pixie cannot know its import names, and check 5 reports it anyway.
import { canonicalPythonName, type DeclaredDependencies } from './declared.js';
import type { ImportVerdict } from './import-verdict.js';

export function unusedDependencies(
  declared: DeclaredDependencies,
  verdicts: ImportVerdict[],
  isInstalled: (name: string) => boolean,
): string[] {
  const python = declared.file === 'pyproject.toml';
  const key = (name: string) => (python ? canonicalPythonName(name) : name);
  const used = new Set(verdicts.filter((v) => v.category === 'declared').map((v) => key(v.distribution)));
  return declared.plain.filter((name) => !used.has(key(name)) && isInstalled(name));
}
