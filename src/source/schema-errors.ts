// Ajv's errors made ready for a sentence: where the failing value is (as a pointer and as segments),
// the value itself, and Ajv's parameters. Each file kind words them in its own voice (tool.json in
// tool/manifest-schema-errors.ts, fixtures in reference/fixture-schema-errors.ts, /run values in
// tool/output-shape.ts); this is the part they share.
import type { ErrorObject } from '../schema/ajv.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { pointerSegments, type PathSegment } from './path.js';

export interface SchemaError {
  /** Ajv's keyword, or 'anyOfRequired' for an anyOf whose branches each only name required fields */
  keyword: string;
  /** JSON pointer of the failing value, '' for the whole document */
  pointer: string;
  /** the same path; a segment is a number where the value there is an array */
  segments: PathSegment[];
  /** the value at `pointer` (undefined when it is missing) */
  value: unknown;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
  /** Ajv's own wording, for keywords no voice explains */
  message?: string;
  /** for 'anyOfRequired': the fields of each branch, any one of which would do */
  alternatives?: string[][];
}

/**
 * Every error in Ajv's order, each passed to `say`; undefined answers are dropped. An anyOf whose
 * branches each just name required fields becomes one 'anyOfRequired' error first, so it can read as
 * one "needs a or b" sentence instead of a list of failed branches.
 */
export function explainSchemaErrors<T>(
  errors: readonly ErrorObject[],
  data: unknown,
  say: (error: SchemaError) => T | undefined,
): T[] {
  const out: T[] = [];
  const consumed = new Set<ErrorObject>();
  for (const error of errors) {
    if (error.keyword !== 'anyOf') continue;
    const prefix = `${error.schemaPath}/`;
    const inner = errors.filter((e) => e.instancePath === error.instancePath && e.schemaPath.startsWith(prefix));
    if (!inner.length || !inner.every((e) => e.keyword === 'required')) continue;
    const branches = new Map<string, string[]>();
    for (const e of inner) {
      const branch = e.schemaPath.slice(prefix.length).split('/')[0]!;
      branches.set(branch, [
        ...(branches.get(branch) ?? []),
        String((e.params as { missingProperty: string }).missingProperty),
      ]);
      consumed.add(e);
    }
    consumed.add(error);
    const said = say({ ...schemaError(error, data), keyword: 'anyOfRequired', alternatives: [...branches.values()] });
    if (said !== undefined) out.push(said);
  }
  for (const error of errors) {
    if (consumed.has(error)) continue;
    const said = say(schemaError(error, data));
    if (said !== undefined) out.push(said);
  }
  return out;
}

function schemaError(error: ErrorObject, data: unknown): SchemaError {
  const { segments, value } = walk(data, error.instancePath);
  return {
    keyword: error.keyword,
    pointer: error.instancePath,
    segments,
    value,
    params: error.params as Record<string, unknown>,
    ...(isPlainObject(error.parentSchema) ? { parentSchema: error.parentSchema } : {}),
    ...(error.message !== undefined ? { message: error.message } : {}),
  };
}

/** The value at a pointer, and the pointer's segments typed by the containers they index. */
export function walk(data: unknown, pointer: string): { segments: PathSegment[]; value: unknown } {
  const segments: PathSegment[] = [];
  let value = data;
  for (const segment of pointerSegments(pointer)) {
    segments.push(Array.isArray(value) && /^\d+$/.test(segment) ? Number(segment) : segment);
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[segment] : undefined;
  }
  return { segments, value };
}
