// Judging a negative fixture's answer (docs/fixtures.md, negative fixtures): the tool must refuse
// the inputs with the expected status (one status, or any 4xx), and when the fixture says what the
// refusal must say, its `detail` must say it. A 2xx, a 5xx, another status, a crash or a hang fails,
// and the message shows what came back. Pass/fail only: a refusal is never partly right.
import vm from 'node:vm';
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
/** Characters of a detail an expected error is looked for in (a detail is the tool's text). */
const SEARCH_CHARS = 64 * 1024;
/**
 * How long a fixture's regex may run on one detail. A regex written in a fixture can backtrack for
 * ever on the right text, and no length cap prevents that (`(a+)+$` needs only ~30 characters), so
 * it runs in a vm context with V8's own timeout, which interrupts the match itself. By hand rather
 * than a safe-regex library: a timeout is exact where a static "is this regex safe" guess is not.
 */
const REGEX_MS = 1000;

const messages = {
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
  regexTooSlow: (source: string) =>
    `could not be searched: /${excerpt(source, 80)}/ ran over ${REGEX_MS / 1000} s on it (a regex that backtracks; simplify it)`,
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
    case 'regex': {
      const found = boundedTest(error.source, error.flags, text);
      if (found === 'timeout') return messages.regexTooSlow(error.source);
      return found ? null : messages.lacksRegex(error.source);
    }
    case 'subset':
      return containsSubset(detail, error.subset) ? null : messages.lacksSubset(excerpt(asText(error.subset), 120));
  }
}

/** `new RegExp(source, flags).test(text)`, or 'timeout' when it runs over REGEX_MS. */
export function boundedTest(source: string, flags: string, text: string): boolean | 'timeout' {
  try {
    return (
      vm.runInNewContext('new RegExp(source, flags).test(text)', { source, flags, text }, { timeout: REGEX_MS }) ===
      true
    );
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return 'timeout';
    return false; // the loader compiled it already (negative-fields.ts); nothing else can throw here
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
