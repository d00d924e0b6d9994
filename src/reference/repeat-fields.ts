// A fixture's `repeat` and `pass_rate` (docs/fixtures.md): their types are the schema's; what the
// schema cannot say is checked here: a pass_rate needs repeats to judge, and names only outputs the
// fixture asserts.
import type { Finding } from '../model/finding.js';
import type { PathSegment } from '../source/path.js';
import { isPlainObject } from '../util/is-plain-object.js';

export interface RepeatFields {
  /** runs of the fixture (1 unless it declares repeat) */
  repeat: number;
  /** share of runs that must pass: one number for the fixture, or per output key; null: every run */
  pass_rate: number | Record<string, number> | null;
}

type KeyProblem = (segments: PathSegment[], message: string) => Finding;

export function repeatProblems(data: Record<string, unknown>, keyProblem: KeyProblem): Finding[] {
  const rate = data.pass_rate;
  if (rate === undefined) return [];
  const problems: Finding[] = [];
  if (typeof data.repeat !== 'number' || data.repeat < 2)
    problems.push(
      keyProblem(
        ['pass_rate'],
        'pass_rate judges repeated runs, but the fixture runs once; add "repeat": 20 (or any number ≥ 2)',
      ),
    );
  const expected = isPlainObject(data.expected_outputs) ? data.expected_outputs : {};
  if (isPlainObject(rate))
    for (const key of Object.keys(rate))
      if (!Object.hasOwn(expected, key))
        problems.push(
          keyProblem(
            ['pass_rate', key],
            `pass_rate names '${key}', which expected_outputs does not assert; name one of: ${Object.keys(expected).join(', ') || '(none)'}`,
          ),
        );
  return problems;
}

export function repeatFields(data: Record<string, unknown>): RepeatFields {
  const rate = data.pass_rate;
  return {
    repeat: typeof data.repeat === 'number' ? data.repeat : 1,
    pass_rate: typeof rate === 'number' ? rate : isPlainObject(rate) ? (rate as Record<string, number>) : null,
  };
}
