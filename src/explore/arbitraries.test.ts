import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkInputValue } from '../inputs/input-values.js';
import { INPUT_TYPES, type InputSpec, type Manifest } from '../model/manifest.js';
import { exploreSpace, offendingKeys, type Inputs } from './arbitraries.js';

const options = [
  { value: 'a', label: 'A' },
  { value: 2, label: 'Two' },
  { value: true, label: 'Yes' },
];

/** One input of every type, with the fields that bound them. */
const EVERY_TYPE: InputSpec[] = [
  { key: 'text', type: 'text', label: 't', max_length: 5 },
  { key: 'textarea', type: 'textarea', label: 't' },
  { key: 'number', type: 'number', label: 'n', min: -3, max: 7.5, step: 0.5 },
  { key: 'unbounded', type: 'number', label: 'n' },
  { key: 'slider', type: 'slider', label: 's', min: 1, max: 50, step: 1, default: 10 },
  { key: 'span', type: 'slider', label: 's', min: 0, max: 1, range: true },
  { key: 'select', type: 'select', label: 's', options },
  { key: 'multiselect', type: 'multiselect', label: 'm', options },
  { key: 'checkbox', type: 'checkbox', label: 'c' },
  { key: 'toggle', type: 'toggle', label: 'c', required: false },
  { key: 'radio', type: 'radio', label: 'r', options, default: 2 },
  { key: 'date', type: 'date', label: 'd', min: '2020-01-01', max: '2020-12-31' },
  { key: 'time', type: 'time', label: 't' },
  { key: 'datetime', type: 'datetime', label: 't' },
  { key: 'date_range', type: 'date_range', label: 'd' },
  { key: 'file', type: 'file', label: 'f' },
  { key: 'image', type: 'image', label: 'f' },
  { key: 'audio', type: 'audio', label: 'f' },
  { key: 'colour', type: 'colour', label: 'c' },
  { key: 'json', type: 'json', label: 'j' },
  { key: 'code', type: 'code', label: 'c', max_length: 0 },
  { key: 'markdown', type: 'markdown', label: 'm', required: false },
  { key: 'tags', type: 'tags', label: 't' },
  { key: 'autocomplete', type: 'autocomplete', label: 'a', endpoint: '/x' },
  {
    key: 'table',
    type: 'table',
    label: 't',
    min_rows: 1,
    max_rows: 3,
    columns: [
      { key: 'name', label: 'Name', type: 'text' },
      { key: 'qty', label: 'Qty', type: 'number' },
      { key: 'ok', label: 'OK', type: 'boolean' },
      { key: 'on', label: 'On', type: 'date' },
    ],
  },
  { key: 'map_point', type: 'map_point', label: 'm', default_center: [51.5, -0.1] },
  { key: 'map_bbox', type: 'map_bbox', label: 'm' },
  { key: 'map_polygon', type: 'map_polygon', label: 'm' },
  { key: 'map_multipoint', type: 'map_multipoint', label: 'm' },
  { key: 'hidden', type: 'hidden', label: 'h', default: 'x' },
];

const manifest = (inputs: InputSpec[], extra: Partial<Manifest> = {}): Manifest => ({
  id: 't',
  name: 't',
  inputs,
  outputs: [{ key: 'y', type: 'number', label: 'y' }],
  ...extra,
});

const exampleTool = (name: string): Manifest =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../../tools', name, 'tool.json'), 'utf8')) as Manifest;

/** What the fixture loader would say about these inputs: every problem, or none. */
function problems(m: Manifest, inputs: Inputs): string[] {
  const specs = new Map(m.inputs.map((s) => [s.key, s]));
  const out: string[] = [];
  for (const [k, v] of Object.entries(inputs)) {
    const spec = specs.get(k);
    if (!spec) out.push(`${k}: not an input`);
    else {
      const p = checkInputValue(spec, v);
      if (p) out.push(`${k} = ${JSON.stringify(v).slice(0, 80)}: ${p}`);
      // required means a form insists on a value: no blank text, no empty selection
      const blank = (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
      const listOrText = ['text', 'textarea', 'code', 'markdown', 'autocomplete', 'multiselect', 'tags'];
      if (spec.required !== false && listOrText.includes(spec.type) && blank && spec.max_length !== 0)
        out.push(`${k}: required but blank`);
    }
  }
  for (const s of m.inputs)
    if (s.required !== false && s.type !== 'hidden' && !(s.key in inputs)) out.push(`${s.key}: required but missing`);
  return out;
}

describe('exploreSpace', () => {
  const tools = [
    'compound-interest',
    'invoice-pdf',
    'gradient-image',
    'tone-generator',
    'word-stream',
    'city-distances',
  ];
  const manifests: [string, Manifest][] = [
    ['every input type', manifest(EVERY_TYPE)],
    ...tools.map((t): [string, Manifest] => [t, exampleTool(t)]),
  ];

  it('holds an input of every input type to the rules', () => {
    expect(INPUT_TYPES.filter((t) => !EVERY_TYPE.some((s) => s.type === t))).toEqual([]);
  });

  it.each(manifests)('generates only inputs tool.json allows (%s)', (_name, m) => {
    const space = exploreSpace(m);
    for (const example of space.examples) expect(problems(m, example)).toEqual([]);
    fc.assert(
      fc.property(space.arbitrary, (inputs) => {
        expect(problems(m, inputs)).toEqual([]);
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it('tries every boundary, option and checkbox state once, each changing one input of the sample', () => {
    const m = manifest([
      { key: 'rate', type: 'number', label: 'r', min: -10, max: 10, step: 0.5, default: 5 },
      { key: 'mode', type: 'select', label: 'm', options, default: 'a' },
      { key: 'flag', type: 'checkbox', label: 'f', default: false },
      { key: 'rows', type: 'table', label: 't', columns: [{ key: 'x', label: 'X', type: 'number' }] },
      { key: 'note', type: 'text', label: 'n', required: false },
    ]);
    const space = exploreSpace(m);
    const tried = (key: string) => space.examples.filter((e) => offendingKeys(e, space.sample).join() === key);
    const values = (key: string) => tried(key).map((e) => e[key]);
    expect(values('rate')).toEqual(expect.arrayContaining([0, -10, 10, -9.5, 9.5, -1, 1]));
    expect(values('mode')).toEqual([2, true]);
    expect(values('flag')).toEqual([true]);
    // the sample table is empty (no min_rows), so one row is what differs
    expect(values('rows')).toEqual(expect.arrayContaining([[{ x: 0 }], [{ x: -1_000_000 }]]));
    const notes = values('note') as string[];
    expect(notes).toEqual(expect.arrayContaining(['', 'Zoë café — 東京 🚀']));
    expect(Math.max(...notes.map((n) => n.length))).toBe(10_000);
    // every example differs from the sample in exactly one input
    expect(space.examples.every((e) => offendingKeys(e, space.sample).length === 1)).toBe(true);
  });

  it('leaves out only inputs declared required: false, and shrinks a failure to the one input that causes it', async () => {
    const m = manifest([
      { key: 'a', type: 'number', label: 'a', min: -100, max: 100, default: 3 },
      { key: 'b', type: 'number', label: 'b', min: -100, max: 100, default: 4 },
      { key: 'mode', type: 'radio', label: 'm', options, default: 'a' },
      { key: 'extra', type: 'text', label: 'e', required: false },
    ]);
    const space = exploreSpace(m);
    const result = await fc.check(
      fc.asyncProperty(space.arbitrary, async (inputs) => inputs.a !== 0),
      { seed: 11, numRuns: 500 },
    );
    expect(result.failed).toBe(true);
    const found = result.counterexample![0];
    expect(found).toEqual({ a: 0, b: 4, mode: 'a' });
    expect(offendingKeys(found, space.sample)).toEqual(['a']);
  });

  it('explores the message of a chat tool', () => {
    const space = exploreSpace(manifest([], { layout: 'chat' }));
    const messages = space.examples.map((e) => (e.messages as { content: string }[])[0]!.content);
    expect(messages).toContain('Zoë café — 東京 🚀');
    expect(messages.filter((m) => m.trim() === '')).toEqual([]);
    fc.assert(
      fc.property(space.arbitrary, (inputs) => {
        expect(Object.keys(inputs)).toEqual(['messages', 'history']);
      }),
      { numRuns: 20 },
    );
  });
});
