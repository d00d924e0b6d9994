// A negative fixture's `expected_status` and `expected_error` (docs/fixtures.md, negative fixtures):
// their shapes are the schema's; what the schema cannot say is checked here: an expected error needs
// an expected status, a fixture that expects a refusal asserts no outputs, and a regex must compile.
import type { Finding } from '../model/finding.js';
import type { ExpectedStatus } from '../model/report.js';
import type { PathSegment } from '../source/path.js';
import { excerpt } from '../source/excerpt.js';
import { isPlainObject } from '../util/is-plain-object.js';
import type { MessageTable } from '../util/message-table.js';

/** What the refusal's detail must say: text it contains, a regex found in it, or JSON it contains. */
export type ExpectedError =
  | { kind: 'text'; text: string }
  | { kind: 'regex'; source: string; flags: string }
  | { kind: 'subset'; subset: unknown };

export interface NegativeFields {
  /** the refusal the fixture expects, or null for an ordinary fixture */
  expected_status: ExpectedStatus | null;
  expected_error: ExpectedError | null;
}

type KeyProblem = (segments: PathSegment[], message: string) => Finding;

const messages = {
  errorWithoutStatus: () =>
    'expected_error says what a refusal must say, but the fixture expects no refusal; add "expected_status": 422 (or "4xx")',
  outputsWithStatus: (keys: string[]) =>
    `a fixture with expected_status expects the tool to refuse its inputs, so it asserts no outputs; remove expected_outputs (${keys.map((k) => `'${excerpt(k)}'`).join(', ')}) or expected_status`,
  badRegex: (error: string) => `expected_error.regex is not a valid regular expression (${excerpt(error, 120)})`,
} satisfies MessageTable;

export function negativeProblems(data: Record<string, unknown>, keyProblem: KeyProblem): Finding[] {
  const problems: Finding[] = [];
  const negative = data.expected_status !== undefined;
  if (data.expected_error !== undefined && !negative)
    problems.push(keyProblem(['expected_error'], messages.errorWithoutStatus()));
  const expected = isPlainObject(data.expected_outputs) ? Object.keys(data.expected_outputs) : [];
  if (negative && expected.length)
    problems.push(keyProblem(['expected_outputs'], messages.outputsWithStatus(expected)));
  const error = data.expected_error;
  if (isPlainObject(error) && typeof error.regex === 'string') {
    try {
      new RegExp(error.regex, typeof error.flags === 'string' ? error.flags : '');
    } catch (err) {
      problems.push(keyProblem(['expected_error', 'regex'], messages.badRegex((err as Error).message)));
    }
  }
  return problems;
}

/** The fields of a fixture that passed the schema and negativeProblems. */
export function negativeFields(data: Record<string, unknown>): NegativeFields {
  const status = data.expected_status;
  const error = data.expected_error;
  let expected_error: ExpectedError | null = null;
  if (typeof error === 'string') expected_error = { kind: 'text', text: error };
  else if (isPlainObject(error) && typeof error.regex === 'string')
    expected_error = { kind: 'regex', source: error.regex, flags: typeof error.flags === 'string' ? error.flags : '' };
  else if (isPlainObject(error) && Object.hasOwn(error, 'subset'))
    expected_error = { kind: 'subset', subset: error.subset };
  return {
    expected_status: typeof status === 'number' || status === '4xx' ? status : null,
    expected_error,
  };
}
