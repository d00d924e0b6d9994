// Sample inputs for check 8 (docs/checks.md, check 8): one plausible value per declared input,
// built only from the manifest by each input type's rule.
import { setOwn } from '../util/own.js';
import type { InputSpec, Manifest } from '../model/manifest.js';
import { inputTypeRule } from './index.js';

const CHAT_SAMPLE = {
  messages: [{ role: 'user', content: 'Validation probe message' }],
  history: [],
};

/** The value for one input, or `undefined` to leave the input out. */
function sampleFor(spec: InputSpec): unknown {
  if (spec.default !== undefined && spec.default !== null) return spec.default;
  if (spec.required === false) return undefined;
  return inputTypeRule(spec.type)?.sample(spec);
}

export function buildSampleInputs(manifest: Manifest): Record<string, unknown> {
  if (manifest.layout === 'chat') return { ...CHAT_SAMPLE };
  const inputs: Record<string, unknown> = {};
  for (const spec of manifest.inputs ?? []) {
    const value = sampleFor(spec);
    if (value !== undefined) setOwn(inputs, spec.key, value);
  }
  return inputs;
}
