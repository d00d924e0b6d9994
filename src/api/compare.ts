// compareValues() for programs (docs/api.md): one expected and one actual value of an output type,
// judged by the comparator `pixie validate` uses, under a tolerance checked like tolerance.yaml's.
import { comparatorFor } from '../comparators/index.js';
import { compareBounded } from '../comparators/bounded/bounded.js';
import { PixieError } from '../errors.js';
import type { Finding } from '../model/finding.js';
import type { OutputComparison } from '../model/report.js';
import { checkToleranceBlock } from '../tolerance/block.js';
import { emptyToleranceConfig } from '../tolerance/config.js';
import { resolveTolerance } from '../tolerance/resolve.js';
import { OUTPUT_TYPES, type OutputType } from '../model/manifest.js';
import { suggest } from '../util/did-you-mean.js';

export interface CompareInput {
  /** the output type, as in tool.json: number, table, chart_line, image, … */
  type: OutputType;
  expected: unknown;
  actual: unknown;
  /** a tolerance block as in tolerance.yaml ({ abs: 0.005 }, { compare: 'pixel' }); default: the type's built-in */
  tolerance?: Record<string, unknown>;
  /** the output's name in the result (default "value") */
  key?: string;
}

/** Compares two values of one output type; throws a PixieError for an unknown type or a bad tolerance. */
export async function compareValues(input: CompareInput): Promise<OutputComparison> {
  const { type, expected, actual } = input;
  const key = input.key ?? 'value';
  if (!(OUTPUT_TYPES as readonly string[]).includes(type)) {
    const close = suggest(String(type), OUTPUT_TYPES);
    throw new PixieError(
      'USAGE',
      `unknown output type '${String(type)}'${close ? ` — did you mean '${close}'?` : ''}`,
      `one of ${OUTPUT_TYPES.join(', ')}`,
    );
  }
  const comparator = comparatorFor(type);
  const problems: Finding[] = [];
  const block =
    input.tolerance === undefined
      ? undefined
      : checkToleranceBlock(
          input.tolerance,
          comparator,
          { file: 'tolerance', lineOf: () => undefined, path: [], subject: `${key} (${type})`, type },
          problems,
        );
  if (problems.length)
    throw new PixieError(
      'USAGE',
      `the tolerance for ${key} (${type}) cannot be used: ${problems.map((p) => p.message).join('; ')}`,
      'write it as in tolerance.yaml, e.g. { abs: 0.005 } (docs/tolerance.md)',
    );
  const tolerance = resolveTolerance(key, type, emptyToleranceConfig(), block, comparator);
  const result = await compareBounded(comparator, { key, type, expected, actual, tolerance });
  return { key, type, comparator: result.comparator ?? comparator.name, ...result };
}
