// `pixie lint --coverage`: the fixture coverage of inputs (docs/fixtures.md, coverage): the select and radio
// options, checkbox and toggle states and the ends of a number's or slider's range that no fixture's
// inputs exercise, one info line each. A fixture that leaves an input out exercises its default;
// negative fixtures (expected_status) send inputs outside tool.json on purpose and do not count.
import { finding, type Finding } from '../model/finding.js';
import type { InputSpec, Manifest } from '../model/manifest.js';
import { excerpt } from '../source/excerpt.js';
import type { MessageTable } from '../util/message-table.js';

const messages = {
  option: (key: string, value: unknown) =>
    `no fixture sets input '${excerpt(key)}' to its option ${JSON.stringify(value)}`,
  state: (key: string, value: boolean) => `no fixture sets input '${excerpt(key)}' to ${value}`,
  end: (key: string, which: 'min' | 'max', value: number) =>
    `no fixture sets input '${excerpt(key)}' to the ${which === 'min' ? 'low' : 'high'} end of its range (${which} ${value})`,
  fix: () => 'add a fixture with that input, so a change in how the tool handles it is caught',
} satisfies MessageTable;

type Covered = { inputs: Record<string, unknown>; expected_status: unknown };

/** Values of `spec` to exercise, each with its sentence. */
function wanted(spec: InputSpec): { value: unknown; message: string }[] {
  const s = spec as InputSpec & { min?: unknown; max?: unknown; options?: unknown };
  switch (spec.type) {
    case 'select':
    case 'radio':
      return (Array.isArray(s.options) ? s.options : [])
        .map((o) => (o && typeof o === 'object' ? (o as { value?: unknown }).value : o))
        .filter((v) => v !== undefined)
        .map((v) => ({ value: v, message: messages.option(spec.key, v) }));
    case 'checkbox':
    case 'toggle':
      return [true, false].map((v) => ({ value: v, message: messages.state(spec.key, v) }));
    case 'number':
    case 'slider':
      return (['min', 'max'] as const)
        .filter((w) => typeof s[w] === 'number')
        .map((w) => ({ value: s[w], message: messages.end(spec.key, w, s[w] as number) }));
    default:
      return [];
  }
}

export function uncoveredInputs(manifest: Manifest, fixtures: readonly Covered[]): Finding[] {
  const positive = fixtures.filter((f) => f.expected_status === null || f.expected_status === undefined);
  if (positive.length === 0) return [];
  const out: Finding[] = [];
  (manifest.inputs ?? []).forEach((spec, i) => {
    const used = positive.map((f) => (Object.hasOwn(f.inputs, spec.key) ? f.inputs[spec.key] : spec.default));
    for (const w of wanted(spec))
      if (!used.some((u) => Object.is(u, w.value) || (u === 0 && w.value === 0)))
        out.push(
          finding('input-not-covered', {
            file: 'tool.json',
            path: `inputs[${i}]`,
            message: w.message,
            fix: messages.fix(),
          }),
        );
  });
  return out;
}
