// The values a project comparator's module is called with, through its real child process: what
// Python tools send (NaN, the infinities, integers past 2^53) arrives as JavaScript numbers, not null.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JsonNumber } from '../util/json-number.js';
import { compareWithProject } from './comparator-process.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'pixie-cmp-values-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A module that answers with what it was given, as its message and in one difference. */
const ECHO = `export default (expected, actual, options) => ({
  pass: Object.is(expected.x, actual.x),
  message: [expected.x, actual.x, options.when, typeof expected.big].map(String).join(' '),
  differences: [{ path: 'x', message: 'as given', expected: expected.x, actual: actual.x }],
});
`;

function compare(expected: unknown, actual: unknown, options: Record<string, unknown> = {}) {
  const module = path.join(root, 'echo.mjs');
  writeFileSync(module, ECHO);
  return compareWithProject({ name: 'echo', module, root, expected, actual, options });
}

describe('project comparator values', () => {
  it('NaN and the infinities reach the module as numbers, and come back in its differences', async () => {
    const r = await compare({ x: Number.NaN, big: 1 }, { x: Number.NaN }, { when: Number.POSITIVE_INFINITY });
    expect(r.metric).toBe('NaN NaN Infinity number');
    expect(r.status).toBe('pass');
    const minus = await compare({ x: Number.NEGATIVE_INFINITY }, { x: Number.POSITIVE_INFINITY });
    expect(minus).toMatchObject({ status: 'fail', metric: '-Infinity Infinity undefined undefined' });
    expect(minus.differences).toEqual([
      { path: 'x', message: 'as given', expected: Number.NEGATIVE_INFINITY, actual: Number.POSITIVE_INFINITY },
    ]);
  });

  it('an integer past 2^53 arrives as the nearest double, as JSON.parse reads it', async () => {
    const r = await compare({ x: new JsonNumber('9007199254740993'), big: new JsonNumber('1e400') }, { x: 1 });
    expect(r.metric).toBe('9007199254740992 1 undefined number');
  });

  it('a string that merely starts like the mark stays a string', async () => {
    const r = await compare({ x: 'pixie-number:NaN' }, { x: 'pixie-number:NaN' });
    expect(r).toMatchObject({ status: 'pass', metric: 'pixie-number:NaN pixie-number:NaN undefined undefined' });
  });
});
