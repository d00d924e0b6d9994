// The two forms of tolerance.yaml, read into one config: the short form (top-level output keys) and
// the structured form of existing tools (defaults per output type / overrides per output key /
// options). Mixing the two, or a top-level key of neither, is a reported problem with its line.
import { excerpt } from '../source/excerpt.js';
import { finding, type Finding } from '../model/finding.js';
import type { LineOf } from '../source/lines.js';
import { formatPath, type PathSegment } from '../source/path.js';
import { OUTPUT_TYPES, type OutputType } from '../model/manifest.js';
import { suggest } from '../util/did-you-mean.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { checkToleranceBlock, type BlockWhere } from './block.js';
import { checkNonNegativeNumber } from './option-kind.js';
import { POLICIES, type Policy, type ToleranceConfig, type ToleranceContext } from './config.js';
import { colonSpaceHint, kindOf, notAnOutputMessage } from './words.js';

const STRUCTURED_KEYS = ['defaults', 'overrides', 'options'] as const;
const OPTION_KEYS = ['on_extra_output_key', 'on_missing_expected_key', 'truncate_diff_chars'] as const;

/** Where the document came from, for locating problems in it. */
export interface DocumentWhere {
  file: string;
  lineOf: LineOf;
  sourceLine: (line: number) => string | undefined;
}

/** Reads a tolerance.yaml mapping into `config`, pushing every problem; valid parts still come through. */
export function readToleranceForms(
  data: Record<string, unknown>,
  doc: DocumentWhere,
  ctx: ToleranceContext,
  config: ToleranceConfig,
  problems: Finding[],
): void {
  const { file, lineOf, sourceLine } = doc;
  const outputs = new Map(ctx.outputs.map((o) => [o.key, o]));
  const outputKeys = [...outputs.keys()];
  const where = (segments: PathSegment[], subject: string): BlockWhere => ({
    file,
    lineOf,
    projectComparators: ctx.projectComparators,
    path: segments,
    subject,
    sourceLine,
  });
  const problem = (segments: PathSegment[], part: 'key' | 'value', message: string): Finding => {
    const line = lineOf(segments, part);
    return finding('tolerance-invalid', { file, ...(line ? { line } : {}), path: formatPath(segments), message });
  };
  const hintFor = (segments: PathSegment[], key: string): string | null => {
    const line = lineOf(segments, 'key');
    return colonSpaceHint(key, line ? sourceLine(line) : undefined);
  };
  const perKey = (segments: PathSegment[], key: string, value: unknown, extraCandidates: readonly string[]) => {
    const spec = outputs.get(key);
    if (!spec) {
      problems.push(
        problem(segments, 'key', hintFor(segments, key) ?? notAnOutputMessage(key, outputKeys, extraCandidates)),
      );
      return;
    }
    const block = checkToleranceBlock(
      value,
      ctx.comparatorFor(spec.type),
      { ...where(segments, `${key} (${spec.type})`), type: spec.type },
      problems,
    );
    if (block) config.overrides[key] = block;
  };

  const top = Object.entries(data);
  const structured = top.some(([k]) => (STRUCTURED_KEYS as readonly string[]).includes(k));
  if (!structured) {
    config.form = 'short';
    for (const [key, value] of top) perKey([key], key, value, STRUCTURED_KEYS);
    return;
  }

  config.form = 'structured';
  for (const [key] of top) {
    if ((STRUCTURED_KEYS as readonly string[]).includes(key)) continue;
    if (outputs.has(key)) {
      problems.push(
        problem(
          [key],
          'key',
          `'${excerpt(key)}' is a short-form entry but this file also uses defaults/overrides/options; the two forms cannot be mixed, so move it under overrides:`,
        ),
      );
    } else {
      const close = suggest(key, STRUCTURED_KEYS);
      problems.push(
        problem(
          [key],
          'key',
          hintFor([key], key) ??
            (close
              ? `unknown top-level key '${excerpt(key)}' — did you mean '${close}'?`
              : `unknown top-level key '${excerpt(key)}'; the structured form allows only defaults, overrides and options`),
        ),
      );
    }
  }
  const section = (name: string): Record<string, unknown> | undefined => {
    const value = data[name];
    if (value === undefined || value === null) return undefined;
    if (isPlainObject(value)) return value;
    const line = lineOf([name], 'value');
    const hint = typeof value === 'string' ? colonSpaceHint(value, line ? sourceLine(line) : undefined) : null;
    problems.push(
      finding('tolerance-invalid', {
        file,
        ...(line ? { line } : {}),
        path: name,
        message: hint ?? `${name} must be a mapping, got ${kindOf(value)}`,
      }),
    );
    return undefined;
  };

  const defaults = section('defaults');
  for (const [type, value] of Object.entries(defaults ?? {})) {
    const segments = ['defaults', type];
    if (!(OUTPUT_TYPES as readonly string[]).includes(type)) {
      const close = suggest(type, OUTPUT_TYPES);
      problems.push(
        problem(
          segments,
          'key',
          hintFor(segments, type) ??
            (close
              ? `'${type}' is not an output type — did you mean '${close}'?`
              : `'${type}' is not an output type; defaults are keyed by output type (number, table, chart_line, …); per-output settings go under overrides`),
        ),
      );
      continue;
    }
    const block = checkToleranceBlock(
      value,
      ctx.comparatorFor(type as OutputType),
      { ...where(segments, `${type} outputs`), type: type as OutputType },
      problems,
    );
    if (block) config.defaults[type as OutputType] = block;
  }

  const overrides = section('overrides');
  for (const [key, value] of Object.entries(overrides ?? {})) perKey(['overrides', key], key, value, []);

  const options = section('options');
  for (const [key, value] of Object.entries(options ?? {})) {
    const segments = ['options', key];
    if (key === 'on_extra_output_key' || key === 'on_missing_expected_key') {
      if (typeof value === 'string' && (POLICIES as readonly string[]).includes(value))
        config.options[key] = value as Policy;
      else {
        const close = typeof value === 'string' ? suggest(value, POLICIES) : undefined;
        problems.push(
          problem(
            segments,
            'value',
            `${key} must be warn, fail or ignore, got ${kindOf(value)}${close ? ` — did you mean '${close}'?` : ''}`,
          ),
        );
      }
    } else if (key === 'truncate_diff_chars') {
      const err = checkNonNegativeNumber(value, true);
      if (err) problems.push(problem(segments, 'value', `truncate_diff_chars ${err}`));
      else config.options.truncate_diff_chars = value as number;
    } else {
      const close = suggest(key, OPTION_KEYS);
      problems.push(
        problem(
          segments,
          'key',
          hintFor(segments, key) ??
            (close
              ? `unknown option '${excerpt(key)}' — did you mean '${close}'?`
              : `unknown option '${excerpt(key)}'; allowed: ${OPTION_KEYS.join(', ')}`),
        ),
      );
    }
  }
}
