// reference-schemas/tolerance.schema.json (for editors) generated from the comparators, so the schema
// accepts exactly the keys, value kinds and compare modes the loader (block.ts, forms.ts) accepts for
// each output type. `npm run schemas` writes it; a test fails when the committed file differs.
import { comparatorFor } from '../comparators/index.js';
import type { OptionKind } from '../comparators/types.js';
import { OUTPUT_TYPES, type OutputType } from '../model/manifest.js';
import { NUMERIC_SYNONYMS } from './block.js';
import { POLICIES } from './config.js';

type Schema = Record<string, unknown>;

const NON_NEGATIVE: Schema = { type: 'number', minimum: 0 };

const NUMERIC_WORDS: Record<string, string> = {
  abs: 'Absolute tolerance: |actual − expected| ≤ abs passes.',
  rel: 'Relative tolerance: |actual − expected| ≤ rel × max(|actual|, |expected|) passes.',
  atol: 'Synonym of abs.',
  rtol: 'Synonym of rel.',
  float_atol: 'Synonym of abs (existing Pixie spelling).',
  float_rtol: 'Synonym of rel (existing Pixie spelling).',
};

function numericProperties(): Schema {
  return Object.fromEntries(
    Object.keys(NUMERIC_SYNONYMS).map((k) => [k, { ...NON_NEGATIVE, description: NUMERIC_WORDS[k] }]),
  );
}

/** Two spellings of one setting (abs and atol) in one block are an error, as in the loader. */
function oneSpellingEach(): Schema {
  const groups = ['abs', 'rel'].map((c) => Object.keys(NUMERIC_SYNONYMS).filter((k) => NUMERIC_SYNONYMS[k] === c));
  const pairs = groups.flatMap((g) => g.flatMap((a, i) => g.slice(i + 1).map((b) => ({ required: [a, b] }))));
  return { not: { anyOf: pairs } };
}

function optionSchema(kind: OptionKind): Schema {
  if (typeof kind === 'object') return { enum: [...kind.enum] };
  switch (kind) {
    case 'number':
      return { ...NON_NEGATIVE };
    case 'integer':
      return { type: 'integer', minimum: 0 };
    case 'boolean':
      return { type: 'boolean' };
    case 'string':
      return { type: 'string' };
    case 'string[]':
      return { type: 'array', items: { type: 'string' } };
    case 'fields':
      return {
        type: 'array',
        description:
          'Fields left out of the comparison: a name (at any depth), a dotted path or a JSON pointer; * is any array item.',
        items: { type: 'string', minLength: 1 },
      };
    case 'tolerance':
      return { $ref: '#/$defs/nested_tolerance' };
    case 'regions':
      return {
        type: 'array',
        description: 'Rectangles left out of the comparison: pixels for images, points (1/72 inch) for PDF pages.',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['x', 'y', 'width', 'height'],
          properties: {
            x: { type: 'number', minimum: 0 },
            y: { type: 'number', minimum: 0 },
            width: { type: 'number', exclusiveMinimum: 0 },
            height: { type: 'number', exclusiveMinimum: 0 },
            page: { type: 'integer', minimum: 1, description: 'PDF page from 1; absent means every page' },
          },
        },
      };
  }
}

/** The block one output type accepts: its comparator's modes and options, the numeric fields. */
function blockFor(type: OutputType): Schema {
  const comparator = comparatorFor(type);
  const modes = [...(comparator.modesFor ? comparator.modesFor(type) : comparator.modes), 'skip'];
  const options = Object.fromEntries(
    Object.entries(comparator.options)
      .filter(([k]) => !(k in NUMERIC_SYNONYMS))
      .map(([k, kind]) => [k, optionSchema(kind)]),
  );
  return {
    type: 'object',
    description: `Tolerance settings of the ${comparator.name} comparator.`,
    additionalProperties: false,
    properties: {
      compare: {
        enum: modes,
        description: `Comparison mode (default ${modes[0]}); skip leaves the output uncompared.`,
      },
      ...numericProperties(),
      ...options,
    },
    ...oneSpellingEach(),
  };
}

/** Output types whose blocks are identical share one `$defs` entry, named after the first of them. */
function blockNames(): Map<OutputType, string> {
  const first = new Map<string, OutputType>();
  const names = new Map<OutputType, string>();
  for (const t of OUTPUT_TYPES) {
    const text = JSON.stringify(blockFor(t));
    if (!first.has(text)) first.set(text, t);
    names.set(t, `block_${first.get(text)}`);
  }
  return names;
}

function typeBlocks(): Record<string, Schema> {
  const names = blockNames();
  return Object.fromEntries(
    OUTPUT_TYPES.filter((t) => names.get(t) === `block_${t}`).map((t) => [`block_${t}`, blockFor(t)]),
  );
}

/** `defaults:` of tolerance.yaml (and `tolerances:` of pixie.config): output type → that type's block. */
function defaultsSchema(description: string): Schema {
  return {
    type: ['object', 'null'],
    description,
    additionalProperties: false,
    properties: Object.fromEntries(
      OUTPUT_TYPES.map((t) => [
        t,
        { $ref: `#/$defs/${blockNames().get(t)}`, description: `Defaults for every \`${t}\` output.` },
      ]),
    ),
  };
}

function sharedDefs(): Record<string, Schema> {
  const numeric = {
    type: 'object',
    additionalProperties: false,
    properties: numericProperties(),
    ...oneSpellingEach(),
  };
  // a block for an output key whose type the schema cannot know: any type's block will do
  const distinct = [...new Set(blockNames().values())];
  return {
    any_block: {
      description:
        'Tolerance settings for one output: `compare` (the mode), `abs`/`rel` (or their synonyms) and the options of the comparator for its type. pixie checks the block against the output’s type, with "did you mean".',
      anyOf: distinct.map((name) => ({ $ref: `#/$defs/${name}` })),
    },
    numeric_tolerance: numeric,
    nested_tolerance: {
      type: 'object',
      description: 'A numeric tolerance ({ abs: 0.01 }) or names mapped to one ({ amount: { abs: 0.01 } }).',
      properties: numericProperties(),
      additionalProperties: { $ref: '#/$defs/numeric_tolerance' },
      ...oneSpellingEach(),
    },
  };
}

export function toleranceJsonSchema(): Schema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://pixie.dev/schemas/tolerance.schema.json',
    title: 'Pixie tolerances (reference/tolerance.yaml)',
    description:
      'How closely each output must match its fixture value. Two forms: the short form keyed by output key (`final_value: { abs: 0.005 }`), or the structured form of existing Pixie tools (`defaults` per output type, `overrides` per output key, `options`). A file may not mix them. Precedence, most specific first: a fixture’s `tolerance[key]`, the per-key entry, `defaults[type]`, the project’s `tolerances[type]` (pixie.config), the built-in default; merged per field. Generated from pixie’s comparators: the same keys, values and modes per type as pixie’s loader.',
    oneOf: [{ $ref: '#/$defs/structured' }, { $ref: '#/$defs/short' }],
    $defs: {
      short: {
        title: 'Short form',
        description: 'Output key → tolerance block. Keys must be declared outputs of the tool.',
        type: 'object',
        propertyNames: { not: { enum: ['defaults', 'overrides', 'options'] } },
        additionalProperties: { $ref: '#/$defs/any_block' },
      },
      structured: {
        title: 'Structured form',
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: {
          defaults: defaultsSchema(
            'Output type → tolerance block, applied to every output of that type, e.g. `number: { rtol: 1.0e-6, atol: 1.0e-9 }`.',
          ),
          overrides: {
            type: ['object', 'null'],
            description: 'Output key → tolerance block for that output. Keys must be declared outputs.',
            additionalProperties: { $ref: '#/$defs/any_block' },
          },
          options: {
            type: ['object', 'null'],
            additionalProperties: false,
            properties: {
              on_extra_output_key: {
                enum: [...POLICIES],
                default: 'warn',
                description: 'When /run returns a key the tool does not declare: warn (default), fail or ignore.',
              },
              on_missing_expected_key: {
                enum: [...POLICIES],
                default: 'fail',
                description: 'When /run lacks a key the fixture expects: fail (default), warn or ignore.',
              },
              truncate_diff_chars: {
                type: 'integer',
                minimum: 0,
                default: 400,
                description:
                  'Longest expected/actual text shown in human-readable reports (never truncated in --json).',
              },
            },
          },
        },
      },
      ...sharedDefs(),
      ...typeBlocks(),
    },
  };
}

/**
 * pixie.config's schema with its `tolerances` section generated: the same per-type blocks as
 * tolerance.yaml's `defaults`, with their `$defs` at the config schema's root so it stands alone.
 */
export function withProjectTolerances(configSchema: Schema): Schema {
  const properties = { ...(configSchema.properties as Schema) };
  properties.tolerances = {
    ...defaultsSchema(
      'Project-wide default tolerances per output type, e.g. `number: { abs: 0.005 }`. A tool’s tolerance.yaml and its fixtures override them; they override pixie’s built-in defaults.',
    ),
    type: 'object',
  };
  return { ...configSchema, properties, $defs: { ...sharedDefs(), ...typeBlocks() } };
}
