// tool.json's schema errors in words: each names the JSON pointer, the input or output it belongs to
// (its key and type) and the fix, with "did you mean" for near spellings and the keys a type takes.
import { excerpt } from '../source/excerpt.js';
import { INPUT_TYPES, OUTPUT_TYPES } from '../model/manifest.js';
import { finding, type Finding } from '../model/finding.js';
import { compileReferenceSchema, describeGot, describeTypes, loadReferenceSchema } from '../schema/ajv.js';
import type { LineOf } from '../source/lines.js';
import { escapePointer, pointerSegments } from '../source/path.js';
import { explainSchemaErrors, walk, type SchemaError } from '../source/schema-errors.js';
import { suggest } from '../util/did-you-mean.js';
import { isPlainObject } from '../util/is-plain-object.js';

const TOOL_SCHEMA = 'tool.schema.json';
const FILE = 'tool.json';

type SchemaObject = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> };

interface SpecContext {
  kind: 'input' | 'output';
  pointer: string;
  key?: string;
  type?: string;
  typeValid: boolean;
}

/** tool.json's problems against reference-schemas/tool.schema.json, once each, in document order. */
export function toolJsonSchemaProblems(raw: unknown, lineOf: LineOf): Finding[] {
  const validate = compileReferenceSchema(TOOL_SCHEMA);
  if (validate(raw)) return [];
  const linesOf = (pointer: string): number | undefined => lineOf(pointerSegments(pointer), 'value');
  const seen = new Set<string>();
  // a tool.json with 100,000 unknown keys is one problem told many times: the first ones, then a count
  let more = 0;
  const problems = explainSchemaErrors(validate.errors ?? [], raw, (error) => {
    if (seen.size >= LISTED_PROBLEMS) {
      more++;
      return undefined;
    }
    const problem = explain(error, raw, linesOf);
    if (!problem || seen.has(problem.message)) return undefined;
    seen.add(problem.message);
    return finding('schema', { file: FILE, ...problem });
  });
  // document order reads best; problems without a line (none today) go last
  problems.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
  if (more)
    problems.push(
      finding('schema', {
        file: FILE,
        message: `and ${more} more problem(s) like those above; fix them and run pixie lint again`,
      }),
    );
  return problems;
}

/** Schema problems of tool.json named one by one; past this, the rest are counted. */
const LISTED_PROBLEMS = 100;

function specContext(raw: unknown, pointer: string): SpecContext | undefined {
  const match = /^\/(inputs|outputs)\/(\d+)(?=\/|$)/.exec(pointer);
  if (!match) return undefined;
  const kind = match[1] === 'inputs' ? 'input' : 'output';
  const spec = walk(raw, match[0]).value;
  if (!isPlainObject(spec)) return undefined;
  const { key, type } = spec;
  const types: readonly string[] = kind === 'input' ? INPUT_TYPES : OUTPUT_TYPES;
  return {
    kind,
    pointer: match[0],
    key: typeof key === 'string' ? key : undefined,
    type: typeof type === 'string' ? type : undefined,
    typeValid: typeof type === 'string' && types.includes(type),
  };
}

function describeSpec(ctx: SpecContext): string {
  return `${ctx.kind}${ctx.key ? ` '${ctx.key}'` : ''} (${ctx.pointer})${ctx.typeValid ? ` of type ${ctx.type}` : ''}`;
}

function where(pointer: string): string {
  return pointer || 'the top level';
}

export function inWhere(pointer: string): string {
  return pointer ? `in ${pointer}` : 'at the top level';
}

function defs(): Record<string, SchemaObject> {
  return (loadReferenceSchema(TOOL_SCHEMA).$defs ?? {}) as Record<string, SchemaObject>;
}

/** Every key an input or output of this type may carry: the shared fields plus the type's own. */
function specKeys(kind: 'input' | 'output', type: string): string[] {
  const all = defs();
  return [...Object.keys(all[kind]?.properties ?? {}), ...Object.keys(all[`${kind}_${type}`]?.properties ?? {})];
}

function specPropertySchema(
  kind: 'input' | 'output',
  type: string | undefined,
  property: string,
): Record<string, unknown> | undefined {
  const all = defs();
  return all[kind]?.properties?.[property] ?? (type ? all[`${kind}_${type}`]?.properties?.[property] : undefined);
}

function placeholderFor(schema: Record<string, unknown> | undefined): string {
  if (!schema) return '<value>';
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const ref = typeof schema.$ref === 'string' ? schema.$ref : '';
  if (ref) return '{ … }';
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'number':
      return '<number>';
    case 'integer':
      return '<whole number>';
    case 'string':
      return '"…"';
    case 'boolean':
      return 'true | false';
    case 'array':
      return '[ … ]';
    case 'object':
      return '{ … }';
    default:
      return '<value>';
  }
}

type Located = { path: string; line: number | undefined; message: string };

function explain(
  error: SchemaError,
  raw: unknown,
  lineOf: (pointer: string) => number | undefined,
): Located | undefined {
  const { pointer, params } = error;
  const spec = specContext(raw, pointer);

  switch (error.keyword) {
    case 'if':
    case 'const': // only used inside `if`
      return undefined;

    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const key = String(params.additionalProperty ?? params.unevaluatedProperty);
      const keyPointer = `${pointer}/${escapePointer(key)}`;
      const line = lineOf(keyPointer) ?? lineOf(pointer);
      const isSpec = spec && spec.pointer === pointer;
      let allowed: string[];
      if (isSpec) {
        // the type's own fields are unknown until the type is right; the type error covers it
        if (!spec.typeValid) return undefined;
        allowed = specKeys(spec.kind, spec.type!);
        // a failing sibling drops the annotations of its branch, so valid keys show up here too
        if (allowed.includes(key)) return undefined;
      } else {
        allowed = Object.keys((error.parentSchema as SchemaObject | undefined)?.properties ?? {});
      }
      // a field of another type (x_label on a chart_bar) is a clearer story than a near spelling
      const otherTypes = isSpec
        ? (spec.kind === 'input' ? INPUT_TYPES : OUTPUT_TYPES).filter((t) => specKeys(spec.kind, t).includes(key))
        : [];
      // secrets take "description", and authors reach for "label" as on inputs
      const guess =
        key === 'label' && allowed.includes('description') && !allowed.includes('label')
          ? 'description'
          : suggest(key, allowed);
      let fix: string;
      if (isSpec && otherTypes.length) {
        fix = `only ${otherTypes.join(', ')} ${spec.kind}s take '${key}', not ${spec.type}; remove it${spec.kind === 'output' ? ' (a tool can return such settings inside the value instead)' : ''}`;
      } else if (guess) {
        fix = `did you mean '${guess}'?`;
      } else if (isSpec) {
        fix = `remove it (${spec.kind}s of type ${spec.type} take: ${allowed.join(', ')})`;
      } else {
        fix = `remove it (allowed here: ${allowed.join(', ')})`;
      }
      return { path: keyPointer, line, message: `unknown key '${excerpt(key)}' ${inWhere(pointer)} — ${fix}` };
    }

    case 'required': {
      const missing = String(params.missingProperty);
      const line = lineOf(pointer);
      if (spec && spec.pointer === pointer) {
        if (missing === 'type') {
          const count = spec.kind === 'input' ? INPUT_TYPES.length : OUTPUT_TYPES.length;
          return {
            path: pointer,
            line,
            message: `${describeSpec(spec)} needs 'type' — add "type": one of the ${count} ${spec.kind} types (see reference-schemas/tool.schema.json)`,
          };
        }
        const placeholder = placeholderFor(specPropertySchema(spec.kind, spec.type, missing));
        return {
          path: pointer,
          line,
          message: `${describeSpec(spec)} needs '${missing}' — add "${missing}": ${placeholder}`,
        };
      }
      const property = (error.parentSchema as SchemaObject | undefined)?.properties?.[missing];
      const owner = pointer ? `${pointer}` : `${FILE}`;
      return {
        path: pointer,
        line,
        message: `${owner} needs '${missing}'${pointer ? '' : ' at the top level'} — add "${missing}": ${placeholderFor(property)}`,
      };
    }

    case 'type': {
      const { value } = error;
      const expected = describeTypes(params.type);
      let fix = `change it to ${expected}`;
      const types = String(params.type);
      if (
        typeof value === 'string' &&
        /number|integer/.test(types) &&
        value.trim() !== '' &&
        Number.isFinite(Number(value))
      )
        fix = `remove the quotes: ${value.trim()}`;
      else if (typeof value === 'string' && /boolean/.test(types) && (value === 'true' || value === 'false'))
        fix = `remove the quotes: ${value}`;
      else if (typeof value === 'number' && /integer/.test(types) && !/number/.test(types))
        fix = `use a whole number, e.g. ${Math.round(value)}`;
      return {
        path: pointer,
        line: lineOf(pointer),
        message: `expected ${expected} at ${where(pointer)}, got ${describeGot(value)} — ${fix}`,
      };
    }

    case 'enum': {
      const { value } = error;
      const allowed = (params.allowedValues as unknown[]).map(String);
      const shown = typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
      const guess = typeof value === 'string' ? suggest(value, allowed) : undefined;
      const typeOf = /^\/(inputs|outputs)\/\d+\/type$/.exec(pointer);
      if (typeOf) {
        const kind = typeOf[1] === 'inputs' ? 'input' : 'output';
        const hint = guess ? `did you mean '${guess}'? ` : 'use one of the listed types ';
        return {
          path: pointer,
          line: lineOf(pointer),
          message: `unknown ${kind} type ${shown} at ${pointer} — ${hint}(see reference-schemas/tool.schema.json for the ${allowed.length} types)`,
        };
      }
      const hint = guess
        ? `did you mean '${guess}'? (allowed: ${allowed.join(', ')})`
        : `use one of ${allowed.join(', ')}`;
      return { path: pointer, line: lineOf(pointer), message: `invalid value ${shown} at ${where(pointer)} — ${hint}` };
    }

    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const comparison = String(params.comparison);
      const limit = params.limit;
      const { value } = error;
      return {
        path: pointer,
        line: lineOf(pointer),
        message: `${where(pointer)} is ${JSON.stringify(value)} but must be ${comparison} ${String(limit)} — change it`,
      };
    }

    case 'minLength':
      return { path: pointer, line: lineOf(pointer), message: `${where(pointer)} is empty — give it a value` };

    case 'minItems':
    case 'maxItems': {
      const count = Array.isArray(error.value) ? error.value.length : 0;
      const limit = Number(params.limit);
      const isCentre = /\/default_center$/.test(pointer);
      const want = isCentre
        ? 'exactly 2 numbers [latitude, longitude]'
        : `${error.keyword === 'minItems' ? 'at least' : 'at most'} ${limit} item(s)`;
      return {
        path: pointer,
        line: lineOf(pointer),
        message: `${where(pointer)} has ${count} item(s) but needs ${want} — fix the list`,
      };
    }

    default:
      return {
        path: pointer,
        line: lineOf(pointer),
        message: `${where(pointer)} ${error.message ?? 'is invalid'} — fix it to match reference-schemas/tool.schema.json`,
      };
  }
}
