// Judging a negative fixture's answer (docs/fixtures.md, negative fixtures): the tool must refuse
// the inputs with the expected status (one status, or any 4xx), and when the fixture says what the
// refusal must say, its `detail` must say it. A 2xx, a 5xx, another status, a crash or a hang fails,
// and the message shows what came back. Pass/fail only: a refusal is never partly right.
import type { ExpectedStatus, Status } from '../model/report.js';
import { excerpt } from '../source/excerpt.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { detachedSlice } from '../util/detached.js';
import type { MessageTable } from '../util/message-table.js';
import type { ExpectedError } from './negative-fields.js';

/** Characters of the answer's body the report keeps. */
const BODY_CHARS = 600;
/** Characters of a detail a message quotes. */
const DETAIL_CHARS = 200;
/**
 * Characters of a detail an expected error is looked for in. A detail is the tool's text, and a regex
 * is the fixture author's, so the text is bounded before a backtracking regex can spend long on it.
 */
const SEARCH_CHARS = 64 * 1024;

export const messages = {
  expected: (status: ExpectedStatus) => (status === '4xx' ? 'a refusal (HTTP 4xx)' : `a refusal (HTTP ${status})`),
  refused: (status: number, detail: string) => `refused with HTTP ${status} as expected: ${detail}`,
  accepted: (expected: string, status: number, body: string) =>
    `expected ${expected}, but the tool answered HTTP ${status}, accepting the inputs: ${body}`,
  serverError: (expected: string, status: number, detail: string) =>
    `expected ${expected}, but the tool answered HTTP ${status}, a server error rather than a refusal: ${detail}`,
  otherStatus: (expected: string, status: number, detail: string) =>
    `expected ${expected}, but the tool answered HTTP ${status}: ${detail}`,
  noAnswer: (expected: string, why: string) => `expected ${expected}, but ${why}`,
  wrongDetail: (status: number, wanted: string, detail: string) =>
    `refused with HTTP ${status} as expected, but its detail ${wanted}: ${detail}`,
  lacksText: (text: string) => `does not contain ${JSON.stringify(excerpt(text, 80))}`,
  lacksRegex: (source: string) => `has no match for /${excerpt(source, 80)}/`,
  lacksSubset: (subset: string) => `does not contain ${subset}`,
  empty: () => '(an empty body)',
} satisfies MessageTable;

export interface RefusalVerdict {
  status: Status;
  message: string;
  response?: { status: number; body: string };
}

/** The detail of a refusal: the body's `detail` when it is a JSON object with one, else the body (parsed when JSON). */
function detailValue(text: string): unknown {
  try {
    const body: unknown = JSON.parse(text);
    return isPlainObject(body) && Object.hasOwn(body, 'detail') ? body.detail : body;
  } catch {
    return text;
  }
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/** Whether `actual` contains `wanted`: an object's keys each hold a matching value, a list's items each match some item, else equal. */
export function containsSubset(actual: unknown, wanted: unknown): boolean {
  if (Array.isArray(wanted))
    return Array.isArray(actual) && wanted.every((w) => actual.some((a) => containsSubset(a, w)));
  if (isPlainObject(wanted))
    return (
      isPlainObject(actual) &&
      Object.keys(wanted).every((k) => Object.hasOwn(actual, k) && containsSubset(actual[k], wanted[k]))
    );
  return Object.is(actual, wanted) || (actual === 0 && wanted === 0);
}

/** Why the detail does not say what `error` asks, or null when it does. */
function detailProblem(detail: unknown, error: ExpectedError): string | null {
  const text = asText(detail).slice(0, SEARCH_CHARS);
  switch (error.kind) {
    case 'text':
      return text.includes(error.text) ? null : messages.lacksText(error.text);
    case 'regex':
      return new RegExp(error.source, error.flags).test(text) ? null : messages.lacksRegex(error.source);
    case 'subset':
      return containsSubset(detail, error.subset) ? null : messages.lacksSubset(excerpt(asText(error.subset), 120));
  }
}

const statusMatches = (expected: ExpectedStatus, got: number) =>
  expected === '4xx' ? got >= 400 && got <= 499 : got === expected;

/** The verdict on a negative fixture's answer. */
export function judgeRefusal(
  expected: ExpectedStatus,
  error: ExpectedError | null,
  res: { status: number; text: string },
): RefusalVerdict {
  const response = { status: res.status, body: detachedSlice(res.text, 0, BODY_CHARS) };
  const detail = detailValue(res.text);
  const shown = excerpt(asText(detail), DETAIL_CHARS) || messages.empty();
  const wanted = messages.expected(expected);
  if (statusMatches(expected, res.status)) {
    const problem = error ? detailProblem(detail, error) : null;
    return problem
      ? { status: 'fail', message: messages.wrongDetail(res.status, problem, shown), response }
      : { status: 'pass', message: messages.refused(res.status, shown), response };
  }
  const body = excerpt(res.text, DETAIL_CHARS) || messages.empty();
  if (res.status >= 200 && res.status <= 299)
    return { status: 'fail', message: messages.accepted(wanted, res.status, body), response };
  if (res.status >= 500) return { status: 'fail', message: messages.serverError(wanted, res.status, shown), response };
  return { status: 'fail', message: messages.otherStatus(wanted, res.status, shown), response };
}

/** The verdict when no answer came (a crash, a closed connection, a hang). */
export function noRefusal(expected: ExpectedStatus, why: string): RefusalVerdict {
  return { status: 'fail', message: messages.noAnswer(messages.expected(expected), why) };
}
