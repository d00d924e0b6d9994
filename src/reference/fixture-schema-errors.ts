// A fixture's problems against reference-schemas/fixture.schema.json in words, each at the line of
// the key or value it is about. Tolerance blocks are left to the tolerance checker, which knows each
// comparator's options and says more.
import { excerpt } from '../source/excerpt.js';
import { finding, type Finding } from '../model/finding.js';
import { compileReferenceSchema, loadReferenceSchema } from '../schema/ajv.js';
import type { LineOf } from '../source/lines.js';
import { formatPath, type PathSegment } from '../source/path.js';
import { explainSchemaErrors, type SchemaError } from '../source/schema-errors.js';
import { kindOf } from '../tolerance/words.js';
import { suggest } from '../util/did-you-mean.js';
import type { MessageTable } from '../util/message-table.js';

const FIXTURE_SCHEMA = 'fixture.schema.json';

const messages = {
  expectedStatus: (got: string) =>
    `'expected_status' must be an HTTP status from 400 to 499, or "4xx" for any refusal, got ${got}`,
  expectedError: () =>
    `'expected_error' must be text the refusal's detail contains, {"regex": "…"} (with "flags": "i" if wanted) or {"subset": <JSON the detail contains>}`,
} satisfies MessageTable;

const TYPE_WORDS: Record<string, string> = {
  object: 'an object',
  array: 'a list',
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  null: 'null',
};

/** Every schema problem in a fixture, once each (same path and sentence), in Ajv's order. */
export function fixtureSchemaProblems(data: unknown, lineOf: LineOf, file: string): Finding[] {
  const validate = compileReferenceSchema(FIXTURE_SCHEMA);
  if (validate(data)) return [];
  const fixtureKeys = Object.keys((loadReferenceSchema(FIXTURE_SCHEMA).properties ?? {}) as Record<string, unknown>);
  const seen = new Set<string>();
  // a file with 100,000 unknown keys is one problem told many times: the first ones, then a count
  let listed = 0;
  let more = 0;
  const found = explainSchemaErrors(validate.errors ?? [], data, (e) => {
    if (listed >= LISTED_PROBLEMS) {
      more++;
      return undefined;
    }
    const p = explain(e, lineOf, file, fixtureKeys);
    if (!p) return undefined;
    const id = `${p.path ?? ''}\u0000${p.message}`;
    if (seen.has(id)) return undefined;
    seen.add(id);
    listed++;
    return p;
  });
  if (!more) return found;
  const rest = `and ${more} more problem(s) like those above in this file; fix them and run pixie lint again`;
  return [...found, finding('schema', { file, message: rest })];
}

/** Schema problems of one fixture named one by one; past this, the rest are counted. */
const LISTED_PROBLEMS = 100;

function explain(e: SchemaError, lineOf: LineOf, file: string, fixtureKeys: readonly string[]): Finding | undefined {
  const { segments } = e;
  // tolerance blocks are checked per comparator, with better messages
  if (segments[0] === 'tolerance' && segments.length > 1) return undefined;
  const at = (segs: PathSegment[], part: 'key' | 'value', message: string): Finding => {
    const line = lineOf(segs, part);
    return finding('schema', { file, ...(line ? { line } : {}), path: formatPath(segs), message });
  };
  const where = segments.length ? `'${formatPath(segments)}'` : 'the fixture';
  // a oneOf fails in each branch: one sentence says what the field may be
  if (segments[0] === 'expected_status')
    return at(
      ['expected_status'],
      'value',
      messages.expectedStatus(segments.length === 1 ? kindOf(e.value) : 'an invalid value'),
    );
  if (segments[0] === 'expected_error') return at(['expected_error'], 'value', messages.expectedError());
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String(e.params.additionalProperty);
      const close = suggest(key, fixtureKeys);
      return at(
        [...segments, key],
        'key',
        close
          ? `unknown key '${excerpt(key)}' — did you mean '${close}'?`
          : `unknown key '${excerpt(key)}'; a fixture allows only ${fixtureKeys.filter((k) => k !== '$schema').join(', ')} (put notes in "description")`,
      );
    }
    case 'required': {
      const key = String(e.params.missingProperty);
      const what =
        key === 'name'
          ? '"name": "<a display name>"'
          : key === 'inputs'
            ? '"inputs": { <input key>: <value>, … }'
            : key === 'expected_outputs'
              ? '"expected_outputs": { <output key>: <expected value>, … }'
              : `"${key}"`;
      return at(segments, 'key', `missing required key '${key}'; add ${what}`);
    }
    case 'type': {
      const types = String(e.params.type).split(',');
      const words = types.map((t) => TYPE_WORDS[t] ?? t).join(' or ');
      return at(segments, 'value', `${where} must be ${words}, got ${kindOf(e.value)}`);
    }
    case 'minLength':
      return at(segments, 'value', `${where} must not be empty`);
    case 'exclusiveMinimum':
    case 'minimum':
      return at(
        segments,
        'value',
        `${where} must be ${e.keyword === 'minimum' ? '≥' : '>'} ${String(e.params.limit)}, got ${String(e.value)}`,
      );
    default:
      return at(segments, 'value', `${where} ${e.message ?? 'is invalid'}; see reference-schemas/${FIXTURE_SCHEMA}`);
  }
}
