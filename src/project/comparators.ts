// pixie.config's `comparators` (docs/comparators.md#project-comparators): name → module path. Only
// the project's config can name one, never a tool folder; the module must be a file inside the
// project (links resolved), and a name may not shadow a built-in compare mode.
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { COMPARATOR_FAMILIES } from '../comparators/index.js';
import { type Finding, finding } from '../model/finding.js';
import type { LineOf } from '../source/lines.js';
import { formatPath, type PathSegment } from '../source/path.js';
import { kindOf } from '../tolerance/words.js';
import { isPlainObject } from '../util/is-plain-object.js';
import type { MessageTable } from '../util/message-table.js';

const NAME = /^[a-z][a-z0-9_-]{0,62}$/;
const MODULE = /\.(mjs|js|cjs)$/;

const messages = {
  notAMapping: (got: string) =>
    `comparators must map names to module paths, such as { "within-ten": "./cmp/within-ten.mjs" }, got ${got}`,
  badName: (name: string) =>
    `comparator name '${name}' must be lower-case letters, digits, '-' and '_', starting with a letter (at most 63); rename it`,
  builtIn: (name: string) =>
    `comparator name '${name}' is one of pixie's own compare modes, so tolerances could not tell them apart; choose another name`,
  notAPath: (name: string, got: string) =>
    `the module of comparator '${name}' must be a path such as "./cmp/${name}.mjs", got ${got}`,
  notAModule: (name: string, p: string) =>
    `the module of comparator '${name}' (${p}) must be a JavaScript module ending in .mjs, .js or .cjs; rename it`,
  outside: (name: string, p: string) =>
    `the module of comparator '${name}' (${p}) is outside the project; move it into the project folder and name it relative to pixie.config`,
  missing: (name: string, p: string, reason: string) =>
    `the module of comparator '${name}' (${p}) ${reason}; create it or correct the path`,
} satisfies MessageTable;

/** Every compare mode pixie has (and `skip`): names a project comparator may not take. */
function builtInModes(): Set<string> {
  return new Set(['skip', ...Object.values(COMPARATOR_FAMILIES).flatMap((c) => c.modes)]);
}

function within(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/**
 * The config's comparators as name → absolute module path (links resolved), every problem pushed with
 * its line. `dir` is the folder of the config file: the project's root.
 */
export function checkComparators(
  value: unknown,
  dir: string,
  where: { file: string; lineOf: LineOf },
  problems: Finding[],
): Record<string, string> {
  const out: Record<string, string> = {};
  if (value === undefined) return out;
  const problem = (segments: PathSegment[], part: 'key' | 'value', message: string): void => {
    const line = where.lineOf(segments, part) ?? where.lineOf(segments, 'key');
    problems.push(
      finding('schema', { file: where.file, ...(line ? { line } : {}), path: formatPath(segments), message }),
    );
  };
  if (!isPlainObject(value)) {
    problem(['comparators'], 'value', messages.notAMapping(kindOf(value)));
    return out;
  }
  const reserved = builtInModes();
  let root: string;
  try {
    root = realpathSync(dir);
  } catch {
    root = dir;
  }
  for (const [name, p] of Object.entries(value)) {
    const at: PathSegment[] = ['comparators', name];
    if (!NAME.test(name)) {
      problem(at, 'key', messages.badName(name));
      continue;
    }
    if (reserved.has(name)) {
      problem(at, 'key', messages.builtIn(name));
      continue;
    }
    if (typeof p !== 'string' || p === '') {
      problem(at, 'value', messages.notAPath(name, kindOf(p)));
      continue;
    }
    if (!MODULE.test(p)) {
      problem(at, 'value', messages.notAModule(name, p));
      continue;
    }
    const resolved = path.resolve(dir, p);
    if (!within(dir, resolved)) {
      problem(at, 'value', messages.outside(name, p));
      continue;
    }
    let real: string;
    try {
      real = realpathSync(resolved);
      if (!statSync(real).isFile()) {
        problem(at, 'value', messages.missing(name, p, 'is not a regular file'));
        continue;
      }
    } catch {
      problem(at, 'value', messages.missing(name, p, 'does not exist'));
      continue;
    }
    // a link inside the project may still lead out of it
    if (!within(root, real)) {
      problem(at, 'value', messages.outside(name, p));
      continue;
    }
    Object.defineProperty(out, name, { value: real, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
