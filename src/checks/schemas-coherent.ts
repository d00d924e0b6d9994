import path from 'node:path';
import type { InputSpec } from '../tool/manifest-types.js';
import type { Check } from './types.js';

const RESERVED_INPUT_KEYS = ['run_id', 'inputs'];

function duplicates(keys: string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const k of keys) (seen.has(k) ? dup : seen).add(k);
  return [...dup];
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function inputProblems(spec: InputSpec, inputKeys: Set<string>): string[] {
  const out: string[] = [];
  const where = `input '${spec.key}'`;
  if (RESERVED_INPUT_KEYS.includes(spec.key)) out.push(`${where}: the key '${spec.key}' is reserved by the /run body; rename the input`);
  if (spec.show_if) {
    if (!inputKeys.has(spec.show_if.key)) out.push(`${where}: show_if references missing key '${spec.show_if.key}'`);
    else if (spec.show_if.key === spec.key) out.push(`${where}: show_if references the input itself`);
  }
  const hasDefault = spec.default !== undefined && spec.default !== null;
  if (spec.type === 'hidden' && !hasDefault) out.push(`${where}: hidden inputs need a default (the user cannot enter one)`);
  if ((spec.type === 'select' || spec.type === 'radio') && hasDefault && spec.options) {
    if (!spec.options.some((o) => o.value === spec.default)) out.push(`${where}: default ${JSON.stringify(spec.default)} is not among the options (${spec.options.map((o) => JSON.stringify(o.value)).join(', ')})`);
  }
  if (spec.type === 'multiselect' && Array.isArray(spec.default) && spec.options) {
    const bad = spec.default.filter((d) => !spec.options!.some((o) => o.value === d));
    if (bad.length) out.push(`${where}: default values ${JSON.stringify(bad)} are not among the options`);
  }
  if ((spec.type === 'select' || spec.type === 'radio' || spec.type === 'multiselect') && spec.options) {
    for (const d of duplicates(spec.options.map((o) => JSON.stringify(o.value)))) out.push(`${where}: option value ${d} appears more than once`);
  }
  if ((spec.type === 'number' || spec.type === 'slider')) {
    if (isNum(spec.min) && isNum(spec.max) && spec.min > spec.max) out.push(`${where}: min ${spec.min} is greater than max ${spec.max}`);
    if (isNum(spec.step) && spec.step <= 0) out.push(`${where}: step must be positive (got ${spec.step})`);
    const d = spec.default;
    const values = Array.isArray(d) ? d : [d];
    for (const v of values) {
      if (!isNum(v)) continue;
      if (isNum(spec.min) && v < spec.min) out.push(`${where}: default ${v} is below min ${spec.min}`);
      if (isNum(spec.max) && v > spec.max) out.push(`${where}: default ${v} is above max ${spec.max}`);
    }
  }
  if (spec.type === 'date' && typeof spec.min === 'string' && typeof spec.max === 'string' && spec.min > spec.max) {
    out.push(`${where}: min ${spec.min} is after max ${spec.max}`);
  }
  if (spec.type === 'table' && isNum(spec.min_rows) && isNum(spec.max_rows) && spec.min_rows > spec.max_rows) {
    out.push(`${where}: min_rows ${spec.min_rows} is greater than max_rows ${spec.max_rows}`);
  }
  if (spec.type === 'table' && spec.columns) {
    for (const d of duplicates(spec.columns.map((c) => c.key))) out.push(`${where}: duplicate column key '${d}'`);
  }
  return out;
}

export const schemasCoherent: Check = {
  number: 3,
  name: 'schemas_coherent',
  requires: [2],
  run({ toolDir, state }) {
    const m = state.manifest!;
    const problems: string[] = [];
    const warnings: string[] = [];
    for (const k of duplicates(m.inputs.map((i) => i.key))) problems.push(`duplicate input key: '${k}'`);
    for (const k of duplicates(m.outputs.map((o) => o.key))) problems.push(`duplicate output key: '${k}'`);
    const inputKeys = new Set(m.inputs.map((i) => i.key));
    for (const spec of m.inputs) problems.push(...inputProblems(spec, inputKeys));
    if (typeof m.workspace_default === 'string' && !inputKeys.has(m.workspace_default)) {
      problems.push(`workspace_default '${m.workspace_default}' is not an input key`);
    }
    const folder = path.basename(toolDir);
    if (m.id !== folder) warnings.push(`id '${m.id}' differs from the folder name '${folder}'; tools are found by folder, so keep them equal`);
    if (m.outputs.length === 0) warnings.push('the tool declares no outputs');
    if (problems.length) {
      return { status: 'fail', message: `${problems.length} schema coherence issue(s): ${problems[0]}`, details: [...problems, ...warnings].join('\n') };
    }
    if (warnings.length) return { status: 'warn', message: warnings[0]!, details: warnings.join('\n') };
    return { status: 'pass', message: `${m.inputs.length} input(s), ${m.outputs.length} output(s); keys unique; show_if references valid` };
  },
};
