// A whole /run body against the declared outputs, with check 9's rules: every declared key present,
// no null (but progress), each value the shape its type promises. Check 9, --explore and fixtures
// that assert no outputs all judge a response this one way.
import type { OutputSpec } from '../model/manifest.js';
import { validateOutputValue } from './output-shape.js';

export interface ResponseProblem {
  /** the output the problem is in */
  key: string;
  message: string;
}

export function responseProblems(outputs: readonly OutputSpec[], body: Record<string, unknown>): ResponseProblem[] {
  const problems: ResponseProblem[] = [];
  for (const spec of outputs) {
    if (!Object.hasOwn(body, spec.key)) {
      problems.push({ key: spec.key, message: `missing output key: '${spec.key}'` });
      continue;
    }
    const value = body[spec.key];
    if (value === null && spec.type !== 'progress') {
      problems.push({ key: spec.key, message: `output '${spec.key}': value is null` });
      continue;
    }
    for (const p of validateOutputValue(spec.type, value))
      problems.push({ key: spec.key, message: `output '${spec.key}' (${spec.type}): ${p}` });
  }
  return problems;
}
