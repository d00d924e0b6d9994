// The space explore searches, built from tool.json alone: one fast-check record arbitrary over the
// declared inputs (every input that is not `required: false` always sent, as a form sends it), and
// the examples fast-check tries first, each the sample inputs with one input set to one of its
// special values, so every boundary and option is tried once whatever the seed.
import fc from 'fast-check';
import type { Manifest } from '../model/manifest.js';
import { buildSampleInputs } from '../inputs/sample-inputs.js';
import { type InputValues, valuesArbitrary, valuesFor } from './values.js';
import { ownValue, setOwn } from '../util/own.js';

export type Inputs = Record<string, unknown>;

export interface ExploreSpace {
  arbitrary: fc.Arbitrary<Inputs>;
  /** one-input changes of the base, in round-robin order across inputs */
  examples: Inputs[];
  /** check 8's sample inputs (with a value where a required one is blank): what a failing input is
   * compared with to name the inputs that matter, and what shrinking goes back to */
  sample: Inputs;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Keys whose value differs from the sample's (an omitted optional input uses its default: not a difference). */
export function offendingKeys(inputs: Inputs, sample: Inputs): string[] {
  return Object.keys(inputs).filter((k) => !same(inputs[k], sample[k]));
}

interface Field {
  key: string;
  values: InputValues | null;
  sample: unknown;
  optional: boolean;
}

function roundRobin(fields: Field[], base: Inputs): Inputs[] {
  const lists = fields.map((f) =>
    (f.values?.special ?? []).filter((v) => !same(v, f.sample)).map((v) => ({ ...base, [f.key]: v })),
  );
  const out: Inputs[] = [];
  for (let i = 0; i < Math.max(0, ...lists.map((l) => l.length)); i++)
    for (const list of lists) if (list[i]) out.push(list[i]!);
  return out;
}

/** Blank text or an empty list: check 8 sends these for required inputs without a default, explore does not. */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

function formSpace(manifest: Manifest, checkSample: Inputs): ExploreSpace {
  const fields: Field[] = [];
  const sample: Inputs = { ...checkSample };
  for (const spec of manifest.inputs ?? []) {
    const values = valuesFor(spec);
    // a required input needs a value: where the sample has none, the simplest special value stands in
    if (values && spec.required !== false && blank(ownValue(sample, spec.key)) && values.special.length)
      setOwn(sample, spec.key, values.special[0]);
    const value = ownValue(sample, spec.key);
    // nothing to send: a hidden input without a default, an input explore cannot vary and no sample
    if (!values && value === undefined) continue;
    fields.push({ key: spec.key, values, sample: value, optional: spec.required === false });
  }
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const f of fields) model[f.key] = f.values ? valuesArbitrary(f.values, f.sample) : fc.constant(f.sample);
  const requiredKeys = fields.filter((f) => !f.optional).map((f) => f.key);
  const arbitrary = fc.record(model, { requiredKeys }) as fc.Arbitrary<Inputs>;
  // the base sends what a form must send; optional inputs are left out, so the tool uses their default
  const base = Object.fromEntries(
    fields.filter((f) => !f.optional && f.sample !== undefined).map((f) => [f.key, f.sample]),
  );
  const examples = [...(same(base, sample) ? [] : [base]), ...roundRobin(fields, base)];
  return { arbitrary, examples, sample };
}

/** A chat tool gets a conversation, not its inputs: explore the message text. */
function chatSpace(sample: Inputs): ExploreSpace {
  const text = valuesFor({ key: 'content', label: 'message', type: 'textarea' })!;
  const conversation = (content: unknown): Inputs => ({ messages: [{ role: 'user', content }], history: [] });
  const first = (sample.messages as { content?: unknown }[] | undefined)?.[0]?.content;
  return {
    arbitrary: valuesArbitrary(text, first).map(conversation),
    examples: text.special.map(conversation),
    sample,
  };
}

export function exploreSpace(manifest: Manifest): ExploreSpace {
  const sample = buildSampleInputs(manifest);
  return manifest.layout === 'chat' ? chatSpace(sample) : formSpace(manifest, sample);
}
