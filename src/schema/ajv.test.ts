import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { INPUT_TYPES, OUTPUT_TYPES } from '../model/manifest.js';
import {
  compileReferenceSchema,
  describeGot,
  describeTypes,
  getAjv,
  loadReferenceSchema,
  referenceSchemaUrl,
} from './ajv.js';

describe('reference schema loader', () => {
  it('resolves files relative to the repository, not the working directory', () => {
    const url = referenceSchemaUrl('tool.schema.json');
    expect(url.protocol).toBe('file:');
    expect(url.pathname.endsWith('/reference-schemas/tool.schema.json')).toBe(true);
  });

  it('compiles once and caches', () => {
    const a = compileReferenceSchema('outputs/text.schema.json');
    expect(compileReferenceSchema('outputs/text.schema.json')).toBe(a);
    expect(getAjv()).toBe(getAjv());
  });

  it('has one output schema per output type and nothing else', () => {
    const files = readdirSync(fileURLToPath(referenceSchemaUrl('outputs/'))).filter((f) => f.endsWith('.schema.json'));
    expect(files.map((f) => f.replace('.schema.json', '')).sort()).toEqual([...OUTPUT_TYPES].sort());
  });

  it('tool.schema.json names exactly the 28 input and 39 output types of model/manifest.ts', () => {
    const defs = loadReferenceSchema('tool.schema.json').$defs as Record<
      string,
      { properties: { type: { enum: string[] } } }
    >;
    expect(defs.input!.properties.type.enum).toEqual([...INPUT_TYPES]);
    expect(defs.output!.properties.type.enum).toEqual([...OUTPUT_TYPES]);
    for (const t of INPUT_TYPES) expect(defs[`input_${t}`], t).toBeDefined();
    for (const t of OUTPUT_TYPES) expect(defs[`output_${t}`], t).toBeDefined();
  });

  it('every reference schema compiles under strict schema checking (no misspelt keywords)', () => {
    const strict = new Ajv2020({
      strictSchema: true,
      strictTypes: false,
      strictRequired: false,
      strictTuples: false,
      allErrors: true,
    });
    const names = ['tool.schema.json', ...OUTPUT_TYPES.map((t) => `outputs/${t}.schema.json`)];
    for (const name of names) expect(() => strict.compile(loadReferenceSchema(name)), name).not.toThrow();
  });
});

describe('message helpers', () => {
  it('describes ajv type parameters in words', () => {
    expect(describeTypes('number')).toBe('a number');
    expect(describeTypes(['integer', 'null'])).toBe('a whole number or null');
    expect(describeTypes('string,number,boolean')).toBe('a string, a number or a boolean');
    expect(describeTypes('boolean')).toBe('true or false');
  });

  it('shows short values in "got"', () => {
    expect(describeGot('5')).toBe('string "5"');
    expect(describeGot(null)).toBe('null');
    expect(describeGot([1])).toBe('array');
    expect(describeGot(1.5)).toBe('number 1.5');
  });
});
