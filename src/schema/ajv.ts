// One Ajv instance for every JSON Schema in reference-schemas/ (tool, fixture, tolerance, report,
// outputs/<type>). Schemas are read and compiled on first use and cached by file name, so importing
// this module costs nothing and each schema compiles once per process. Ajv itself (its compiler and
// ajv-formats) is required only when a schema has to be compiled here: the built CLI loads the
// validators scripts/build.mjs generated, and evaluating Ajv's ~300 KB for nothing cost every
// `pixie validate` ~8 ms.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';

const requireHere = createRequire(import.meta.url);

let ajv: Ajv2020 | undefined;
const schemaCache = new Map<string, Record<string, unknown>>();
const validatorCache = new Map<string, ValidateFunction>();

/**
 * The shared instance. allErrors so one run lists every problem; verbose so error messages can read
 * the failing sub-schema (allowed keys for "did you mean"); strict off because reference schemas carry
 * editor-only keywords (markdownDescription and friends) that Ajv's strict mode rejects.
 */
export function getAjv(): Ajv2020 {
  if (!ajv) {
    const ajvModule = requireHere('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
    const addFormats = requireHere('ajv-formats') as typeof import('ajv-formats').default;
    ajv = new ajvModule.Ajv2020({ allErrors: true, verbose: true, strict: false });
    addFormats(ajv);
  }
  return ajv;
}

/** URL of a file under reference-schemas/, e.g. referenceSchemaUrl('outputs/table.schema.json'). */
export function referenceSchemaUrl(relativePath: string): URL {
  return new URL(`../../reference-schemas/${relativePath}`, import.meta.url);
}

/** The parsed JSON of a reference schema (cached; treat it as read-only). */
export function loadReferenceSchema(relativePath: string): Record<string, unknown> {
  let schema = schemaCache.get(relativePath);
  if (!schema) {
    const file = fileURLToPath(referenceSchemaUrl(relativePath));
    schema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    schemaCache.set(relativePath, schema);
  }
  return schema;
}

/** The validator scripts/build.mjs generated for dist/ (absent when running from src/). */
function precompiled(relativePath: string): ValidateFunction | undefined {
  const file = new URL(`./compiled/${relativePath.replace(/\.json$/, '.cjs')}`, import.meta.url);
  if (!existsSync(file)) return undefined;
  const mod = requireHere(fileURLToPath(file)) as ValidateFunction | { default: ValidateFunction };
  return typeof mod === 'function' ? mod : mod.default;
}

/** A compiled validator for a reference schema, compiled once per process (or loaded prebuilt). */
export function compileReferenceSchema(relativePath: string): ValidateFunction {
  let validate = validatorCache.get(relativePath);
  if (!validate) {
    validate = precompiled(relativePath) ?? getAjv().compile(loadReferenceSchema(relativePath));
    validatorCache.set(relativePath, validate);
  }
  return validate;
}

export type { ErrorObject, ValidateFunction };

/** JSON type name of a value as users read it in messages: null, array, object, string, number, boolean. */
function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const ARTICLE: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** Ajv's `type` parameter ("integer", ["number", "null"] or "number,null") in words: "a number or null". */
export function describeTypes(types: unknown): string {
  const names = (Array.isArray(types) ? types : String(types).split(',')).map(String);
  const list = names.map((t) => (t === 'boolean' && names.length > 1 ? 'a boolean' : (ARTICLE[t] ?? t)));
  return list.length <= 1 ? (list[0] ?? 'a value') : `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}`;
}

/** "got …" part of a type error: the JSON type, plus the value itself when it is short. */
export function describeGot(value: unknown): string {
  const type = jsonTypeOf(value);
  if (type === 'string') {
    const s = value as string;
    return s.length <= 40 ? `string ${JSON.stringify(s)}` : 'string';
  }
  if (type === 'number' || type === 'boolean') return `${type} ${String(value)}`;
  return type;
}
