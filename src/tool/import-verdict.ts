// The words check 4 judges imports in (docs/checks.md, check 4), after deptry's categories: missing,
// transitive, misplaced (declared only for development or as an extra), and optional imports
// (guarded, or made inside a function) that the tool runs without.
/** How the tool runs without an import: guarded by except ImportError / try-catch, or made inside a function. */
type Optionality = 'guarded' | 'function';

/** One imported module (Python's top-level import name, or an npm package) where it is first imported. */
export interface ImportUse {
  module: string;
  /** relative to the tool folder */
  file: string;
  /** 1-based */
  line: number;
  /** false when any import of it runs unconditionally */
  optional: Optionality | false;
}

export type ImportCategory =
  /** declared as a run-time dependency (or optional and declared as optional) */
  | 'declared'
  /** declared nowhere, but installed only because a declared dependency requires it */
  | 'transitive'
  /** imported unconditionally but declared only for development or as an extra/group */
  | 'misplaced'
  /** optional, declared nowhere */
  | 'optional-undeclared'
  /** declared nowhere and provided by nothing the declarations bring */
  | 'missing'
  /** provided by no installed distribution, while a declared one is not installed (check 5 reports it) */
  | 'not-installed';

export interface ImportVerdict extends ImportUse {
  category: ImportCategory;
  /** the distribution or package to declare: 'PyYAML' for `import yaml` */
  distribution: string;
  /** transitive: the declared dependency that brings it; misplaced: where it is declared; not-installed: the declared distributions not installed */
  via?: string;
}

/** What one start of a Python tool's own interpreter said about itself, for check 5. */
export interface InterpreterProbe {
  command: string;
  /** as `python --version` prints it: "Python 3.11.7" */
  version: string;
  /** the declared distributions looked up, with their installed version or null */
  installed: Record<string, string | null>;
}

export type Imports =
  | { ok: true; verdicts: ImportVerdict[]; interpreter?: InterpreterProbe }
  | { ok: false; message: string };
