import type { OutputType } from './manifest.js';
import type { Tolerance } from './tolerance.js';

/** Project-wide limits; each key here has a matching entry in config.schema.json's `limits`. */
export interface ProjectLimits {
  startup_timeout_seconds?: number;
}

/** What validating one tool takes from the project: tolerances, environment and limits. */
export interface ProjectSettings {
  /** default tolerance blocks per output type, below a tool's tolerance.yaml */
  tolerances: Partial<Record<OutputType, Tolerance>>;
  /** names of pixie's environment variables passed to every tool */
  passEnv: string[];
  limits: ProjectLimits;
  /** project comparators (pixie.config `comparators`) */
  comparators?: ProjectComparators;
}

/** pixie.config's `comparators`: the project's root (their working folder) and name → absolute module path. */
export interface ProjectComparators {
  root: string;
  modules: Readonly<Record<string, string>>;
}
