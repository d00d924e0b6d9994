import path from 'node:path';
import type { InputSpec } from '../model/manifest.js';
import { finding, type Finding } from '../model/finding.js';
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
  if (RESERVED_INPUT_KEYS.includes(spec.key))
    out.push(`${where}: the key '${spec.key}' is reserved by the /run body; rename the input`);
  if (spec.show_if) {
    if (!inputKeys.has(spec.show_if.key)) out.push(`${where}: show_if references missing key '${spec.show_if.key}'`);
    else if (spec.show_if.key === spec.key) out.push(`${where}: show_if references the input itself`);
  }
  const hasDefault = spec.default !== undefined && spec.default !== null;
  if (spec.type === 'hidden' && !hasDefault)
    out.push(`${where}: hidden inputs need a default (the user cannot enter one)`);
  if ((spec.type === 'select' || spec.type === 'radio') && hasDefault && spec.options) {
    if (!spec.options.some((o) => o.value === spec.default))
      out.push(
        `${where}: default ${JSON.stringify(spec.default)} is not among the options (${spec.options.map((o) => JSON.stringify(o.value)).join(', ')})`,
      );
  }
  if (spec.type === 'multiselect' && Array.isArray(spec.default) && spec.options) {
    const bad = spec.default.filter((d) => !spec.options!.some((o) => o.value === d));
    if (bad.length) out.push(`${where}: default values ${JSON.stringify(bad)} are not among the options`);
  }
  if ((spec.type === 'select' || spec.type === 'radio' || spec.type === 'multiselect') && spec.options) {
    for (const d of duplicates(spec.options.map((o) => JSON.stringify(o.value))))
      out.push(`${where}: option value ${d} appears more than once`);
  }
  if (spec.type === 'number' || spec.type === 'slider') {
    if (isNum(spec.min) && isNum(spec.max) && spec.min > spec.max)
      out.push(`${where}: min ${spec.min} is greater than max ${spec.max}`);
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
    for (const k of duplicates(m.inputs.map((i) => i.key))) problem(`duplicate input key: '${k}'`, k, 'inputs');
    for (const k of duplicates(m.outputs.map((o) => o.key))) problem(`duplicate output key: '${k}'`, k, 'outputs');
    const inputKeys = new Set(m.inputs.map((i) => i.key));
    m.inputs.forEach((spec, i) => {
      for (const p of inputProblems(spec, inputKeys)) problem(p, spec.key, `inputs[${i}]`);
    });
    if (typeof m.workspace_default === 'string' && !inputKeys.has(m.workspace_default)) {
      problem(`workspace_default '${m.workspace_default}' is not an input key`, undefined, 'workspace_default');
    }
    const folder = path.basename(toolDir);
    const warnings: Finding[] = [];
    if (m.id !== folder)
      warnings.push(
        finding('id-differs-from-folder', {
          file: 'tool.json',
          path: 'id',
          message: `id '${m.id}' differs from the folder name '${folder}'; tools are found by folder, so keep them equal`,
        }),
      );
    if (m.outputs.length === 0)
      warnings.push(
        finding('no-outputs', { file: 'tool.json', path: 'outputs', message: 'the tool declares no outputs' }),
      );
    const all = [...findings, ...warnings];
    if (findings.length) {
      return {
        status: 'fail',
        message: `${findings.length} schema coherence issue(s): ${findings[0]!.message}`,
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
      message: `${m.inputs.length} input(s), ${m.outputs.length} output(s); keys unique; show_if references valid`,
    };
  },
};
