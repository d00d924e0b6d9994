import path from 'node:path';
import type { InputSpec } from '../model/manifest.js';
import { finding, type Finding } from '../model/finding.js';
import type { MessageTable } from '../util/message-table.js';
import type { Check } from './types.js';

/** Problems with one input start with where they are: "input 'x': …". */
const input = (key: string, problem: string): string => `input '${key}': ${problem}`;

const messages = {
  reserved: (key: string) => input(key, `the key '${key}' is reserved by the /run body; rename the input`),
  showIfMissing: (key: string, ref: string) => input(key, `show_if references missing key '${ref}'`),
  showIfSelf: (key: string) => input(key, 'show_if references the input itself'),
  hiddenWithoutDefault: (key: string) => input(key, 'hidden inputs need a default (the user cannot enter one)'),
  defaultNotAnOption: (key: string, value: unknown, options: unknown[]) =>
    input(
      key,
      `default ${JSON.stringify(value)} is not among the options (${options.map((o) => JSON.stringify(o)).join(', ')})`,
    ),
  defaultsNotOptions: (key: string, values: unknown[]) =>
    input(key, `default values ${JSON.stringify(values)} are not among the options`),
  repeatedOption: (key: string, value: string) => input(key, `option value ${value} appears more than once`),
  minOverMax: (key: string, min: number, max: number) => input(key, `min ${min} is greater than max ${max}`),
  badStep: (key: string, step: number) => input(key, `step must be positive (got ${step})`),
  belowMin: (key: string, value: number, min: number) => input(key, `default ${value} is below min ${min}`),
  aboveMax: (key: string, value: number, max: number) => input(key, `default ${value} is above max ${max}`),
  dateMinAfterMax: (key: string, min: string, max: string) => input(key, `min ${min} is after max ${max}`),
  minRowsOverMax: (key: string, min: number, max: number) =>
    input(key, `min_rows ${min} is greater than max_rows ${max}`),
  repeatedColumn: (key: string, column: string) => input(key, `duplicate column key '${column}'`),
  repeatedInput: (key: string) => `duplicate input key: '${key}'`,
  repeatedOutput: (key: string) => `duplicate output key: '${key}'`,
  badWorkspaceDefault: (value: string) => `workspace_default '${value}' is not an input key`,
  idNotFolder: (id: string, folder: string) =>
    `id '${id}' differs from the folder name '${folder}'; tools are found by folder, so keep them equal`,
  noOutputs: () => 'the tool declares no outputs',
  issues: (n: number, first: string) => `${n} schema coherence issue(s): ${first}`,
  coherent: (inputs: number, outputs: number) =>
    `${inputs} input(s), ${outputs} output(s); keys unique; show_if references valid`,
} satisfies MessageTable;

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
  const key = spec.key;
  if (RESERVED_INPUT_KEYS.includes(key)) out.push(messages.reserved(key));
  if (spec.show_if) {
    if (!inputKeys.has(spec.show_if.key)) out.push(messages.showIfMissing(key, spec.show_if.key));
    else if (spec.show_if.key === key) out.push(messages.showIfSelf(key));
  }
  const hasDefault = spec.default !== undefined && spec.default !== null;
  if (spec.type === 'hidden' && !hasDefault) out.push(messages.hiddenWithoutDefault(key));
  if ((spec.type === 'select' || spec.type === 'radio') && hasDefault && spec.options) {
    if (!spec.options.some((o) => o.value === spec.default))
      out.push(
        messages.defaultNotAnOption(
          key,
          spec.default,
          spec.options.map((o) => o.value),
        ),
      );
  }
  if (spec.type === 'multiselect' && Array.isArray(spec.default) && spec.options) {
    const bad = spec.default.filter((d) => !spec.options!.some((o) => o.value === d));
    if (bad.length) out.push(messages.defaultsNotOptions(key, bad));
  }
  if ((spec.type === 'select' || spec.type === 'radio' || spec.type === 'multiselect') && spec.options) {
    for (const d of duplicates(spec.options.map((o) => JSON.stringify(o.value))))
      out.push(messages.repeatedOption(key, d));
  }
  if (spec.type === 'number' || spec.type === 'slider') {
    if (isNum(spec.min) && isNum(spec.max) && spec.min > spec.max)
      out.push(messages.minOverMax(key, spec.min, spec.max));
    if (isNum(spec.step) && spec.step <= 0) out.push(messages.badStep(key, spec.step));
    const d = spec.default;
    const values = Array.isArray(d) ? d : [d];
    for (const v of values) {
      if (!isNum(v)) continue;
      if (isNum(spec.min) && v < spec.min) out.push(messages.belowMin(key, v, spec.min));
      if (isNum(spec.max) && v > spec.max) out.push(messages.aboveMax(key, v, spec.max));
    }
  }
  if (spec.type === 'date' && typeof spec.min === 'string' && typeof spec.max === 'string' && spec.min > spec.max) {
    out.push(messages.dateMinAfterMax(key, spec.min, spec.max));
  }
  if (spec.type === 'table' && isNum(spec.min_rows) && isNum(spec.max_rows) && spec.min_rows > spec.max_rows) {
    out.push(messages.minRowsOverMax(key, spec.min_rows, spec.max_rows));
  }
  if (spec.type === 'table' && spec.columns) {
    for (const d of duplicates(spec.columns.map((c) => c.key))) out.push(messages.repeatedColumn(key, d));
  }
  return out;
}

/** The line of `"key": "<key>"` in tool.json, to place a problem about that input or output. */
function lineOfKey(text: string | undefined, key: string): number | undefined {
  if (!text) return undefined;
  const at = text.search(new RegExp(`"key"\\s*:\\s*${JSON.stringify(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  return at < 0 ? undefined : text.slice(0, at).split('\n').length;
}

export const schemasCoherent: Check = {
  name: 'schemas_coherent',
  phase: 'contract',
  requires: ['tool_json_parses'],
  judgesFixtures: true,
  messages,
  run({ toolDir, state }) {
    const m = state.manifest!;
    const text = state.manifestLoad?.ok ? state.manifestLoad.text : undefined;
    const findings: Finding[] = [];
    const problem = (message: string, key?: string, path?: string) => {
      const line = key === undefined ? undefined : lineOfKey(text, key);
      findings.push(
        finding('incoherent-manifest', {
          file: 'tool.json',
          ...(line ? { line } : {}),
          ...(path ? { path } : {}),
          message,
        }),
      );
    };
    for (const k of duplicates(m.inputs.map((i) => i.key))) problem(messages.repeatedInput(k), k, 'inputs');
    for (const k of duplicates(m.outputs.map((o) => o.key))) problem(messages.repeatedOutput(k), k, 'outputs');
    const inputKeys = new Set(m.inputs.map((i) => i.key));
    m.inputs.forEach((spec, i) => {
      for (const p of inputProblems(spec, inputKeys)) problem(p, spec.key, `inputs[${i}]`);
    });
    if (typeof m.workspace_default === 'string' && !inputKeys.has(m.workspace_default)) {
      problem(messages.badWorkspaceDefault(m.workspace_default), undefined, 'workspace_default');
    }
    const folder = path.basename(toolDir);
    const warnings: Finding[] = [];
    if (m.id !== folder)
      warnings.push(
        finding('id-differs-from-folder', {
          file: 'tool.json',
          path: 'id',
          message: messages.idNotFolder(m.id, folder),
        }),
      );
    if (m.outputs.length === 0)
      warnings.push(finding('no-outputs', { file: 'tool.json', path: 'outputs', message: messages.noOutputs() }));
    const all = [...findings, ...warnings];
    if (findings.length) {
      return {
        status: 'fail',
        message: messages.issues(findings.length, findings[0]!.message),
        details: all.map((f) => f.message).join('\n'),
        findings: all,
      };
    }
    if (warnings.length)
      return {
        status: 'warn',
        message: warnings[0]!.message,
        details: warnings.map((f) => f.message).join('\n'),
        findings: warnings,
      };
    return {
      status: 'pass',
      message: messages.coherent(m.inputs.length, m.outputs.length),
    };
  },
};
