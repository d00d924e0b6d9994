// The environment a tool runs with (docs/tool-format.md, environment). Explicit on purpose: pixie's own
// secrets (CI tokens, PIXIE_TOKEN) never reach a tool unless the tool declares them in tool.json's
// `secrets` or the project lists them in pixie.config's env.pass. Reports carry names, never values.
import type { EnvironmentSummary } from '../model/environment.js';
import { parseEnv } from 'node:util';
import { readUserFile } from '../source/user-file.js';

/** Variables every tool gets from pixie's environment: what a program needs to run at all. */
const BASE_ENV = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'TMPDIR',
  'TEMP',
  'TMP',
  'PYTHONHOME',
  'SYSTEMROOT',
];

export interface ToolEnvironment {
  env: NodeJS.ProcessEnv;
  summary: EnvironmentSummary;
}

function readDotenv(toolDir: string): Record<string, string> {
  // a regular file inside the tool, read without blocking and within the file limit, like every other
  const read = readUserFile(toolDir, '.env');
  if (!read.ok) return {}; // absent or not a usable file: the tool starts without it
  try {
    return parseEnv(read.text) as Record<string, string>;
  } catch {
    return {};
  }
}

/** The base variables alone: what pixie's launcher runs with (never a tool's .env or secrets). */
export function baseEnvironment(parent: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const k of BASE_ENV) if (parent[k] !== undefined) env[k] = parent[k];
  return env;
}

/**
 * The tool's environment: the base variables, then its .env, then the `pass` names set in pixie's
 * environment (a CI secret wins over a local .env default, as with dotenv), then pixie's own.
 */
export function toolEnvironment(
  toolDir: string,
  pass: readonly string[],
  own: Record<string, string> = {},
  parent: NodeJS.ProcessEnv = process.env,
): ToolEnvironment {
  const env: NodeJS.ProcessEnv = {};
  const passed = new Set<string>();
  for (const k of BASE_ENV)
    if (parent[k] !== undefined) {
      env[k] = parent[k];
      passed.add(k);
    }
  const dotenv = readDotenv(toolDir);
  Object.assign(env, dotenv);
  const missing: string[] = [];
  for (const k of new Set(pass)) {
    if (parent[k] !== undefined) {
      env[k] = parent[k];
      passed.add(k);
    } else if (!Object.hasOwn(dotenv, k)) missing.push(k);
  }
  Object.assign(env, own);
  const withheld = Object.keys(parent).filter((k) => !passed.has(k));
  const sorted = (xs: Iterable<string>) => [...xs].sort();
  return {
    env,
    summary: {
      passed: sorted(passed),
      withheld: sorted(withheld),
      missing: sorted(missing),
      from_dotenv: sorted(Object.keys(dotenv)),
    },
  };
}

/**
 * The summary of a tool that ran in pixie's process namespace (`why`): what pixie did not give it,
 * it could read in /proc/<pid>/environ of pixie and of what started pixie, so none of it is called
 * withheld.
 */
export function readableByTool(summary: EnvironmentSummary, why: string): EnvironmentSummary {
  return { ...summary, withheld: [], readable: summary.withheld, readable_because: why };
}
