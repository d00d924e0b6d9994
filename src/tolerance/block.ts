// One tolerance block (a tolerance.yaml entry or a fixture's `tolerance[key]`) checked against the
// comparator that will read it: compare mode, numeric fields and their synonyms, the comparator's own
// options. Shared by tolerance.yaml and fixtures so both are validated the same way.
import { excerpt } from '../source/excerpt.js';
import type { Comparator } from '../comparators/types.js';
import type { Tolerance } from '../model/tolerance.js';
import { finding, type Finding } from '../model/finding.js';
import type { LineOf } from '../source/lines.js';
import { formatPath, type PathSegment } from '../source/path.js';
import type { OutputType } from '../model/manifest.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { checkNonNegativeNumber, checkOptionValue } from './option-kind.js';
import { colonSpaceHint, didYouMean, kindOf } from './words.js';

/** Spellings of the numeric tolerance fields (as existing tools write them: atol/rtol, float_atol/float_rtol). */
export const NUMERIC_SYNONYMS: Readonly<Record<string, 'abs' | 'rel'>> = {
  abs: 'abs',
  atol: 'abs',
  float_atol: 'abs',
  rel: 'rel',
  rtol: 'rel',
  float_rtol: 'rel',
};

export interface BlockWhere {
  file: string;
  lineOf: LineOf;
  /** path of the block itself */
  path: PathSegment[];
  /** how messages name the block, e.g. "final_value (number)" or "number outputs" */
  subject: string;
  /** the output type the block applies to, so only the modes that apply to it are accepted */
  type?: OutputType;
  /** source text lookup for the `key:{…}` hint */
  sourceLine?: (line: number) => string | undefined;
  /** the names of the project's comparators (pixie.config `comparators`), also valid for `compare` */
  projectComparators?: readonly string[];
}

function problemAt(where: BlockWhere, segments: PathSegment[], part: 'key' | 'value', message: string): Finding {
  const line = where.lineOf(segments, part) ?? where.lineOf(segments, 'key');
  return finding('tolerance-invalid', {
    file: where.file,
    ...(line ? { line } : {}),
    path: formatPath(segments),
    message,
  });
}

/**
 * A 'tolerance'-kind option is either a numeric tolerance itself (`series: {abs: 0.01}`) or a map of
 * names to numeric tolerances (`columns: {amount: {abs: 0.01}}`); mixing both is allowed.
 */
function checkNestedTolerance(
  value: unknown,
  where: BlockWhere,
  segments: PathSegment[],
  label: string,
  problems: Finding[],
  depth = 0,
): Record<string, unknown> | undefined {
  if (!isPlainObject(value)) {
    problems.push(
      problemAt(
        where,
        segments,
        'value',
        `${label} must be a mapping such as { abs: 0.01 }${depth === 0 ? ' or { <name>: { abs: 0.01 } }' : ''}, got ${kindOf(value)}`,
      ),
    );
    return undefined;
  }
  const out: Record<string, unknown> = {};
  const seen = new Map<string, string>();
  for (const [k, v] of Object.entries(value)) {
    const at = [...segments, k];
    const canonical = NUMERIC_SYNONYMS[k];
    if (canonical) {
      const err = checkNonNegativeNumber(v, false);
      if (err) {
        problems.push(problemAt(where, at, 'value', `${label}.${k} ${err}`));
        continue;
      }
      const other = seen.get(canonical);
      if (other !== undefined) {
        problems.push(problemAt(where, at, 'key', synonymClash(other, k, label)));
        continue;
      }
      seen.set(canonical, k);
      out[canonical] = v;
    } else if (depth === 0 && isPlainObject(v)) {
      const inner = checkNestedTolerance(v, where, at, `${label}.${k}`, problems, depth + 1);
      if (inner) out[k] = inner;
    } else {
      const hint = didYouMean(k, Object.keys(NUMERIC_SYNONYMS));
      problems.push(
        problemAt(
          where,
          at,
          'key',
          hint
            ? `unknown key '${excerpt(k)}' in ${label}${hint}`
            : `unknown key '${excerpt(k)}' in ${label}; use abs or rel${depth === 0 ? ', or name: { abs: …, rel: … }' : ''}`,
        ),
      );
    }
  }
  return out;
}

function synonymClash(first: string, second: string, subject: string): string {
  return `'${first}' and '${second}' are the same setting for ${subject}; keep only one of them`;
}

/**
 * Validates one tolerance block (a tolerance.yaml entry or a fixture's `tolerance[key]`) against the
 * comparator that will read it. Pushes every problem found; returns the normalised block (synonyms
 * renamed to abs/rel, invalid entries dropped), or undefined when it is not a mapping at all.
 */
export function checkToleranceBlock(
  value: unknown,
  comparator: Comparator,
  where: BlockWhere,
  problems: Finding[],
): Tolerance | undefined {
  if (!isPlainObject(value)) {
    const line = where.lineOf(where.path, 'value') ?? where.lineOf(where.path, 'key');
    const hint = typeof value === 'string' ? colonSpaceHint(value, line ? where.sourceLine?.(line) : undefined) : null;
    const message =
      hint ??
      (value === null
        ? `the tolerance entry for ${where.subject} is empty; give it settings such as { abs: 0.005 } or remove it`
        : `the tolerance for ${where.subject} must be a mapping such as { abs: 0.005 }, got ${kindOf(value)}`);
    problems.push(
      finding('tolerance-invalid', {
        file: where.file,
        ...(line ? { line } : {}),
        path: formatPath(where.path),
        message,
      }),
    );
    return undefined;
  }
  // a project comparator reads its own options: they are passed to it as written (JSON values)
  const project = where.projectComparators ?? [];
  if (typeof value.compare === 'string' && project.includes(value.compare)) return { ...value } as Tolerance;
  const options = comparator.options;
  const allowedKeys = ['compare', 'abs', 'rel', 'atol', 'rtol', 'float_atol', 'float_rtol', ...Object.keys(options)];
  const out: Tolerance = {};
  const seen = new Map<string, string>();
  for (const [k, v] of Object.entries(value)) {
    const at = [...where.path, k];
    const canonical = NUMERIC_SYNONYMS[k];
    if (k === 'compare') {
      const modes = [
        ...(where.type && comparator.modesFor ? comparator.modesFor(where.type) : comparator.modes),
        'skip',
        ...project,
      ];
      if (typeof v !== 'string') {
        problems.push(
          problemAt(
            where,
            at,
            'value',
            `compare for ${where.subject} must be one of ${modes.join(', ')}; got ${kindOf(v)}`,
          ),
        );
      } else if (!modes.includes(v)) {
        const hint = didYouMean(v, modes);
        problems.push(
          problemAt(
            where,
            at,
            'value',
            hint
              ? `unknown compare mode '${v}' for ${where.subject}${hint}`
              : `unknown compare mode '${v}' for ${where.subject}; use one of ${modes.join(', ')}${project.length ? '' : ", or register a comparator of your own in pixie.config's comparators"}`,
          ),
        );
      } else out.compare = v;
    } else if (canonical) {
      const err = checkNonNegativeNumber(v, false);
      if (err) {
        problems.push(problemAt(where, at, 'value', `${k} for ${where.subject} ${err}`));
        continue;
      }
      const other = seen.get(canonical);
      if (other !== undefined) {
        problems.push(problemAt(where, at, 'key', synonymClash(other, k, where.subject)));
        continue;
      }
      seen.set(canonical, k);
      out[canonical] = v as number;
    } else if (Object.hasOwn(options, k)) {
      const kind = options[k]!;
      if (kind === 'tolerance') {
        const nested = checkNestedTolerance(v, where, at, k, problems);
        if (nested) out[k] = nested;
        continue;
      }
      const err = checkOptionValue(kind, v);
      if (err) problems.push(problemAt(where, at, 'value', `${k} for ${where.subject} ${err}`));
      else out[k] = v;
    } else {
      const line = where.lineOf(at, 'key');
      const hint = colonSpaceHint(k, line ? where.sourceLine?.(line) : undefined);
      const close = didYouMean(k, allowedKeys);
      problems.push(
        problemAt(
          where,
          at,
          'key',
          hint ??
            (close
              ? `unknown tolerance key '${excerpt(k)}' for ${where.subject}${close}`
              : `unknown tolerance key '${excerpt(k)}' for ${where.subject}; allowed keys: ${[...new Set(allowedKeys)].join(', ')}`),
        ),
      );
    }
  }
  // an option only some modes read, beside a mode that does not read it
  for (const [option, modes] of Object.entries(comparator.optionModes ?? {}))
    if (
      out[option] !== undefined &&
      typeof out.compare === 'string' &&
      out.compare !== 'skip' &&
      !modes.includes(out.compare)
    )
      problems.push(
        problemAt(
          where,
          [...where.path, option],
          'key',
          `${option} for ${where.subject} applies only with compare: ${modes[0]}, not ${out.compare}; use compare: ${modes[0]} or remove ${option}`,
        ),
      );
  return out;
}
