// Choices: one option (select, radio), several (multiselect), free tags, and true/false (checkbox, toggle).
import type { InputSpec } from '../model/manifest.js';
import { describe, needsValue, unique } from './kit.js';
import type { InputTypeRule } from './rule.js';

function optionValues(spec: InputSpec): unknown[] {
  return Array.isArray(spec.options)
    ? spec.options.map((o) => (o && typeof o === 'object' ? (o as { value?: unknown }).value : o))
    : [];
}

function listOptions(values: unknown[]): string {
  const shown = values.slice(0, 10).map((v) => JSON.stringify(v));
  return shown.join(', ') + (values.length > 10 ? `, … (${values.length} in all)` : '');
}

function optionProblem(spec: InputSpec, v: unknown): string | null {
  const values = optionValues(spec);
  if (values.length === 0 || values.some((o) => o === v)) return null;
  // 1 vs "1" is a common slip in hand-written fixtures; name it
  const loose = values.find((o) => String(o) === String(v));
  if (loose !== undefined)
    return `must be one of its options exactly; write ${JSON.stringify(loose)} instead of ${JSON.stringify(v)}`;
  return `must be one of its options (${listOptions(values)}), got ${describe(v)}`;
}

export const optionRule: InputTypeRule = {
  sample: (spec) => spec.options?.[0]?.value ?? null,
  check: optionProblem,
  correct(spec, value) {
    const values = optionValues(spec);
    if (value === null || values.some((o) => o === value)) return null;
    const loose = values.filter((o) => String(o) === String(value));
    return loose.length === 1 ? { value: loose[0] } : null;
  },
  explore: (spec) => ({ special: optionValues(spec), random: null }),
};

export const multiselectRule: InputTypeRule = {
  sample: () => [],
  check(spec, value) {
    if (!Array.isArray(value))
      return `must be a list of option values, got ${describe(value)}${optionValues(spec).length ? `; write [${JSON.stringify(value)}]` : ''}`;
    for (let i = 0; i < value.length; i++) {
      const p = optionProblem(spec, value[i]);
      if (p) return `[${i}] ${p}`;
    }
    return null;
  },
  explore(spec, fc) {
    const options = optionValues(spec);
    const least = needsValue(spec) && options.length ? 1 : 0;
    const special = unique([[], options.slice(0, 1), options.slice(-1), options]).filter(
      (v) => (v as unknown[]).length >= least,
    );
    return { special, random: fc.subarray(options, { minLength: least }) };
  },
};

export const tagsRule: InputTypeRule = {
  sample: () => [],
  check(_spec, value) {
    if (!Array.isArray(value)) return `must be a list of strings, got ${describe(value)}`;
    return value.every((t) => typeof t === 'string')
      ? null
      : `must be a list of strings, got ${describe(value.find((t) => typeof t !== 'string'))} in it`;
  },
  explore(spec, fc) {
    const least = needsValue(spec) ? 1 : 0;
    return {
      special: [[], ['tag'], ['Zoë', '東京'], Array.from({ length: 20 }, (_, i) => `tag${i}`)].slice(least),
      random: fc.array(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }), {
        minLength: least,
        maxLength: 10,
      }),
    };
  },
};

export const booleanRule: InputTypeRule = {
  sample: () => false,
  check(_spec, value) {
    if (typeof value === 'boolean') return null;
    if (value === 0 || value === 1 || value === 'true' || value === 'false') {
      return `must be true or false, got ${describe(value)}; write ${value === 1 || value === 'true' ? 'true' : 'false'}`;
    }
    return `must be true or false, got ${describe(value)}`;
  },
  correct(_spec, value) {
    if (value === 1 || value === 'true') return { value: true };
    if (value === 0 || value === 'false') return { value: false };
    return null;
  },
  explore: () => ({ special: [false, true], random: null }),
};
