// The editor schema for tolerance.yaml must be as strict as pixie's loader: the committed file is what
// the comparators generate, and for every output type the schema and the loader agree on every mode,
// option, value kind, typo and synonym clash.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { comparatorFor } from '../comparators/index.js';
import type { OptionKind } from '../comparators/types.js';
import type { Finding } from '../model/finding.js';
import { OUTPUT_TYPES, type OutputSpec, type OutputType } from '../model/manifest.js';
import { toleranceJsonSchema, withProjectTolerances } from './json-schema.js';
import { parseToleranceText } from './load.js';

const schemaFile = (name: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../reference-schemas/${name}`, import.meta.url)), 'utf8'));

const outputs: OutputSpec[] = OUTPUT_TYPES.map((t) => ({ key: `o_${t}`, type: t, label: t }));
const validate = new Ajv2020({ strict: false }).compile(schemaFile('tolerance.schema.json'));

function loaderAccepts(doc: unknown): boolean {
  const problems: Finding[] = [];
  parseToleranceText(stringify(doc), { outputs, comparatorFor }, problems);
  return problems.length === 0;
}

const modesOf = (t: OutputType) => {
  const c = comparatorFor(t);
  return [...(c.modesFor ? c.modesFor(t) : c.modes), 'skip'];
};
const ALL_MODES = [...new Set(OUTPUT_TYPES.flatMap(modesOf))];

function samples(kind: OptionKind): { good: unknown[]; bad: unknown[] } {
  if (typeof kind === 'object') return { good: [...kind.enum], bad: ['nope', 3] };
  switch (kind) {
    case 'number':
      return { good: [0, 0.5], bad: [-1, 'x', true] };
    case 'integer':
      return { good: [0, 3], bad: [1.5, -2, 'x'] };
    case 'boolean':
      return { good: [true, false], bad: ['yes', 1] };
    case 'string':
      return { good: ['a'], bad: [1, ['a']] };
    case 'string[]':
      return { good: [[], ['a', 'b']], bad: ['a', [1]] };
    case 'fields':
      return { good: [[], ['generated_at', 'meta.id', 'rows.*.id', '/meta/id']], bad: ['a', [1], ['']] };
    case 'tolerance':
      return {
        good: [{ abs: 0.1 }, { amount: { rel: 0.01 } }, { abs: 0.1, amount: { atol: 1 } }],
        bad: [3, { abss: 1 }, { amount: { abs: -1 } }, { amount: { abs: 1, atol: 1 } }, { a: { b: { abs: 1 } } }],
      };
    case 'regions':
      return {
        good: [[], [{ x: 0, y: 0, width: 10, height: 5 }], [{ x: 1, y: 2, width: 3, height: 4, page: 2 }]],
        bad: [
          { x: 0 },
          [{ x: 0, y: 0, width: 0, height: 5 }],
          [{ x: 0, y: 0, width: 1, height: 1, page: 0 }],
          [{ x: 0, y: 0, w: 1, height: 1 }],
          ['a'],
        ],
      };
  }
}

/** Blocks for one type: every mode, other types' modes, each option's good and bad values, typos, clashes. */
function blocksFor(t: OutputType): Record<string, unknown>[] {
  const blocks: Record<string, unknown>[] = [
    ...ALL_MODES.map((m) => ({ compare: m })),
    { compare: 'pixle' },
    { compare: 3 },
    { abs: 0.5 },
    { atol: 0.5, rel: 0.1 },
    { abs: -1 },
    { abs: 'x' },
    { abs: 1, atol: 1 },
    { rtol: 1, float_rtol: 1 },
    { abss: 1 },
    {},
  ];
  for (const [key, kind] of Object.entries(comparatorFor(t).options)) {
    const { good, bad } = samples(kind);
    for (const v of [...good, ...bad]) blocks.push({ [key]: v });
  }
  return blocks;
}

describe('tolerance.schema.json', () => {
  it('is what the comparators generate (run npm run schemas after changing one)', () => {
    expect(schemaFile('tolerance.schema.json')).toEqual(toleranceJsonSchema());
    const config = schemaFile('config.schema.json');
    expect(config).toEqual(withProjectTolerances(config));
  });

  it('agrees with the loader on every defaults block of every output type', () => {
    const disagreements: string[] = [];
    let cases = 0;
    for (const t of OUTPUT_TYPES) {
      for (const block of blocksFor(t)) {
        const doc = { defaults: { [t]: block } };
        cases++;
        const schema = validate(doc);
        const loader = loaderAccepts(doc);
        if (schema !== loader) disagreements.push(`${t} ${JSON.stringify(block)}: schema ${schema}, loader ${loader}`);
      }
    }
    expect(cases).toBeGreaterThan(800);
    expect(disagreements).toEqual([]);
  });

  it('in the short form, accepts what the loader accepts and rejects typos and modes no type has', () => {
    for (const t of OUTPUT_TYPES) {
      for (const block of blocksFor(t)) {
        const doc = { [`o_${t}`]: block };
        if (loaderAccepts(doc)) expect(validate(doc), `${t} ${JSON.stringify(block)}`).toBe(true);
      }
      expect(validate({ [`o_${t}`]: { abss: 1 } })).toBe(false);
      expect(validate({ [`o_${t}`]: { compare: 'pixle' } })).toBe(false);
    }
  });

  it('agrees with the loader on the structured form around the blocks', () => {
    const docs: unknown[] = [
      { options: { on_extra_output_key: 'fail', truncate_diff_chars: 10 } },
      { options: { on_extra_output_key: 'fial' } },
      { options: { truncate_diff_chars: -1 } },
      { options: { truncate: 1 } },
      { defaults: { numbr: { abs: 1 } } },
      { overrides: { o_number: { abs: 1 } }, defaults: { table: { compare: 'keyed', key: ['id'] } } },
      { defaults: { number: { abs: 1 } }, surplus: 1 },
    ];
    for (const doc of docs) expect(validate(doc), JSON.stringify(doc)).toBe(loaderAccepts(doc));
  });
});
